// A real browser for page tests: Debian's Chromium driven by playwright-core (no browser download, no internet).
// useBrowser() registers mocha hooks: one browser per describe block, a fresh context and page per test, every one
// closed in after hooks even when a test fails. matchScreenshot() compares a PNG with a stored baseline.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pixelmatch from 'pixelmatch';
import { chromium, type Browser, type BrowserContext, type BrowserContextOptions, type Page, type Request } from 'playwright-core';
import { PNG } from 'pngjs';

export const CHROMIUM = '/usr/bin/chromium';

const ARGS = ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'];

/** Viewport and rendering fixed, so screenshots are reproducible. */
export const DETERMINISTIC: BrowserContextOptions = {
  viewport: { width: 1280, height: 900 },
  deviceScaleFactor: 1,
  reducedMotion: 'reduce',
  colorScheme: 'light',
  locale: 'en-US',
  timezoneId: 'UTC',
};

export interface BrowserSession {
  browser: Browser;
  context: BrowserContext;
  page: Page;
  /** Every request the page made (URL strings), reset per test. */
  requests: string[];
  /** Console errors and uncaught page errors (CSP violations appear here), reset per test. */
  errors: string[];
}

export async function launchChromium(): Promise<Browser> {
  // CI installs Chromium; a missing one is a failure, not a skip.
  if (!fs.existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: install Debian's chromium package (apt-get install -y chromium).`);
  return chromium.launch({ executablePath: CHROMIUM, args: ARGS });
}

/** Mocha hooks for a describe block; the returned object is filled before each test. */
export function useBrowser(options: BrowserContextOptions = DETERMINISTIC): BrowserSession {
  const session = { requests: [], errors: [] } as unknown as BrowserSession;
  before(async function () {
    this.timeout(60_000);
    session.browser = await launchChromium();
  });
  beforeEach(async () => {
    session.context = await session.browser.newContext(options);
    session.page = await session.context.newPage();
    session.requests = [];
    session.errors = [];
    session.page.on('request', (req: Request) => session.requests.push(req.url()));
    session.page.on('console', (msg) => msg.type() === 'error' && session.errors.push(msg.text()));
    session.page.on('pageerror', (err) => session.errors.push(String(err)));
  });
  afterEach(async () => {
    await session.context?.close();
  });
  after(async () => {
    await session.browser?.close();
  });
  return session;
}

/** Requests that left `origin` (scheme, host and port), ignoring data: and blob: URLs. */
export function foreignRequests(requests: string[], origin: string): string[] {
  return requests.filter((u) => !/^(data|blob|about):/.test(u) && new URL(u).origin !== origin);
}

export interface ScreenshotMatch {
  /** Share of pixels that differ, 0..1. */
  ratio: number;
  differing: number;
  /** The square region (TILE pixels a side) with the most differing pixels: where a lost box or line shows. */
  worstTile: { x: number; y: number; differing: number };
  /** True when the baseline was rewritten (UPDATE_SCREENSHOTS=1) instead of compared. */
  written: boolean;
  /** Where the actual image and the diff went when they did not match. */
  actualPath?: string;
  diffPath?: string;
}

/** Side of the square regions compared one by one: about a node box's height. */
export const TILE = 40;

/**
 * Compares `png` with the baseline file (pixelmatch, per-pixel `threshold`), over the whole image and region by
 * region: a small change (one box of a tree) is a small share of the whole image but a large one of its region.
 * Only UPDATE_SCREENSHOTS=1 writes the baseline; a missing baseline is an error (the actual image is kept for
 * inspection). On a mismatch (above `maxRatio` of all pixels, or above `maxTilePixels` in one region) the actual
 * image and a diff image are written to a temporary directory, named in the result.
 */
export function matchScreenshot(png: Buffer, baselinePath: string, { threshold = 0.1, maxRatio = 0.01, maxTilePixels = TILE * TILE } = {}): ScreenshotMatch {
  if (process.env.UPDATE_SCREENSHOTS === '1') {
    fs.mkdirSync(path.dirname(baselinePath), { recursive: true });
    fs.writeFileSync(baselinePath, png);
    return { ratio: 0, differing: 0, worstTile: { x: 0, y: 0, differing: 0 }, written: true };
  }
  if (!fs.existsSync(baselinePath)) {
    throw new Error(`the screenshot baseline ${baselinePath} is missing (the actual image is ${saveActual(png, baselinePath)}); ` +
      'look at it, then run with UPDATE_SCREENSHOTS=1 to store it');
  }
  const actual = PNG.sync.read(png);
  const expected = PNG.sync.read(fs.readFileSync(baselinePath));
  const { width, height } = actual;
  if (width !== expected.width || height !== expected.height) {
    const out = saveActual(png, baselinePath);
    return { ratio: 1, differing: width * height, worstTile: { x: 0, y: 0, differing: TILE * TILE }, written: false, actualPath: out };
  }
  const diff = new PNG({ width, height });
  // diffMask: only differing pixels are painted (red), so they can be counted per region below.
  const differing = pixelmatch(actual.data, expected.data, diff.data, width, height, { threshold, diffMask: true });
  const ratio = differing / (width * height);
  const worstTile = { x: 0, y: 0, differing: 0 };
  for (let ty = 0; ty < height; ty += TILE) {
    for (let tx = 0; tx < width; tx += TILE) {
      let n = 0;
      for (let y = ty; y < Math.min(ty + TILE, height); y++) {
        for (let x = tx; x < Math.min(tx + TILE, width); x++) if (diff.data[(y * width + x) * 4 + 3] !== 0) n++;
      }
      if (n > worstTile.differing) Object.assign(worstTile, { x: tx, y: ty, differing: n });
    }
  }
  if (ratio <= maxRatio && worstTile.differing <= maxTilePixels) return { ratio, differing, worstTile, written: false };
  const actualPath = saveActual(png, baselinePath);
  const diffPath = actualPath.replace(/\.png$/, '.diff.png');
  fs.writeFileSync(diffPath, PNG.sync.write(diff));
  return { ratio, differing, worstTile, written: false, actualPath, diffPath };
}

function saveActual(png: Buffer, baselinePath: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'screenshot-'));
  const out = path.join(dir, path.basename(baselinePath).replace(/\.png$/, '.actual.png'));
  fs.writeFileSync(out, png);
  return out;
}
