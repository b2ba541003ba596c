// The viewer's three files: the page (a small template), its stylesheet and its script. The script is the
// TypeScript under client/ bundled with esbuild once, in memory, on first request (no build step, no CDN). Asset
// names carry a content hash, so they can be cached for good while the page itself is revalidated.
import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'esbuild';

// Always the sources under src/viewer, also when this module runs compiled from dist/viewer (same depth; the Docker
// image copies src/viewer).
export const VIEWER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/viewer');

export interface Asset {
  name: string;
  type: string;
  body: Buffer;
}

export interface ViewerAssets {
  /** The page for a given BrAPI base path. */
  page: string;
  /** Hashed file name -> asset. */
  files: Map<string, Asset>;
}

let pending: Promise<ViewerAssets> | undefined;

export function viewerAssets(basePath: string): Promise<ViewerAssets> {
  // A failed build is not cached, so the next request tries again (and the error reaches the log each time).
  pending ??= loadAssets(basePath).catch((err) => {
    pending = undefined;
    throw err;
  });
  return pending;
}

async function loadAssets(basePath: string): Promise<ViewerAssets> {
  const [script, css, template] = await Promise.all([
    bundle(),
    fs.readFile(path.join(VIEWER_DIR, 'viewer.css')),
    fs.readFile(path.join(VIEWER_DIR, 'page.html'), 'utf8'),
  ]);
  const js = asset('viewer', '.js', 'text/javascript; charset=utf-8', script);
  const style = asset('viewer', '.css', 'text/css; charset=utf-8', css);
  const page = template
    .replaceAll('{{basePath}}', escapeAttribute(basePath))
    .replaceAll('{{script}}', `/viewer/${js.name}`)
    .replaceAll('{{stylesheet}}', `/viewer/${style.name}`);
  return { page, files: new Map([js, style].map((a) => [a.name, a])) };
}

async function bundle(): Promise<Buffer> {
  const result = await build({
    entryPoints: [path.join(VIEWER_DIR, 'client', 'main.ts')],
    bundle: true,
    write: false,
    format: 'iife',
    platform: 'browser',
    target: ['es2020'],
    minify: true,
    legalComments: 'eof',
    logLevel: 'silent',
  });
  return Buffer.from(result.outputFiles[0].contents);
}

function asset(base: string, ext: string, type: string, body: Buffer): Asset {
  const hash = createHash('sha256').update(body).digest('hex').slice(0, 12);
  return { name: `${base}-${hash}${ext}`, type, body };
}

function escapeAttribute(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

