import type { Middleware } from 'koa';
import { MethodNotAllowedError, NotFoundError } from '../../errors.js';
import type { BrapiContextExtras, BrapiRouter, BrapiState } from '../types.js';

/**
 * Runs after the router: a request nothing answered is a 405 when its path exists under another method
 * (with an Allow header listing the methods that do), else a 404.
 */
export function notFound(routers: BrapiRouter[]): Middleware<BrapiState, BrapiContextExtras> {
  return async function notFound(ctx, next) {
    await next();
    if (ctx.body !== undefined || ctx.status !== 404) return;
    const allowed = new Set<string>();
    for (const router of routers) {
      for (const layer of router.match(ctx.path, ctx.method).path) layer.methods.forEach((m) => allowed.add(m));
    }
    allowed.delete('HEAD');
    if (allowed.size) throw new MethodNotAllowedError([...allowed].sort());
    throw new NotFoundError(`No such path: ${ctx.method} ${ctx.path}`);
  };
}
