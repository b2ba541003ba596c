import type { Middleware } from 'koa';
import { PayloadTooLargeError } from '../../errors.js';
import type { BrapiContextExtras, BrapiState } from '../types.js';

/** 413 for a parsed body holding an array longer than the configured maximum, at any depth (checked before routing). */
export function arrayLimit(max: number): Middleware<BrapiState, BrapiContextExtras> {
  return async function arrayLimit(ctx, next) {
    // Depth first without recursion (a body may nest deeper than the call stack); where a value is ("body[3].parents")
    // is kept as a link to its container and written out only for a refusal: a bulk upload holds 50,000 objects.
    const values: unknown[] = [ctx.request.body];
    const places: Place[] = [{ key: 'body' }];
    const push = (v: unknown, container: Place, key: string | number) => {
      if (v === null || typeof v !== 'object') return;
      values.push(v);
      places.push({ in: container, key });
    };
    while (values.length) {
      const value = values.pop();
      const place = places.pop()!;
      if (value === null || typeof value !== 'object') continue;
      if (Array.isArray(value)) {
        if (value.length > max) throw new PayloadTooLargeError(`${where(place)} holds ${value.length} items; this server accepts at most ${max} per array (BRAPI_MAX_ARRAY_ITEMS).`);
        for (let i = 0; i < value.length; i++) push(value[i], place, i);
      } else {
        for (const k in value) if (Object.hasOwn(value, k)) push((value as Record<string, unknown>)[k], place, k);
      }
    }
    await next();
  };
}

/** A value's place in the body: its key in its container (an index in an array), and the container's place. */
interface Place {
  in?: Place;
  key: string | number;
}

function where(place: Place): string {
  const keys: Array<string | number> = [];
  for (let p: Place | undefined = place; p; p = p.in) keys.unshift(p.key);
  return keys.map((k, i) => (i === 0 ? k : typeof k === 'number' ? `[${k}]` : `.${k}`)).join('');
}
