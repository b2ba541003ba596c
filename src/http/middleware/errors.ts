import type { Middleware } from 'koa';
import { HttpError } from '../../errors.js';
import type { BrapiContextExtras, BrapiState } from '../types.js';

/**
 * The one place errors become HTTP: typed errors keep their status and message, Koa's own client errors (body
 * parser: malformed JSON, too large) keep theirs, everything else is a generic 500 whose cause goes to the log.
 * Bodies are plain text, as BrAPI asks.
 */
export function errorHandler(): Middleware<BrapiState, BrapiContextExtras> {
  return async function errorHandler(ctx, next) {
    try {
      await next();
    } catch (err) {
      const e = err as Error & { status?: number; expose?: boolean };
      let status = 500;
      let message = `Internal server error (request ${ctx.state.requestId}).`;
      let headers: Record<string, string> = {};
      if (e instanceof HttpError) {
        ({ status, message, headers } = e);
      } else if (e.status && e.status >= 400 && e.status < 500) {
        status = e.status;
        message = clientMessage(e, ctx.services.config.maxBodyBytes);
      } else {
        ctx.services.logger.error('request failed', { requestId: ctx.state.requestId, error: e.stack ?? String(e) });
      }
      ctx.status = status;
      ctx.set(headers);
      ctx.type = 'text/plain; charset=utf-8';
      ctx.body = message;
    }
  };
}

function clientMessage(e: Error & { type?: string; expose?: boolean }, maxBodyBytes: number): string {
  if (e instanceof SyntaxError || e.type === 'entity.parse.failed') return 'The body is not valid JSON.';
  if (e.type === 'entity.too.large') return `The body is larger than this server accepts (at most ${maxBodyBytes} bytes, BRAPI_MAX_BODY_BYTES).`;
  return e.expose ? e.message : 'Bad request.';
}
