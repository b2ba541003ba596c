import type { Middleware } from 'koa';
import { BadRequestError, MethodNotAllowedError } from '../../errors.js';
import { loadSpec } from '../../openapi/spec.js';
import type { BrapiContextExtras, BrapiState } from '../types.js';

interface Layer {
  path: string;
  methods: string[];
  paramNames: unknown[];
}

/**
 * Checks a request against the route that will answer it, before any handler runs:
 * - a path that is a fixed route under other methods (PUT /seedlots/transactions) is a 405 with Allow, not a read
 *   of the record with DbId "transactions" through the /seedlots/{seedLotDbId} route;
 * - the query string must fit the route's OpenAPI operation (400 naming the parameter and what was expected).
 *   Routes outside the spec (extensions) have nothing to check.
 */
export function routeCheck(basePath: string): Middleware<BrapiState, BrapiContextExtras> {
  const spec = loadSpec();
  return async function routeCheck(ctx, next) {
    const matched = ((ctx as unknown as { matched?: Layer[] }).matched ?? []).filter((l) => l.methods.length);
    // The first matching route answers (handlers do not fall through).
    const route = matched.find((layer) => layer.methods.includes(ctx.method));
    const fixed = matched.filter((layer) => !layer.paramNames.length);
    if (route?.paramNames.length && fixed.length) {
      throw new MethodNotAllowedError([...new Set(fixed.flatMap((l) => l.methods).filter((m) => m !== 'HEAD'))].sort());
    }
    if (route) {
      const specPath = route.path.slice(basePath.length).replace(/:(\w+)/g, '{$1}');
      const problem = spec.checkQuery(ctx.method.toLowerCase(), specPath, ctx.query);
      if (problem) throw new BadRequestError(problem);
    }
    await next();
  };
}
