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
  /** True when the baseline was (re)written instead of compared. */
  written: boolean;
  /** Where the actual image and the diff went when they did not match. */
  actualPath?: string;
  diffPath?: string;
}

/**
 * Compares `png` with the baseline file (pixelmatch, per-pixel `threshold`). A missing baseline, or
 * UPDATE_SCREENSHOTS=1, writes it instead. On a mismatch above `maxRatio` the actual image and a diff image are
 * written to a temporary directory, named in the result.
 */
export function matchScreenshot(png: Buffer, baselinePath: string, { threshold = 0.1, maxRatio = 0.01 } = {}): ScreenshotMatch {
  if (process.env.UPDATE_SCREENSHOTS === '1' || !fs.existsSync(baselinePath)) {
    fs.mkdirSync(path.dirname(baselinePath), { recursive: true });
    fs.writeFileSync(baselinePath, png);
    return { ratio: 0, differing: 0, written: true };
  }
  const actual = PNG.sync.read(png);
  const expected = PNG.sync.read(fs.readFileSync(baselinePath));
  if (actual.width !== expected.width || actual.height !== expected.height) {
    const out = saveActual(png, baselinePath);
    return { ratio: 1, differing: actual.width * actual.height, written: false, actualPath: out };
  }
  const diff = new PNG({ width: actual.width, height: actual.height });
  const differing = pixelmatch(actual.data, expected.data, diff.data, actual.width, actual.height, { threshold });
  const ratio = differing / (actual.width * actual.height);
  if (ratio <= maxRatio) return { ratio, differing, written: false };
  const actualPath = saveActual(png, baselinePath);
  const diffPath = actualPath.replace(/\.png$/, '.diff.png');
  fs.writeFileSync(diffPath, PNG.sync.write(diff));
  return { ratio, differing, written: false, actualPath, diffPath };
}

function saveActual(png: Buffer, baselinePath: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'screenshot-'));
  const out = path.join(dir, path.basename(baselinePath).replace(/\.png$/, '.actual.png'));
  fs.writeFileSync(out, png);
  return out;
}
