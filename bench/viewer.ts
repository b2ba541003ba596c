// The viewer in Chromium (Debian's, driven by playwright-core as in the page tests): how long after a keystroke the
// first suggestions are on screen (the input event to the rendered list, measured in the page), and how long a full
// tree takes from navigation to drawn (with the fetch and the layout and drawing apart, and the longest task the page
// ran meanwhile, which is how long it stopped answering the user).
import type { Browser } from 'playwright-core';
import { launchChromium, DETERMINISTIC } from '../test/support/browser.js';
import type { RunningServer } from '../src/server.js';
import { summarize, type Summary } from './stats.js';

export interface ViewerFigure {
  suggestions: Array<{ text: string; firstKeystroke: Summary; typedWhole: Summary }>;
  fullTree: { germplasmDbId: string; germplasm: number; drawnBoxes: number; navigationToDrawn: Summary; fetch: Summary; draw: Summary; longestTaskMs: Summary };
}

export async function measureViewer(running: RunningServer, focus: string, texts: string[], reps: number, log: (s: string) => void): Promise<ViewerFigure> {
  const origin = new URL(running.url).origin;
  let browser: Browser | undefined;
  try {
    browser = await launchChromium();
    const context = await browser.newContext(DETERMINISTIC);
    const page = await context.newPage();
    await page.goto(`${origin}/viewer`);
    const suggestions: ViewerFigure['suggestions'] = [];
    // One suggestion before timing: the first ever plans the statement and opens the index, which users after the
    // first do not pay.
    await page.locator('#search').pressSequentially('a');
    await page.waitForFunction(() => document.getElementById('suggestions')?.dataset.text === 'a');
    for (const text of texts) {
      const first: number[] = [];
      const whole: number[] = [];
      for (let rep = 0; rep < reps; rep++) {
        // One keystroke (the first character), then the whole text as one more input event, each timed in the page
        // from the input event to the list answering it.
        for (const [typed, into] of [[text.slice(0, 1), first], [text, whole]] as const) {
          const ms = await page.evaluate(async (value) => {
            const input = document.getElementById('search') as HTMLInputElement;
            const list = document.getElementById('suggestions')!;
            input.focus();
            input.value = '';
            delete list.dataset.text;
            const started = performance.now();
            const done = new Promise<number>((resolve) => {
              const seen = new MutationObserver(() => {
                if (list.dataset.text === value) {
                  seen.disconnect();
                  resolve(performance.now() - started);
                }
              });
              seen.observe(list, { attributes: true, attributeFilter: ['data-text'] });
            });
            input.value = value;
            input.dispatchEvent(new Event('input', { bubbles: true }));
            return done;
          }, typed);
          into.push(ms);
        }
      }
      suggestions.push({ text, firstKeystroke: summarize(first), typedWhole: summarize(whole) });
      log(`  viewer: suggestions for "${text.slice(0, 1)}" p50 ${summarize(first).p50} ms (p95 ${summarize(first).p95}), for "${text}" p50 ${summarize(whole).p50} ms`);
    }

    const total: number[] = [];
    const fetchMs: number[] = [];
    const drawMs: number[] = [];
    const longest: number[] = [];
    let germplasm = 0;
    let drawnBoxes = 0;
    await page.addInitScript(() => {
      (window as unknown as { longestTask: number }).longestTask = 0;
      new PerformanceObserver((list) => {
        for (const e of list.getEntries()) (window as unknown as { longestTask: number }).longestTask = Math.max((window as unknown as { longestTask: number }).longestTask, e.duration);
      }).observe({ type: 'longtask', buffered: true });
    });
    for (let rep = 0; rep < reps; rep++) {
      await page.goto(`${origin}/viewer?germplasmDbId=${encodeURIComponent(focus)}&includeFullTree=true`);
      await page.waitForFunction(() => document.getElementById('graph')?.hasAttribute('data-request'), undefined, { timeout: 120_000 });
      const m = await page.evaluate(() => {
        const g = document.getElementById('graph')!;
        return {
          settledAt: Number(g.dataset.settledAt), fetch: Number(g.dataset.fetchMs), draw: Number(g.dataset.drawMs),
          longest: (window as unknown as { longestTask: number }).longestTask,
          boxes: g.querySelectorAll('g.node').length, status: document.getElementById('request-status')?.textContent ?? '',
          message: document.getElementById('message')?.hidden ? '' : document.getElementById('message')?.textContent ?? '',
        };
      });
      if (!m.boxes) throw new Error(`the viewer drew nothing for ${focus}: ${m.message}`);
      total.push(m.settledAt);
      fetchMs.push(m.fetch);
      drawMs.push(m.draw);
      longest.push(m.longest);
      drawnBoxes = m.boxes;
      germplasm = Number(m.status.replace(/,/g, '').match(/^(\d+) germplasm/)?.[1] ?? 0);
    }
    const fullTree = {
      germplasmDbId: focus, germplasm, drawnBoxes,
      navigationToDrawn: summarize(total), fetch: summarize(fetchMs), draw: summarize(drawMs), longestTaskMs: summarize(longest),
    };
    log(`  viewer: full tree of ${focus} (${germplasm} germplasm, ${drawnBoxes} boxes) drawn ${fullTree.navigationToDrawn.p50} ms after navigation (fetch ${fullTree.fetch.p50}, layout and drawing ${fullTree.draw.p50}, longest task ${fullTree.longestTaskMs.p50})`);
    return { suggestions, fullTree };
  } finally {
    await browser?.close();
  }
}
