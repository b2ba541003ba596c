import type { Middleware } from 'koa';
import type { Config } from '../../config.js';
import type { BrapiContextExtras, BrapiState } from '../types.js';

// What a browser client may send and read: the methods the service routes, the bearer token and JSON bodies (plus
// the request id it echoes), and the headers that explain an error (a 401's challenge, a 405's Allow, a 503's
// Retry-After). Credentials are never allowed: the token travels in Authorization, which the page sets itself.
const ALLOW_METHODS = 'GET, HEAD, POST, PUT';
const ALLOW_HEADERS = 'Authorization, Content-Type, Accept, X-Request-Id';
const EXPOSE_HEADERS = 'X-Request-Id, WWW-Authenticate, Allow, Retry-After';
// Browsers cap it (Chromium at 2 hours); within that, one preflight per call and page.
const MAX_AGE_SECONDS = '7200';

/**
 * CORS for browser-based BrAPI clients served from other origins. Preflights are answered here with 204, before
 * authentication and route checks (browsers send them without the token); a disallowed origin gets no CORS header
 * at all, so its browser withholds the answer.
 */
export function cors(origins: Config['corsOrigins']): Middleware<BrapiState, BrapiContextExtras> {
  const allowed = origins === '*' ? undefined : new Set(origins);
  return async function cors(ctx, next) {
    const origin = ctx.get('Origin');
    // With a list the answer depends on Origin, and caches must keep one copy per origin.
    if (allowed) ctx.vary('Origin');
    const permitted = !allowed || allowed.has(origin);
    if (permitted) ctx.set('Access-Control-Allow-Origin', allowed ? origin : '*');
    if (ctx.method === 'OPTIONS' && origin && ctx.get('Access-Control-Request-Method')) {
      if (permitted) {
        ctx.set({ 'Access-Control-Allow-Methods': ALLOW_METHODS, 'Access-Control-Allow-Headers': ALLOW_HEADERS, 'Access-Control-Max-Age': MAX_AGE_SECONDS });
      }
      ctx.status = 204;
      return;
    }
    if (permitted) ctx.set('Access-Control-Expose-Headers', EXPOSE_HEADERS);
    await next();
  };
}
