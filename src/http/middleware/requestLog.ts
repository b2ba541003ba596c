import { randomUUID } from 'node:crypto';
import type { Middleware } from 'koa';
import type { BrapiContextExtras, BrapiState } from '../types.js';

const SAFE_ID = /^[\w.-]{1,64}$/;

/** Gives every request an id (X-Request-Id, echoed back) and logs one JSON line per request with its latency. */
export function requestLog(): Middleware<BrapiState, BrapiContextExtras> {
  return async function requestLog(ctx, next) {
    const started = process.hrtime.bigint();
    const incoming = ctx.get('x-request-id');
    ctx.state.requestId = SAFE_ID.test(incoming) ? incoming : randomUUID();
    ctx.state.status = [];
    ctx.set('X-Request-Id', ctx.state.requestId);
    try {
      await next();
    } finally {
      // Not even built when no transport takes info lines (LOG_LEVEL=warn and above, the benchmark): winston would
      // pass the entry through its stream to drop it, about 0.1 ms a request.
      if (ctx.services.logger.isInfoEnabled()) logRequest(ctx, started);
    }
  };
}

function logRequest(ctx: Parameters<Middleware<BrapiState, BrapiContextExtras>>[0], started: bigint): void {
  const ms = Number(process.hrtime.bigint() - started) / 1e6;
  ctx.services.logger.info('request', {
    requestId: ctx.state.requestId,
    method: ctx.method,
    path: ctx.path,
    status: ctx.status,
    ms: Math.round(ms * 10) / 10,
  });
}
