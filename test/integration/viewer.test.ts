// The pedigree viewer (GET /viewer) end to end in Debian's Chromium against the test server: search (server-side
// suggestions), the drawn graph compared with what GET /pedigree answers for the same parameters, re-centring,
// toggles, the full tree of Williams 82 readable at Fit (by generation), a token after a 401, name escaping, no
// request leaving the origin, and Williams 82 three generations up and one down checked on the DOM (every node
// with its name, every edge between its boxes, no overlap) and against the screenshot test/viewer/williams-82.png.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import type { Page } from 'playwright-core';
import { createApp } from '../../src/app.js';
import { createLogger } from '../../src/logger.js';
import { foreignRequests, matchScreenshot, TILE, useBrowser } from '../support/browser.js';
import { HISTORY, removeBreedingRecords, removeNodes } from '../support/graph.js';
import { expectServedResponse } from '../support/schema.js';
import { ADMIN_TOKEN, api, server } from '../support/server.js';

const BASELINE = path.join(path.dirname(fileURLToPath(import.meta.url)), '../viewer/williams-82.png');
const W82 = 'soy-williams-82';
/**
 * Screenshot tolerances (see the last test): share of all pixels (0.02%, a third of one node box), and pixels in one
 * TILE x TILE region (a fifth of what one box changes in its region).
 */
const MAX_RATIO = 0.0002;
const MAX_TILE_PIXELS = 40;
/** How far (px) an edge's end may lie from its box. */
const EDGE_GAP = 2;

/** What the viewer must draw for a GET /pedigree query, computed here from the API (every page). */
async function expectedSlice(query: string, focus: string, withSiblings: boolean) {
  const data: any[] = [];
  for (let page = 0, pages = 1; page < pages; page++) {
    const res = await api('GET', `/pedigree?${query}&page=${page}`);
    expect(res.status, res.text).to.equal(200);
    data.push(...res.json.result.data);
    pages = res.json.metadata.pagination.totalPages;
  }
  const ids = new Set<string>(data.map((n) => n.germplasmDbId));
  const focusNode = data.find((n) => n.germplasmDbId === focus);
  const siblings = withSiblings ? focusNode.siblings.map((s: any) => s.germplasmDbId).filter((s: string) => !ids.has(s)) : [];
  for (const s of siblings) ids.add(s);
  const edges = new Set<string>();
  for (const n of data) {
    for (const p of n.parents ?? []) if (ids.has(p.germplasmDbId)) edges.add(`${p.germplasmDbId}>${n.germplasmDbId}`);
    for (const c of n.progeny ?? []) if (ids.has(c.germplasmDbId)) edges.add(`${n.germplasmDbId}>${c.germplasmDbId}`);
  }
  return { data, nodes: [...ids].sort(), edges: [...edges].sort(), siblings: siblings.sort() as string[] };
}

async function drawn(page: Page) {
  // No named functions inside evaluate() (nor in this file's other evaluate calls): tsx would wrap them in a helper
  // the page does not have.
  const [nodes, edges, siblings, selected] = await page.evaluate(() =>
    ['#graph g.node', '#graph path.edge', '#graph g.node.sibling', '#graph g.node.selected'].map((sel) =>
      [...document.querySelectorAll(sel)]
        .map((e) => (e.tagName === 'path' ? `${e.getAttribute('data-parent')}>${e.getAttribute('data-child')}` : e.getAttribute('data-id')!))
        .sort(),
    ),
  );
  return { nodes, edges, siblings, selected };
}

/** Waits until the graph shows (or has given up on) this GET /pedigree URL. */
async function settled(page: Page, url: string) {
  await page.waitForFunction((u) => document.getElementById('graph')?.getAttribute('data-request') === u, url, { timeout: 90_000 });
}

/**
 * What makes a drawing unreadable, read from the page: two boxes overlapping, two labels overlapping (a box's lines,
 * its ▲n / ▼n markers, edge labels), a box's label running out of its box, a box under the hint bar; and the scale
 * the view is drawn at (screen pixels per drawing unit).
 */
async function legibility(page: Page): Promise<{ problems: string[]; scale: number; boxes: Array<{ id: string; l: number; t: number; r: number; b: number }> }> {
  // A string, not a function: tsx would wrap the named arrow functions in a helper the page does not have.
  return page.evaluate(`(() => {
    const rect = (e) => { const b = e.getBoundingClientRect(); return { l: b.left, t: b.top, r: b.right, b: b.bottom }; };
    // Half a pixel of tolerance: glyph boxes of neighbouring lines may touch.
    const meet = (a, b) => Math.min(a.r, b.r) - Math.max(a.l, b.l) > 0.5 && Math.min(a.b, b.b) - Math.max(a.t, b.t) > 0.5;
    const problems = [];
    const nodes = [...document.querySelectorAll('#graph g.node')].map((g) => ({ id: g.getAttribute('data-id'), box: rect(g.querySelector('rect')), texts: [...g.querySelectorAll('text')] }));
    for (let i = 0; i < nodes.length; i++) {
      for (let j = i + 1; j < nodes.length; j++) if (meet(nodes[i].box, nodes[j].box)) problems.push('boxes ' + nodes[i].id + ' and ' + nodes[j].id + ' overlap');
    }
    const labels = [
      ...nodes.flatMap((n) => n.texts.map((t) => ({ what: n.id + ' "' + t.textContent + '"', r: rect(t) }))),
      ...[...document.querySelectorAll('#graph .edge-label')].map((t) => ({ what: 'edge label "' + t.textContent + '"', r: rect(t) })),
    ];
    for (const n of nodes) {
      for (const t of n.texts) {
        const r = rect(t);
        if (r.l < n.box.l - 0.5 || r.r > n.box.r + 0.5) problems.push(n.id + ' "' + t.textContent + '" runs out of its box');
      }
    }
    for (let i = 0; i < labels.length; i++) {
      for (let j = i + 1; j < labels.length; j++) if (meet(labels[i].r, labels[j].r)) problems.push(labels[i].what + ' and ' + labels[j].what + ' overlap');
    }
    const hint = document.getElementById('hint');
    const graph = document.getElementById('graph');
    if (!hint.hidden) {
      const h = rect(hint);
      for (const n of nodes) if (meet(h, n.box)) problems.push('the hint covers ' + n.id);
      if (meet(h, rect(graph))) problems.push('the hint covers the drawing');
    }
    const scale = graph.clientWidth / graph.viewBox.baseVal.width;
    return { problems, scale, boxes: nodes.map((n) => ({ id: n.id, ...n.box })) };
  })()`);
}

const pedigreeUrl = (query: string) => `${server().baseUrl}/pedigree?${query}`;
/** The request line the page shows: path and query (the link holds the full URL). */
const shown = (url: string) => url.slice(new URL(url).origin.length);
const origin = () => new URL(server().url).origin;

describe('pedigree viewer (GET /viewer in Chromium)', function () {
  this.timeout(180_000);
  const session = useBrowser();
  // What the tests post (a simulated trial, a comparison family, a copy of the demo's slice) goes once they are done.
  const made: Array<() => Promise<void>> = [];
  after(async () => {
    for (const remove of made) await remove();
  });

  /** Ends every browser test: nothing fetched from anywhere but `base`, no console error (CSP violations show there). */
  function expectCleanTraffic(base = origin()) {
    expect(foreignRequests(session.requests, base)).to.deep.equal([]);
    expect(session.errors).to.deep.equal([]);
  }

  it('serves the page and its bundled assets with types, caching and a strict Content-Security-Policy', async () => {
    const page = await fetch(`${origin()}/viewer`);
    expect(page.status).to.equal(200);
    expect(page.headers.get('content-type')).to.equal('text/html; charset=utf-8');
    expect(page.headers.get('cache-control')).to.equal('no-cache');
    const csp = page.headers.get('content-security-policy')!;
    expect(csp).to.include("default-src 'none'").and.include("script-src 'self'").and.include("connect-src 'self'");
    expect(csp).not.to.include('unsafe');
    const html = await page.text();
    expect(html).not.to.match(/<script>|<style|\sstyle=|\son[a-z]+=/i);
    const assets = [...html.matchAll(/(?:src|href)="(\/viewer\/[^"]+)"/g)].map((m) => m[1]);
    expect(assets).to.have.length(2);
    for (const asset of assets) {
      const res = await fetch(origin() + asset);
      expect(res.status, asset).to.equal(200);
      expect(res.headers.get('content-type')).to.equal(asset.endsWith('.js') ? 'text/javascript; charset=utf-8' : 'text/css; charset=utf-8');
      expect(res.headers.get('cache-control')).to.include('immutable');
      expect((await res.arrayBuffer()).byteLength).to.be.greaterThan(1000);
    }
    const missing = await fetch(`${origin()}/viewer/viewer-000000000000.js`);
    expect(missing.status).to.equal(404);
  });

  it('searches as you type, draws exactly the GET /pedigree slice, re-centres on a click, and follows the toggles', async () => {
    const { page } = session;
    await page.goto(`${origin()}/viewer`);
    await page.locator('#search').pressSequentially('Williams 8');
    // The list answers what was typed, from the server's suggestions, with the exact name's prefix match first.
    await page.waitForFunction(() => document.getElementById('suggestions')?.dataset.text === 'Williams 8');
    expect(await page.locator('#suggestions li .name').first().textContent()).to.equal('Williams 82');
    const suggested = (await api('GET', `/extensions/germplasm-suggestions?text=${encodeURIComponent('Williams 8')}&pageSize=12`)).json.result.data;
    expect(await page.locator('#suggestions li').evaluateAll((lis) => lis.map((li) => li.getAttribute('data-id')))).to.deep.equal(suggested.map((s: any) => s.germplasmDbId));
    // Nothing read up front: no germplasm list, only suggestion calls.
    expect(session.requests.filter((u) => u.includes('/germplasm?'))).to.deep.equal([]);
    expect(session.requests.some((u) => u.startsWith(`${server().baseUrl}/extensions/germplasm-suggestions?text=`))).to.equal(true);
    const option = page.locator('#suggestions li').filter({ has: page.locator('.name', { hasText: /^Williams 82$/ }) });
    await option.click();

    // Depth: 2 generations of ancestors, 1 of descendants.
    await page.fill('#pedigreeDepth', '2');
    await page.press('#pedigreeDepth', 'Tab');
    const query = `germplasmDbId=${W82}&pedigreeDepth=2&progenyDepth=1`;
    await settled(page, pedigreeUrl(query));
    expect(await page.getAttribute('#request-url', 'href')).to.equal(pedigreeUrl(query));
    expect(await page.textContent('#request-url')).to.equal(shown(pedigreeUrl(query)));
    expect(session.requests).to.include(pedigreeUrl(query));
    const expected = await expectedSlice(query, W82, false);
    const got = await drawn(page);
    expect(got.nodes).to.have.length(expected.nodes.length).and.to.deep.equal(expected.nodes);
    expect(got.edges).to.have.length(expected.edges.length).and.to.deep.equal(expected.edges);
    expect(got.selected).to.deep.equal([W82]);
    expect(new URL(page.url()).searchParams.get('germplasmDbId')).to.equal(W82);

    // Female and male parents: their own classes and visibly different strokes.
    const parents: any[] = expected.data.find((n) => n.germplasmDbId === W82).parents;
    expect(parents.map((p) => p.parentType).sort()).to.deep.equal(['FEMALE', 'MALE']);
    const look = async (parent: string) =>
      page.locator(`#graph path.edge[data-parent="${parent}"][data-child="${W82}"]`).evaluate((e) => {
        const s = getComputedStyle(e);
        return { cls: e.getAttribute('class'), stroke: s.stroke, dash: s.strokeDasharray, marker: e.getAttribute('marker-end') };
      });
    const female = await look(parents.find((p) => p.parentType === 'FEMALE').germplasmDbId);
    const male = await look(parents.find((p) => p.parentType === 'MALE').germplasmDbId);
    expect(female.cls).to.include('edge-female');
    expect(male.cls).to.include('edge-male');
    expect(female.stroke).not.to.equal(male.stroke);
    expect(female.dash).not.to.equal(male.dash);
    expect(female.marker).not.to.equal(male.marker);
    const fill = (id: string) => page.locator(`#graph g.node[data-id="${id}"] rect`).evaluate((r) => getComputedStyle(r).fill);
    expect(await fill(W82)).not.to.equal(await fill(parents[0].germplasmDbId));

    // Click the female parent: new GET /pedigree, URL pushed, its record in the panel.
    const femaleId: string = parents.find((p) => p.parentType === 'FEMALE').germplasmDbId;
    await page.locator(`#graph g.node[data-id="${femaleId}"]`).click();
    const parentQuery = `germplasmDbId=${femaleId}&pedigreeDepth=2&progenyDepth=1`;
    await settled(page, pedigreeUrl(parentQuery));
    expect(new URL(page.url()).searchParams.get('germplasmDbId')).to.equal(femaleId);
    const record = (await api('GET', `/germplasm/${femaleId}`)).json.result;
    await page.waitForFunction((name) => document.getElementById('panel-title')?.textContent === name, record.germplasmName);
    expect(JSON.parse((await page.textContent('#panel-json'))!)).to.deep.equal(record);
    expect(await page.getAttribute('#panel-url', 'href')).to.equal(`${server().baseUrl}/germplasm/${femaleId}`);
    expect((await drawn(page)).selected).to.deep.equal([femaleId]);
    const parentSlice = await expectedSlice(parentQuery, femaleId, false);
    expect((await drawn(page)).nodes).to.deep.equal(parentSlice.nodes);

    // Back returns to Williams 82 (the click was a pushState).
    await page.goBack();
    await settled(page, pedigreeUrl(query));
    expect((await drawn(page)).selected).to.deep.equal([W82]);

    // Siblings: the request says so and the selected germplasm's siblings are drawn in their own style.
    await page.check('#siblings');
    const sibQuery = `${query}&includeSiblings=true`;
    await settled(page, pedigreeUrl(sibQuery));
    expect(await page.getAttribute('#request-url', 'href')).to.equal(pedigreeUrl(sibQuery));
    const withSiblings = await expectedSlice(sibQuery, W82, true);
    expect(withSiblings.siblings.length).to.be.greaterThan(0);
    const gotSiblings = await drawn(page);
    expect(gotSiblings.siblings).to.deep.equal(withSiblings.siblings);
    expect(gotSiblings.nodes).to.deep.equal(withSiblings.nodes);
    expect(gotSiblings.edges).to.deep.equal(withSiblings.edges);

    // Full tree: depths leave the request (includeFullTree overrides them); Williams 82's whole tree is drawn by
    // generation: every germplasm of the slice once, as its own box or counted in a generation box.
    await page.check('#fullTree');
    const fullQuery = `germplasmDbId=${W82}&includeFullTree=true&includeSiblings=true`;
    expect(await page.getAttribute('#request-url', 'href')).to.equal(pedigreeUrl(fullQuery));
    await settled(page, pedigreeUrl(fullQuery));
    const full = await expectedSlice(fullQuery, W82, true);
    expect(full.nodes.length).to.be.greaterThan(2000);
    const gotFull = await drawn(page);
    const groups = await page.locator('#graph g.node.group').evaluateAll((gs) => gs.map((g) => Number(g.getAttribute('data-count'))));
    const individual = gotFull.nodes.filter((id) => !id.startsWith('group:'));
    console.log(`      Williams 82 full tree: ${full.nodes.length} germplasm; ${individual.length} boxes and ${groups.length} generation boxes drawn (${await page.textContent('#request-status')})`);
    expect(individual.every((id) => full.nodes.includes(id))).to.equal(true);
    expect(new Set(individual).size).to.equal(individual.length);
    expect(individual.length + groups.reduce((a, b) => a + b, 0)).to.equal(full.nodes.length);
    expect(gotFull.selected).to.deep.equal([W82]);
    for (const edge of gotFull.edges) {
      const [parent, child] = edge.split('>');
      expect(gotFull.nodes.includes(parent) && gotFull.nodes.includes(child), edge).to.equal(true);
      if (!parent.startsWith('group:') && !child.startsWith('group:')) expect(full.edges, edge).to.include(edge);
    }
    // Readable at Fit: no two boxes overlap on screen, and every name is drawn at 9 px or more.
    await page.click('#zoom-fit');
    const boxes = await page.locator('#graph g.node rect').evaluateAll((rs) => rs.map((r) => {
      const b = r.getBoundingClientRect();
      return [b.left, b.top, b.right, b.bottom];
    }));
    for (let i = 0; i < boxes.length; i++) {
      for (let j = i + 1; j < boxes.length; j++) {
        const [a, b] = [boxes[i], boxes[j]];
        expect(a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3], `boxes ${i} and ${j} overlap`).to.equal(false);
      }
    }
    const sizes = await page.locator('#graph g.node text.name').evaluateAll((ts) => ts.map((t) => {
      const scale = (t as SVGGraphicsElement).getScreenCTM()!.a;
      return parseFloat(getComputedStyle(t).fontSize) * scale;
    }));
    expect(Math.min(...sizes)).to.be.at.least(9);
    // Inside the canvas: Fit shows the whole drawing.
    const canvas = await page.locator('#graph').evaluate((g) => {
      const b = g.getBoundingClientRect();
      return [b.left, b.top, b.right, b.bottom];
    });
    for (const b of boxes) expect(b[0] >= canvas[0] - 1 && b[1] >= canvas[1] - 1 && b[2] <= canvas[2] + 1 && b[3] <= canvas[3] + 1).to.equal(true);
    expect(await page.isDisabled('#pedigreeDepth')).to.equal(true);
    expectCleanTraffic();
  });

  it('declines to draw a slice above its cap with a clear message', async () => {
    const { page } = session;
    const query = 'germplasmDbId=soy-peking&includeFullTree=true';
    const total = (await api('GET', `/pedigree?${query}&pageSize=1`)).json.metadata.pagination.totalCount;
    expect(total).to.be.greaterThan(3000);
    await page.goto(`${origin()}/viewer?${query}`);
    await settled(page, pedigreeUrl(query));
    expect(await page.textContent('#message')).to.include(`${total.toLocaleString('en')} germplasm`).and.include('at most 3,000');
    expect(await page.locator('#graph g.node').count()).to.equal(0);
    // Only the first page was fetched.
    expect(session.requests.filter((u) => u.includes('/pedigree?'))).to.deep.equal([pedigreeUrl(query)]);
    expectCleanTraffic();
  });

  it('shows names literally (brackets, commas) from a deep link, and draws SELF edges as "self"', async () => {
    const { page } = session;
    // A germplasm whose only parent is SELF, and that parent is an unnamed SoyBase cross named by its expression.
    const res = await api('GET', '/pedigree?germplasmDbId=soy-4440685&pedigreeDepth=1&progenyDepth=0');
    const [selfParent] = res.json.result.data.find((n: any) => n.germplasmDbId === 'soy-4440685').parents;
    expect(selfParent.parentType).to.equal('SELF');
    expect(selfParent.germplasmName).to.match(/^\(.*,.*\)$/);
    await page.goto(`${origin()}/viewer?germplasmDbId=${selfParent.germplasmDbId}&pedigreeDepth=1&progenyDepth=1`);
    await settled(page, pedigreeUrl(`germplasmDbId=${selfParent.germplasmDbId}&pedigreeDepth=1&progenyDepth=1`));
    const title = await page.locator(`#graph g.node[data-id="${selfParent.germplasmDbId}"] > title`).textContent();
    expect(title).to.include(`${selfParent.germplasmName} (${selfParent.germplasmDbId})`);
    await page.waitForFunction((name) => document.getElementById('panel-title')?.textContent === name, selfParent.germplasmName);
    expect(await page.inputValue('#search')).to.equal(selfParent.germplasmName);
    const edge = page.locator(`#graph path.edge[data-parent="${selfParent.germplasmDbId}"][data-child="soy-4440685"]`);
    expect(await edge.getAttribute('class')).to.include('edge-self');
    expect(await page.locator('#graph circle.self-loop').count()).to.be.greaterThan(0);
    expectCleanTraffic();
  });

  it('asks for a bearer token when reads are private, and uses it', async () => {
    const { page } = session;
    // A second app on the same database with BRAPI_READS=private.
    const config = { ...server().config, auth: { ...server().config.auth, privateReads: true } };
    const { app } = createApp({ graph: server().graph, config, logger: createLogger('silent') });
    const privateServer = http.createServer(app.callback());
    await new Promise<void>((resolve) => privateServer.listen(0, '127.0.0.1', resolve));
    try {
      const base = `http://127.0.0.1:${(privateServer.address() as AddressInfo).port}`;
      await page.goto(`${base}/viewer?germplasmDbId=${W82}&pedigreeDepth=1&progenyDepth=0`);
      await page.waitForSelector('#auth:not([hidden])');
      expect(await page.locator('#graph g.node').count()).to.equal(0);
      await page.fill('#token', ADMIN_TOKEN);
      await page.click('#auth button');
      await page.waitForFunction(() => document.getElementById('graph')?.getAttribute('data-request')?.includes('pedigreeDepth=1'));
      expect((await drawn(page)).selected).to.deep.equal([W82]);
      expect(await page.isHidden('#auth')).to.equal(true);
      expect(await page.evaluate(() => sessionStorage.getItem('brapi-viewer-token'))).to.equal(ADMIN_TOKEN);
      // Suggestions go with the token too.
      await page.locator('#search').fill('');
      await page.locator('#search').pressSequentially('Essex');
      await page.waitForFunction(() => document.getElementById('suggestions')?.dataset.text === 'Essex');
      expect(await page.locator('#suggestions li .name').first().textContent()).to.equal('Essex');
      // The browser logs the 401s answered before the token was given; those are expected here.
      session.errors = session.errors.filter((e) => !e.includes('401'));
      expectCleanTraffic(base);
    } finally {
      privateServer.closeAllConnections();
      await new Promise((resolve) => privateServer.close(resolve));
    }
  });

  it('shows the selected germplasm\'s inbreeding F and generations in the panel, and a failure as a short line', async () => {
    const { page } = session;
    // A backcross whose parents are related (BC1F1, F = 0.25 in the demo data): its values come from the two calls.
    const id = 'soy-21052';
    const row = async (call: string) => {
      const res = await api('GET', `/extensions/${call}?germplasmDbId=${id}`);
      expect(res.status, res.text).to.equal(200);
      await expectServedResponse('get', `/extensions/${call}`, 200, res.json);
      return res.json.result.data.find((r: any) => r.germplasmDbId === id);
    };
    const [f, g] = [await row('inbreeding'), await row('generations')];
    expect(f.inbreeding).to.be.greaterThan(0);
    expect(g.generationCode).to.be.a('string').and.not.equal('');
    const query = `germplasmDbId=${id}&pedigreeDepth=2&progenyDepth=1`;
    await page.goto(`${origin()}/viewer?${query}`);
    await page.waitForSelector('#panel-analysis[data-state="done"]');
    expect(await page.getAttribute('#panel-analysis', 'data-germplasm')).to.equal(id);
    const dd = (field: string) => page.locator(`#analysis-fields dd[data-field="${field}"]`);
    expect(await dd('inbreeding').textContent()).to.equal(f.inbreeding.toFixed(4));
    expect(Number(await dd('inbreeding').getAttribute('data-value'))).to.equal(f.inbreeding);
    expect(await dd('generationCode').textContent()).to.equal(g.generationCode);
    expect(await dd('generations').textContent()).to.equal(
      `${g.maxGenerations} max · ${g.completeGenerations} complete · ${g.equivalentGenerations.toFixed(2)} equivalent`);
    expect(await page.textContent('#analysis-status')).to.equal('');
    // Both calls went out once, beside the tree's own request, which was drawn in full.
    await settled(page, pedigreeUrl(query));
    for (const call of ['inbreeding', 'generations']) {
      expect(session.requests.filter((u) => u === `${server().baseUrl}/extensions/${call}?germplasmDbId=${id}`), call).to.have.length(1);
    }
    expect((await drawn(page)).nodes).to.deep.equal((await expectedSlice(query, id, false)).nodes);
    expectCleanTraffic();

    // A germplasm the server does not know: the tree says so and the panel has a short line, no exception.
    await page.goto(`${origin()}/viewer?germplasmDbId=no-such-germplasm&pedigreeDepth=1&progenyDepth=0`);
    await page.waitForSelector('#panel-analysis[data-state="failed"]');
    const line = (await page.textContent('#analysis-status'))!;
    expect(line).to.match(/^F unavailable \(HTTP 404: .*no-such-germplasm.*\); generations unavailable \(HTTP 404: .*\)$/);
    expect(line.length).to.be.below(300);
    expect(await page.locator('#analysis-fields dd').count()).to.equal(0);
    // The only errors are the browser's notes on the 404 answers themselves.
    session.errors = session.errors.filter((e) => !/status of 404/.test(e));
    expectCleanTraffic();
  });

  it('shows the selected germplasm\'s EBV for a chosen trait, and colours the tree by EBV', async () => {
    const { page } = session;
    // A small simulated pedigree (20 founders, 60 offspring) with two records each of a new trait, set up through the
    // BrAPI calls; the EBVs the page shows must be those POST /extensions/breeding-values answers for the trait.
    const tag = `ebv-${Date.now().toString(36)}`;
    made.push(() => removeBreedingRecords(tag));
    let seed = 7;
    const u = () => ((seed = (seed * 1103515245 + 12345) % 2147483648) + 0.5) / 2147483648;
    const normal = () => Math.sqrt(-2 * Math.log(u())) * Math.cos(2 * Math.PI * u());
    const bv = new Map<string, number>();
    const tree: any[] = [];
    for (let i = 0; i < 80; i++) {
      const g = `${tag}-${i}`;
      const [sire, dam] = i < 20 ? [null, null] : [`${tag}-${Math.floor(u() * 20)}`, `${tag}-${Math.floor(u() * i)}`];
      const parents = [...(sire ? [{ germplasmDbId: sire, parentType: 'MALE' }] : []), ...(dam && dam !== sire ? [{ germplasmDbId: dam, parentType: 'FEMALE' }] : [])];
      tree.push({ germplasmDbId: g, germplasmName: `EBV line ${i}`, parents });
      const mean = parents.reduce((sum, p) => sum + bv.get(p.germplasmDbId)! / 2, 0);
      bv.set(g, mean + Math.sqrt(30 * (parents.length === 2 ? 0.5 : parents.length ? 0.75 : 1)) * normal());
    }
    expect((await api('POST', '/pedigree', tree)).status).to.equal(200);
    const study = (await api('POST', '/studies', [{ studyName: `${tag} study` }])).json.result.data[0].studyDbId;
    const variable = (await api('POST', '/variables', [{
      observationVariableName: `${tag} yield`, trait: { traitName: `${tag} trait` }, method: { methodName: `${tag} method` }, scale: { scaleName: `${tag} scale`, dataType: 'Numerical' },
    }])).json.result.data[0].observationVariableDbId;
    const rows = tree.slice(20).flatMap((g) => [0, 1].map((k) => ({ g: g.germplasmDbId, value: (100 + bv.get(g.germplasmDbId)! + Math.sqrt(10) * normal()).toFixed(3), k })));
    const units = (await api('POST', '/observationunits', rows.map((r) => ({ observationUnitName: `${r.g} plot ${r.k}`, studyDbId: study, germplasmDbId: r.g })))).json.result.data;
    expect((await api('POST', '/observations', rows.map((r, i) => ({ observationUnitDbId: units[i].observationUnitDbId, observationVariableDbId: variable, value: r.value })))).status).to.equal(200);
    const fit = await api('POST', '/extensions/breeding-values', { observationVariableDbId: variable });
    expect(fit.status, fit.text).to.equal(200);
    const ebv = new Map<string, number>(fit.json.result.data.map((g: any) => [g.germplasmDbId, g.breedingValue]));
    const focus = `${tag}-79`;

    const query = `germplasmDbId=${encodeURIComponent(focus)}&pedigreeDepth=2&progenyDepth=1`;
    await page.goto(`${origin()}/viewer?${query}&ebvVariable=${encodeURIComponent(variable)}&ebvColour=true`);
    await settled(page, pedigreeUrl(query));
    await page.waitForSelector('#panel-ebv[data-state="done"]');
    const dd = page.locator('#ebv-fields dd[data-field="ebv"]');
    expect(Number(await dd.getAttribute('data-value'))).to.equal(ebv.get(focus));
    expect(await dd.textContent()).to.contain(String(Number(ebv.get(focus)!.toPrecision(4))));
    expect(await page.textContent('#ebv-status')).to.match(/EBVs of 80 germplasm/);
    // Every drawn box carries its EBV; the largest |EBV| drawn has the full colour of its sign, and 0 would be white.
    await page.waitForFunction(() => document.querySelector('#graph')?.getAttribute('data-ebv-coloured') === 'true' && document.querySelectorAll('#graph g.node[data-ebv]').length > 0);
    const boxes = await page.evaluate(() => [...document.querySelectorAll('#graph g.node')].map((g) => ({
      id: g.getAttribute('data-id')!, ebv: g.getAttribute('data-ebv'), fill: getComputedStyle(g.querySelector('rect')!).fill,
    })));
    const { nodes } = await expectedSlice(query, focus, false);
    expect(boxes.map((b) => b.id).sort()).to.deep.equal(nodes);
    for (const b of boxes) expect(Number(b.ebv), b.id).to.equal(ebv.get(b.id));
    const strongest = boxes.reduce((m, b) => (Math.abs(Number(b.ebv)) > Math.abs(Number(m.ebv)) ? b : m));
    expect(strongest.fill).to.equal(Number(strongest.ebv) > 0 ? 'rgb(214, 96, 77)' : 'rgb(67, 147, 195)');
    for (const b of boxes) {
      const [r, , bl] = b.fill.match(/\d+/g)!.map(Number);
      if (Number(b.ebv) > 0) expect(r, b.id).to.be.at.least(bl);
      if (Number(b.ebv) < 0) expect(bl, b.id).to.be.at.least(r);
    }
    expect(await page.isVisible('#legend-ebv')).to.equal(true);
    await page.screenshot({ path: '/tmp/viewer-ebv.png' });
    // Colours off: the boxes are white again; the panel keeps the EBV.
    await page.uncheck('#ebv-colour');
    await page.waitForFunction(() => document.querySelector('#graph')?.getAttribute('data-ebv-coloured') === 'false');
    expect(await page.evaluate(() => getComputedStyle(document.querySelector('#graph g.node:not(.selected) rect')!).fill)).to.equal('rgb(255, 255, 255)');
    expect(await page.isVisible('#legend-ebv')).to.equal(false);
    expectCleanTraffic();
  });

  it('compares the selected germplasm with another: common ancestors drawn highlighted, the most recent distinctly, coefficient and count, cleared', async () => {
    const { page } = session;
    // A small pedigree of its own (nothing else touches `cmp-` DbIds): Z = X x Y with X = A x B and Y = A x C; its
    // half-sibs W = X x D and V = Y x D are drawn as siblings. One name holds markup-like text, shown literally.
    const named = (id: string, name: string, female?: string, male?: string) => ({
      germplasmDbId: `cmp-${id}`,
      germplasmName: name,
      parents: female ? [{ germplasmDbId: `cmp-${female}`, parentType: 'FEMALE' }, { germplasmDbId: `cmp-${male}`, parentType: 'MALE' }] : [],
    });
    const uploaded = await api('POST', '/pedigree', [
      named('a', 'Lincoln'), named('b', 'Richland'), named('c', 'Mandarin'), named('d', 'CNS'),
      named('x', 'Lincoln x Richland <b>&</b>', 'a', 'b'), named('y', 'Lincoln x Mandarin', 'a', 'c'),
      named('z', 'Z 2024', 'x', 'y'), named('w', 'W 2024', 'x', 'd'), named('v', 'V 2024', 'y', 'd'),
    ]);
    made.push(() => removeNodes('Germplasm', 'germplasmDbId', [...'abcdxyzwv'].map((x) => `cmp-${x}`), HISTORY));
    expect(uploaded.status, uploaded.text).to.equal(200);
    const compared = async (second: string) => {
      const res = await api('GET', `/extensions/germplasm-comparison?germplasmDbIds=cmp-z,${second}`);
      expect(res.status, res.text).to.equal(200);
      await expectServedResponse('get', '/extensions/germplasm-comparison', 200, res.json);
      return res.json.result;
    };
    const marked = () => page.evaluate(() => ['common-ancestor', 'most-recent', 'compared'].map((c) =>
      [...document.querySelectorAll(`#graph g.node.${c}`)].map((g) => g.getAttribute('data-id')!).sort()));
    /** The common ancestors of the answer that are drawn, and the most recent of those. */
    const expectedMarks = async (answer: any) => {
      const ids = new Set((await drawn(page)).nodes);
      const common = answer.commonAncestors.filter((a: any) => ids.has(a.germplasmDbId));
      return {
        common: common.map((a: any) => a.germplasmDbId).sort() as string[],
        recent: common.filter((a: any) => a.mostRecent).map((a: any) => a.germplasmDbId).sort() as string[],
      };
    };
    const field = (name: string) => page.locator(`#compare-fields dd[data-field="${name}"]`);
    const unmarked = async () => {
      expect(await marked()).to.deep.equal([[], [], []]);
      expect(await page.getAttribute('#graph', 'class') ?? '').not.to.include('comparing');
      expect(await page.locator('#compare-fields dd').count()).to.equal(0);
      expect(await page.isHidden('#compare-clear')).to.equal(true);
      expect(await page.isHidden('#legend-compare')).to.equal(true);
    };

    const query = 'germplasmDbId=cmp-z&pedigreeDepth=2&progenyDepth=0&includeSiblings=true';
    await page.goto(`${origin()}/viewer?${query}`);
    await settled(page, pedigreeUrl(query));
    const slice = await expectedSlice(query, 'cmp-z', true);
    expect(slice.siblings).to.deep.equal(['cmp-v', 'cmp-w']);
    await unmarked();

    // "Compare with…", then a click on W: no re-centring, one comparison call, the marks on the DOM.
    await page.click('#compare-pick');
    expect(await page.getAttribute('#compare-pick', 'aria-pressed')).to.equal('true');
    await page.locator('#graph g.node[data-id="cmp-w"]').click();
    await page.waitForSelector('#compare[data-state="done"]');
    expect(new URL(page.url()).searchParams.get('germplasmDbId')).to.equal('cmp-z');
    expect((await drawn(page)).selected).to.deep.equal(['cmp-z']);
    const withW = await compared('cmp-w');
    const comparisonUrl = `${server().baseUrl}/extensions/germplasm-comparison?germplasmDbIds=cmp-z,cmp-w`;
    expect(session.requests.filter((u) => u.includes('/germplasm-comparison'))).to.deep.equal([comparisonUrl]);
    expect(await page.getAttribute('#compare-url', 'href')).to.equal(comparisonUrl);
    let want = await expectedMarks(withW);
    expect(want.common).to.have.length(withW.commonAncestors.length); // all drawn at depth 2
    expect(want.recent).to.have.length.greaterThan(0);
    expect(want.recent.length).to.be.below(want.common.length);
    expect(await marked()).to.deep.equal([want.common, want.recent, ['cmp-w']]);
    expect(await field('coefficientOfParentage').textContent()).to.equal(withW.coefficientOfParentage.toFixed(4));
    expect(Number(await field('coefficientOfParentage').getAttribute('data-value'))).to.equal(withW.coefficientOfParentage);
    expect(await field('commonAncestorCount').getAttribute('data-value')).to.equal(String(withW.commonAncestorCount));
    expect(await field('commonAncestorCount').textContent()).to.equal(`${withW.commonAncestorCount} (${want.common.length} drawn)`);
    // Names literally: the most recent one's name has markup-like characters.
    const recentNames = withW.commonAncestors.filter((a: any) => a.mostRecent).map((a: any) => a.germplasmName).join(', ');
    expect(await field('mostRecent').textContent()).to.equal(recentNames);
    expect(await page.locator('#compare-fields b').count()).to.equal(0);
    // The most recent look different from the other common ancestors, and both from an ordinary box.
    const look = (id: string) => page.locator(`#graph g.node[data-id="${id}"] rect`).evaluate((r) => {
      const s = getComputedStyle(r);
      return `${s.fill} ${s.stroke} ${s.strokeWidth}`;
    });
    const older = want.common.find((id) => !want.recent.includes(id))!;
    const plain = (await drawn(page)).nodes.find((id) => !want.common.includes(id) && !['cmp-z', 'cmp-w'].includes(id))!;
    expect(new Set([await look(want.recent[0]), await look(older), await look(plain)]).size).to.equal(3);
    expect(await page.isVisible('#legend-compare')).to.equal(true);
    await page.screenshot({ path: '/tmp/viewer-compare.png' });

    // Fewer generations drawn: the marks follow the redraw, and the count says how many are drawn.
    await page.fill('#pedigreeDepth', '1');
    await page.press('#pedigreeDepth', 'Tab');
    const shallow = query.replace('pedigreeDepth=2', 'pedigreeDepth=1');
    await settled(page, pedigreeUrl(shallow));
    want = await expectedMarks(withW);
    expect(want.common.length).to.be.above(0).and.below(withW.commonAncestors.length);
    expect(await marked()).to.deep.equal([want.common, want.recent, ['cmp-w']]);
    expect(await field('commonAncestorCount').textContent()).to.equal(`${withW.commonAncestorCount} (${want.common.length} drawn)`);

    // Clear ends it.
    await page.click('#compare-clear');
    await unmarked();

    // Shift-click compares at once; Escape cancels picking; a plain click re-centres and ends the comparison.
    await page.locator('#graph g.node[data-id="cmp-v"]').click({ modifiers: ['Shift'] });
    await page.waitForSelector('#compare[data-state="done"]');
    const withV = await compared('cmp-v');
    want = await expectedMarks(withV);
    expect(await marked()).to.deep.equal([want.common, want.recent, ['cmp-v']]);
    expect(await field('coefficientOfParentage').textContent()).to.equal(withV.coefficientOfParentage.toFixed(4));
    await page.click('#compare-pick');
    await page.keyboard.press('Escape');
    expect(await page.getAttribute('#compare-pick', 'aria-pressed')).to.equal('false');
    await page.locator('#graph g.node[data-id="cmp-w"]').click();
    await settled(page, pedigreeUrl(shallow.replace('cmp-z', 'cmp-w')));
    expect((await drawn(page)).selected).to.deep.equal(['cmp-w']);
    await unmarked();
    expectCleanTraffic();
  });

  it('draws a germplasm with 80 children or more (Williams 82) in wrapped rows, legible at Fit: no box or label overlaps', async () => {
    const { page } = session;
    const query = `germplasmDbId=${W82}&pedigreeDepth=3&progenyDepth=1`;
    await page.goto(`${origin()}/viewer?${query}`);
    await settled(page, pedigreeUrl(query));
    const expected = await expectedSlice(query, W82, false);
    const children = expected.edges.filter((e) => e.startsWith(`${W82}>`)).map((e) => e.split('>')[1]);
    expect(children.length).to.be.at.least(80);
    expect((await drawn(page)).nodes).to.deep.equal(expected.nodes);
    const { problems, scale, boxes } = await legibility(page);
    expect(problems).to.deep.equal([]);
    // The children stand in wrapped rows (not one row 15,000 px wide), and the whole view is shown at Fit at a
    // scale where names read (the viewer's READABLE_SCALE), with no hint over it.
    const rows = new Set(boxes.filter((b) => children.includes(b.id)).map((b) => Math.round(b.t)));
    expect(rows.size).to.be.at.least(5);
    expect(scale).to.be.at.least(0.55);
    expect(await page.locator('#hint').isHidden()).to.equal(true);
    // Their edges are bundled: one trunk from Williams 82, drawn as straight segments.
    expect(await page.locator(`#graph path.edge.bundled[data-parent="${W82}"]`).count()).to.equal(children.length);
    // The panel explains why a released cultivar reads F = 0 and F1.
    await page.waitForSelector('#panel-analysis[data-state="done"]');
    expect(await page.textContent('#analysis-fields [data-field="ancestry"]')).to.match(/^Parents' ancestry unknown: F counts only the recorded pedigree/);
    await page.screenshot({ path: '/tmp/viewer-80-children.png' });
    expectCleanTraffic();
  });

  it('draws the full tree of Williams 82 with no box or label overlapping and nothing under the hint', async () => {
    const { page } = session;
    const query = `germplasmDbId=${W82}&includeFullTree=true`;
    await page.goto(`${origin()}/viewer?${query}`);
    await settled(page, pedigreeUrl(query));
    expect(await page.locator('#graph g.node.group').count()).to.be.above(0);
    expect(await page.locator('#hint').isVisible()).to.equal(true);
    const { problems } = await legibility(page);
    expect(problems).to.deep.equal([]);
    await page.screenshot({ path: '/tmp/viewer-full-tree.png' });
    expectCleanTraffic();
  });

  it('draws the baseline slice (Williams 82, 3 generations up, 1 down) completely, and looks like the stored screenshot', async () => {
    const { page } = session;
    // Other test files add children to Williams 82 and its ancestors in the shared database. The screenshot is of a
    // copy of the demo's slice (its `soy-` germplasm and the relationships between them, under `shot-` DbIds), which
    // nothing else touches, so the picture depends on the demo data alone.
    const demo = (await api('GET', `/pedigree?germplasmDbId=${W82}&pedigreeDepth=3&progenyDepth=1&pageSize=1000`)).json.result.data
      .filter((n: any) => n.germplasmDbId.startsWith('soy-'));
    const inDemo = new Set(demo.map((n: any) => n.germplasmDbId));
    const copy = demo.map((n: any) => ({
      germplasmDbId: `shot-${n.germplasmDbId}`,
      germplasmName: n.germplasmName,
      parents: (n.parents ?? []).filter((p: any) => inDemo.has(p.germplasmDbId)).map((p: any) => ({ germplasmDbId: `shot-${p.germplasmDbId}`, parentType: p.parentType })),
    }));
    const uploaded = await api('POST', '/pedigree', copy);
    made.push(() => removeNodes('Germplasm', 'germplasmDbId', { startsWith: 'shot-' }, HISTORY));
    expect(uploaded.status, uploaded.text).to.equal(200);
    const focus = `shot-${W82}`;
    const query = `germplasmDbId=${focus}&pedigreeDepth=3&progenyDepth=1`;
    await page.goto(`${origin()}/viewer?${query}`);
    await settled(page, pedigreeUrl(query));
    await page.waitForFunction(() => document.getElementById('panel-json')?.textContent?.startsWith('{'));
    await page.waitForSelector('#panel-analysis[data-state="done"]');
    // The status ends with the request's time, which differs from run to run (a mask would still change width with
    // it): its text is checked below and it is hidden in the image (through the CSSOM: the page's CSP refuses the
    // inline stylesheet the screenshot's `style` option would add).
    const status = await page.textContent('#request-status');
    await page.locator('#request-status').evaluate((e) => ((e as HTMLElement).style.visibility = 'hidden'));
    const png = await page.screenshot({ animations: 'disabled', caret: 'hide' });
    // Same Chromium, fonts and viewport give the same pixels (0 differ from one run to the next here), so the
    // tolerances only absorb small rendering noise. Measured by removing boxes from the drawing: one node box with
    // its edges changes 690-750 pixels (0.06%), 190-240 of them in one region; the three ancestors 2,056 (0.18%).
    const result = matchScreenshot(png, BASELINE, { threshold: 0.1, maxRatio: MAX_RATIO, maxTilePixels: MAX_TILE_PIXELS });
    if (result.written) console.log(`      wrote the baseline ${path.relative(process.cwd(), BASELINE)}`);
    else console.log(`      ${(result.ratio * 100).toFixed(3)}% of pixels differ from the baseline; at most ${result.worstTile.differing} in one ${TILE} x ${TILE} region`);
    expect(result.ratio, `differs from ${BASELINE}; actual: ${result.actualPath}, diff: ${result.diffPath}`).to.be.at.most(MAX_RATIO);
    expect(result.worstTile.differing, `the region at ${result.worstTile.x},${result.worstTile.y} differs from ${BASELINE}; actual: ${result.actualPath}, diff: ${result.diffPath}`)
      .to.be.at.most(MAX_TILE_PIXELS);

    // The drawing itself, on the DOM: every germplasm of the answer with its name, every relationship from the
    // parent's box to the child's, no two boxes overlapping. This also covers what lies outside the screenshot.
    const expected = await expectedSlice(query, focus, false);
    expect(expected.nodes.length).to.be.greaterThan(20);
    expect(expected.nodes.length).to.equal(copy.length);
    const got = await drawn(page);
    expect(got.nodes).to.deep.equal(expected.nodes);
    expect(got.edges).to.deep.equal(expected.edges);
    expect(status).to.match(
      new RegExp(`^${expected.nodes.length} germplasm, ${expected.edges.length} parent relationships drawn · 1 page · \\d+ ms$`));
    const labels = new Map(await page.locator('#graph g.node').evaluateAll((gs) => gs.map((g) => [
      g.getAttribute('data-id')!,
      { name: g.querySelector('text.name')?.textContent ?? '', title: g.querySelector('title')?.textContent ?? '' },
    ] as const)));
    for (const n of expected.data) {
      const name: string = n.germplasmName;
      const label = labels.get(n.germplasmDbId)!;
      // A long name is cut with an ellipsis where its box (and its ▲n marker) leaves room; the title holds it whole.
      if (label.name !== name) expect(name.startsWith(label.name.slice(0, -1).trimEnd()) && label.name.endsWith('…'), `${n.germplasmDbId}: ${label.name}`).to.equal(true);
      expect(label.title.split('\n')[0], n.germplasmDbId).to.equal(`${name} (${n.germplasmDbId})`);
    }
    const geometry = await page.evaluate(() => {
      const boxes = new Map([...document.querySelectorAll('#graph g.node')].map((g) => {
        const b = g.querySelector('rect')!.getBoundingClientRect();
        return [g.getAttribute('data-id')!, [b.left, b.top, b.right, b.bottom]];
      }));
      const ends = [...document.querySelectorAll<SVGPathElement>('#graph path.edge')].map((e) => {
        const m = e.getScreenCTM()!;
        const [from, to] = [e.getPointAtLength(0), e.getPointAtLength(e.getTotalLength())].map((p) => [m.a * p.x + m.c * p.y + m.e, m.b * p.x + m.d * p.y + m.f]);
        return { parent: e.getAttribute('data-parent')!, child: e.getAttribute('data-child')!, from, to };
      });
      return { boxes: [...boxes], ends };
    });
    const boxes = new Map(geometry.boxes);
    const ids = [...boxes.keys()];
    for (let i = 0; i < ids.length; i++) {
      for (let j = i + 1; j < ids.length; j++) {
        const [a, b] = [boxes.get(ids[i])!, boxes.get(ids[j])!];
        expect(a[0] < b[2] && b[0] < a[2] && a[1] < b[3] && b[1] < a[3], `the boxes of ${ids[i]} and ${ids[j]} overlap`).to.equal(false);
      }
    }
    expect((await legibility(page)).problems).to.deep.equal([]);
    // An edge starts on its parent's box and ends on its child's (dagre routes end on the box's border).
    const away = ([x, y]: number[], [l, t, r, b]: number[]) => Math.hypot(Math.max(l - x, 0, x - r), Math.max(t - y, 0, y - b));
    for (const e of geometry.ends) {
      expect(away(e.from, boxes.get(e.parent)!), `${e.parent}>${e.child} starts on its parent`).to.be.at.most(EDGE_GAP);
      expect(away(e.to, boxes.get(e.child)!), `${e.parent}>${e.child} ends on its child`).to.be.at.most(EDGE_GAP);
    }

    expectCleanTraffic();
  });
});
