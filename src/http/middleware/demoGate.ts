import type { Middleware } from 'koa';
import { NotReadyError } from '../../errors.js';
import type { BrapiContextExtras, BrapiState } from '../types.js';

/**
 * While the demo data loads, every BrAPI call but /serverinfo answers 503 with Retry-After and the step being
 * loaded: half a demo (germplasm without their parents) must never be served as if it were whole.
 */
export function demoGate(basePath: string): Middleware<BrapiState, BrapiContextExtras> {
  const open = new Set([`${basePath}/serverinfo`]);
  return async function demoGate(ctx, next) {
    const loading = ctx.services.demo?.describe();
    if (loading && !open.has(ctx.path)) throw new NotReadyError(loading);
    await next();
  };
}
