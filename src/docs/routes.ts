// API documentation: GET <base>/openapi.json (the official operations of the calls this server implements, see
// openapi/document.ts) and GET /docs, Swagger UI rendering it, served from the swagger-ui-dist package (no CDN).
// Both sit on the root router: documentation needs no token, even when reads are private.
import fs from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { NotFoundError } from '../errors.js';
import { sendPage } from '../http/pages.js';
import type { BrapiRouter } from '../http/types.js';
import { implementedDocument } from '../openapi/document.js';
import { loadSpec } from '../openapi/spec.js';
import { callsOf } from '../modules/core/serverinfo/routes.js';
import { extensionOperations } from '../modules/registry.js';

// Two levels under the repository root from src/docs and from dist/docs alike.
const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const PUBLIC = path.join(ROOT, 'public/docs');
const swaggerDir = path.dirname(createRequire(import.meta.url).resolve('swagger-ui-dist/package.json'));
const { version } = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8')) as { version: string };

/** The files /docs serves, and where they are. */
const FILES: Record<string, { file: string; type: string }> = {
  'swagger-ui.css': { file: path.join(swaggerDir, 'swagger-ui.css'), type: 'text/css' },
  'swagger-ui-bundle.js': { file: path.join(swaggerDir, 'swagger-ui-bundle.js'), type: 'application/javascript' },
  'docs.js': { file: path.join(PUBLIC, 'docs.js'), type: 'application/javascript' },
  'favicon-32x32.png': { file: path.join(swaggerDir, 'favicon-32x32.png'), type: 'image/png' },
};

// Swagger UI sets inline styles and shows data: images; everything else comes from this origin.
const CSP = "default-src 'self'; style-src 'self' 'unsafe-inline'; img-src 'self' data:; object-src 'none'; frame-ancestors 'none'";

const escapeAttr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;');

/** Whether a route (method, router path such as `/brapi/v2/germplasm/:germplasmDbId`) is answered without a token. */
export type NeedsNoToken = (method: string, routerPath: string) => boolean;

export function registerDocs(root: BrapiRouter, brapi: BrapiRouter, basePath: string, needsNoToken: NeedsNoToken = () => false) {
  let document: string | undefined;
  root.get(`${basePath}/openapi.json`, (ctx) => {
    // Built on first use, when every route is registered.
    const open = (method: string, path: string) => needsNoToken(method.toUpperCase(), basePath + path.replace(/\{(\w+)\}/g, ':$1'));
    document ??= JSON.stringify(implementedDocument(loadSpec(), callsOf(brapi), basePath, version, extensionOperations, open, ctx.services.config.maxPageSize));
    ctx.type = 'application/json';
    ctx.body = document;
  });

  const page = fs.readFileSync(path.join(PUBLIC, 'index.html'), 'utf8').replace('{{spec}}', escapeAttr(`${basePath}/openapi.json`));
  root.get('/docs', (ctx) => sendPage(ctx, { type: 'text/html; charset=utf-8', body: page, cacheControl: 'no-cache', csp: CSP }));
  root.get('/docs/:file', (ctx) => {
    const entry = Object.hasOwn(FILES, ctx.params.file) ? FILES[ctx.params.file] : undefined;
    if (!entry) throw new NotFoundError(`No file /docs/${ctx.params.file}.`);
    sendPage(ctx, { type: entry.type, body: fs.createReadStream(entry.file), cacheControl: 'public, max-age=3600', csp: CSP });
  });
}
