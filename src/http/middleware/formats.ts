import type { Middleware } from 'koa';
import { BadRequestError, NotAcceptableError } from '../../errors.js';
import { answeringPath, type FormatsOf } from '../routes.js';
import type { BrapiContextExtras, BrapiState } from '../types.js';

const JSON_TYPE = 'application/json';

/**
 * A call that answers JSON only (no RouteDef.formats) refuses a request for another format before it runs, instead
 * of answering JSON with 200: `format=` other than json is a 400, an Accept header that allows no JSON a 406, both
 * naming what the call answers (docs/formats.md lists every call's formats). A call that declares formats negotiates
 * in its handler (formats.ts tableFormat). An empty Accept header is taken as no preference.
 */
export function jsonOnly(formatsOf: FormatsOf): Middleware<BrapiState, BrapiContextExtras> {
  return async function jsonOnly(ctx, next) {
    const path = answeringPath(ctx);
    if (path !== undefined && !formatsOf(ctx.method, path)) {
      const call = `${ctx.method} ${ctx.path}`;
      const format = ctx.query.format;
      if (format !== undefined && format !== 'json') {
        throw new BadRequestError(`format=${[format].flat().join(',')} is not offered: ${call} answers JSON only (format=json or no format).`);
      }
      const accept = ctx.headers.accept;
      if (accept !== undefined && accept.trim() !== '' && !ctx.accepts(JSON_TYPE)) {
        throw new NotAcceptableError(`${call} answers ${JSON_TYPE} only; the Accept header allows none of it (${accept}).`);
      }
    }
    await next();
  };
}
