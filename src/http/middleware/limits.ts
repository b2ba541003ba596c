import type { Middleware } from 'koa';
import { PayloadTooLargeError } from '../../errors.js';
import type { BrapiContextExtras, BrapiState } from '../types.js';

/** 413 for a parsed body holding an array longer than the configured maximum, at any depth (checked before routing). */
export function arrayLimit(max: number): Middleware<BrapiState, BrapiContextExtras> {
  return async function arrayLimit(ctx, next) {
    const stack: Array<[unknown, string]> = [[ctx.request.body, 'body']];
    while (stack.length) {
      const [value, at] = stack.pop()!;
      if (value === null || typeof value !== 'object') continue;
      if (Array.isArray(value)) {
        if (value.length > max) throw new PayloadTooLargeError(`${at} holds ${value.length} items; this server accepts at most ${max} per array (BRAPI_MAX_ARRAY_ITEMS).`);
        value.forEach((v, i) => typeof v === 'object' && stack.push([v, `${at}[${i}]`]));
      } else {
        for (const [k, v] of Object.entries(value)) if (typeof v === 'object') stack.push([v, `${at}.${k}`]);
      }
    }
    await next();
  };
}
