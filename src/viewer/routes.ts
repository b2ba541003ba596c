// The pedigree viewer, outside the BrAPI prefix: GET /viewer is the page, /viewer/<hashed name> its script and
// stylesheet. The page only calls public BrAPI endpoints, from the same origin, so the policy below can be strict:
// no inline code, no third-party anything.
import { NotFoundError } from '../errors.js';
import { sendPage } from '../http/pages.js';
import type { BrapiRouter } from '../http/types.js';
import { viewerAssets } from './assets.js';

const CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "connect-src 'self'",
  "img-src 'self' data:",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'none'",
].join('; ');

export function registerViewer(router: BrapiRouter) {
  router.get('/viewer', async (ctx) => {
    const { page } = await viewerAssets(ctx.services.config.basePath);
    // The page names the current hashed assets, so it is revalidated on every visit.
    sendPage(ctx, { type: 'text/html; charset=utf-8', body: page, cacheControl: 'no-cache', csp: CSP });
  });
  router.get('/viewer/:file', async (ctx) => {
    const file = (await viewerAssets(ctx.services.config.basePath)).files.get(ctx.params.file);
    if (!file) throw new NotFoundError(`No such viewer file: ${ctx.params.file}`);
    sendPage(ctx, { type: file.type, body: file.body, cacheControl: 'public, max-age=31536000, immutable', csp: CSP });
  });
}
