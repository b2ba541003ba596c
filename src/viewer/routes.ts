// The pedigree viewer, outside the BrAPI prefix: GET /viewer is the page, /viewer/<hashed name> its script and
// stylesheet. The page only calls public BrAPI endpoints, from the same origin, so the policy below can be strict:
// no inline code, no third-party anything.
import { NotFoundError } from '../errors.js';
import type { BrapiContext, BrapiRouter } from '../http/types.js';
import { viewerAssets } from './assets.js';

const SECURITY_HEADERS = {
  'Content-Security-Policy': [
    "default-src 'none'",
    "script-src 'self'",
    "style-src 'self'",
    "connect-src 'self'",
    "img-src 'self' data:",
    "base-uri 'none'",
    "form-action 'none'",
    "frame-ancestors 'none'",
  ].join('; '),
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
};

function send(ctx: BrapiContext, type: string, body: string | Buffer, cacheControl: string) {
  ctx.set(SECURITY_HEADERS);
  ctx.set('Cache-Control', cacheControl);
  ctx.type = type;
  ctx.body = body;
}

export function registerViewer(router: BrapiRouter) {
  router.get('/viewer', async (ctx) => {
    const { page } = await viewerAssets(ctx.services.config.basePath);
    // The page names the current hashed assets, so it is revalidated on every visit.
    send(ctx, 'text/html; charset=utf-8', page, 'no-cache');
  });
  router.get('/viewer/:file', async (ctx) => {
    const file = (await viewerAssets(ctx.services.config.basePath)).files.get(ctx.params.file);
    if (!file) throw new NotFoundError(`No such viewer file: ${ctx.params.file}`);
    send(ctx, file.type, file.body, 'public, max-age=31536000, immutable');
  });
}
