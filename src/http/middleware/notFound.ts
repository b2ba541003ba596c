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
    const layers = routers.flatMap((router) => router.match(ctx.path, ctx.method).path).filter((l) => l.methods.length);
    // A fixed path (/seedlots/transactions) is its own resource: the methods of a sibling that would read it as a
    // DbId (/seedlots/{seedLotDbId}) are not its methods (routeCheck answers them 405 too).
    const fixed = layers.filter((l) => !l.paramNames.length);
    const allowed = new Set<string>((fixed.length ? fixed : layers).flatMap((l) => l.methods));
    allowed.delete('HEAD');
    if (allowed.size) throw new MethodNotAllowedError([...allowed].sort());
    throw new NotFoundError(`No such path: ${ctx.method} ${ctx.path}`);
  };
}
