// The pedigree viewer page: pick a germplasm (search as you type, answered by the server's name-suggestion
// extension, or ?germplasmDbId= in the URL), fetch its slice with ONE GET /pedigree (following pages), lay it out
// (dagre; a large slice by generation, see generations.ts), draw it as SVG, and show the selected germplasm's record
// beside it. Clicking a node re-centres on it (history.pushState, so Back works); after "Compare with…", or with
// Shift held, a click compares the selected germplasm with that node instead (compare.ts).
import { AuthRequired, fetchPedigree, pedigreeUrl, setToken, type TreeQuery } from './api.js';
import { compareWith, isPicking, redrawn, selectionChanged, setPicking } from './compare.js';
import { byId, h, showUrl } from './dom.js';
import { ebvRedrawn, ebvSelectionChanged, initEbv } from './ebv.js';
import { buildGraph } from './graph.js';
import { capacity, collapseByGeneration } from './generations.js';
import { layoutGraph } from './layout.js';
import { suggestNames, type NameEntry } from './names.js';
import { showRecord } from './panel.js';
import { renderGraph } from './render.js';
import { PanZoom } from './zoom.js';

/** Larger slices are not drawn: dagre needs ~4 s for 3,000 nodes and the picture stops being readable. */
const MAX_NODES = 3000;
/** Below this fit-to-screen scale labels are unreadable; the view then starts at reading size on the selection. */
const READABLE_SCALE = 0.55;
const READING_SCALE = 0.9;
/** Larger slices are drawn by generation (generations.ts), sized so that Fit keeps labels at this scale or more. */
const LARGE = 300;
const LEGIBLE_SCALE = 0.75;
const GROUPED_HINT = 'Large tree: one row per generation; select a germplasm to centre on it, or lower the depths to see every one.';

const el = {
  search: byId<HTMLInputElement>('search'),
  suggestions: byId<HTMLUListElement>('suggestions'),
  indexStatus: byId('index-status'),
  pedigreeDepth: byId<HTMLInputElement>('pedigreeDepth'),
  progenyDepth: byId<HTMLInputElement>('progenyDepth'),
  fullTree: byId<HTMLInputElement>('fullTree'),
  siblings: byId<HTMLInputElement>('siblings'),
  requestUrl: byId<HTMLAnchorElement>('request-url'),
  requestStatus: byId('request-status'),
  graph: byId<SVGSVGElement>('graph'),
  message: byId('message'),
  hint: byId('hint'),
  auth: byId<HTMLFormElement>('auth'),
  token: byId<HTMLInputElement>('token'),
};

const panZoom = new PanZoom(el.graph);
const nameOf = new Map<string, string>();
let current: TreeQuery | null = null;
let sequence = 0;

function say(text: string, kind: 'info' | 'error' = 'info') {
  el.message.hidden = !text;
  el.message.textContent = text;
  el.message.classList.toggle('error', kind === 'error');
  hint('');
}

/** A note at the bottom of the canvas, out of the way of the ancestors at the top. */
function hint(text: string) {
  el.hint.hidden = !text;
  el.hint.textContent = text;
}

/** Marks the graph as showing (or having given up on) this request: page tests wait for it. */
function settled(url: string) {
  // When (ms since the page's navigation began): the benchmark reads it.
  el.graph.dataset.settledAt = String(Math.round(performance.now()));
  el.graph.setAttribute('data-request', url);
}

function failed(err: unknown) {
  if (err instanceof AuthRequired) {
    el.auth.hidden = false;
    say(`The server asks for a token: ${err.message}`, 'error');
  } else say((err as Error).message, 'error');
}

// --- the tree -------------------------------------------------------------------------------------------------

function controlsQuery(germplasmDbId: string): TreeQuery {
  const depth = (input: HTMLInputElement) => Math.max(0, Math.min(100, Math.trunc(Number(input.value)) || 0));
  return {
    germplasmDbId,
    pedigreeDepth: depth(el.pedigreeDepth),
    progenyDepth: depth(el.progenyDepth),
    fullTree: el.fullTree.checked,
    siblings: el.siblings.checked,
  };
}

function setControls(q: TreeQuery) {
  el.pedigreeDepth.value = String(q.pedigreeDepth);
  el.progenyDepth.value = String(q.progenyDepth);
  el.fullTree.checked = q.fullTree;
  el.siblings.checked = q.siblings;
  el.pedigreeDepth.disabled = el.progenyDepth.disabled = q.fullTree;
}

function urlQuery(): TreeQuery | null {
  const p = new URLSearchParams(location.search);
  const germplasmDbId = p.get('germplasmDbId');
  if (!germplasmDbId) return null;
  const num = (name: string, fallback: number) => (/^\d+$/.test(p.get(name) ?? '') ? Number(p.get(name)) : fallback);
  return {
    germplasmDbId,
    pedigreeDepth: num('pedigreeDepth', 3),
    progenyDepth: num('progenyDepth', 1),
    fullTree: p.get('includeFullTree') === 'true',
    siblings: p.get('includeSiblings') === 'true',
  };
}

function pageUrl(q: TreeQuery): string {
  const p = new URLSearchParams({ germplasmDbId: q.germplasmDbId, pedigreeDepth: String(q.pedigreeDepth), progenyDepth: String(q.progenyDepth) });
  if (q.fullTree) p.set('includeFullTree', 'true');
  if (q.siblings) p.set('includeSiblings', 'true');
  return `${location.pathname}?${p}`;
}

async function show(q: TreeQuery, history: 'push' | 'replace' | 'none') {
  const mine = ++sequence;
  current = q;
  if (history === 'push') window.history.pushState(null, '', pageUrl(q));
  if (history === 'replace') window.history.replaceState(null, '', pageUrl(q));
  setControls(q);
  el.search.value = nameOf.get(q.germplasmDbId) ?? q.germplasmDbId;
  showUrl(el.requestUrl, pedigreeUrl(q));
  el.requestStatus.textContent = '';
  el.graph.removeAttribute('data-request');
  say('Loading…');
  selectionChanged(q.germplasmDbId);
  ebvSelectionChanged(q.germplasmDbId);
  showRecord(q.germplasmDbId).catch(() => undefined);
  try {
    const started = performance.now();
    const answer = await fetchPedigree(q, MAX_NODES);
    if (mine !== sequence) return;
    const ms = Math.round(performance.now() - started);
    if (answer.totalCount === 0) {
      el.graph.replaceChildren();
      settled(answer.url);
      return say(`No germplasm has germplasmDbId "${q.germplasmDbId}".`, 'error');
    }
    if (answer.totalCount > MAX_NODES) {
      el.graph.replaceChildren();
      settled(answer.url);
      el.requestStatus.textContent = `${answer.totalCount.toLocaleString('en')} germplasm (not drawn)`;
      return say(
        `This slice has ${answer.totalCount.toLocaleString('en')} germplasm; the viewer draws at most ` +
          `${MAX_NODES.toLocaleString('en')}. Lower the depths or turn off Full tree.`,
        'error',
      );
    }
    const graph = buildGraph(answer.nodes, q.germplasmDbId, q.siblings);
    for (const n of graph.nodes) nameOf.set(n.id, n.name);
    el.search.value = nameOf.get(q.germplasmDbId) ?? q.germplasmDbId;
    const drawStarted = performance.now();
    let drawnGraph = graph;
    let layout;
    if (graph.nodes.length > LARGE) {
      // The hint's bar first: the rows that fit are counted in the area left above it.
      say('');
      hint(GROUPED_HINT);
      const { rowMax, maxRows } = capacity(el.graph.clientWidth || 800, el.graph.clientHeight || 600, LEGIBLE_SCALE);
      ({ graph: drawnGraph, layout } = collapseByGeneration(graph, q.germplasmDbId, rowMax, maxRows));
    } else layout = layoutGraph(graph);
    renderGraph(el.graph, drawnGraph, layout);
    redrawn();
    ebvRedrawn();
    panZoom.setContent(layout.width, layout.height);
    el.graph.dataset.fetchMs = String(ms);
    el.graph.dataset.drawMs = String(Math.round(performance.now() - drawStarted));
    const grouped = drawnGraph !== graph;
    el.requestStatus.textContent =
      `${answer.nodes.length.toLocaleString('en')} germplasm, ${graph.edges.length.toLocaleString('en')} parent relationships` +
      (grouped ? ' (by generation: the boxes with a count stand for the rest)' : ' drawn') +
      (graph.nodes.length > answer.nodes.length ? ` (+${graph.nodes.length - answer.nodes.length} siblings)` : '') +
      ` · ${answer.pages} page${answer.pages > 1 ? 's' : ''} · ${ms} ms`;
    // A hint takes its bar under the drawing before the view is fitted to the area left above it.
    if (grouped) panZoom.fit();
    else {
      say('');
      if (panZoom.fitScale() >= READABLE_SCALE) panZoom.fit();
      else {
        hint('Large tree: shown at reading size around the selected germplasm. Drag to pan, scroll to zoom, Fit shows it all.');
        const c = layout.centres.get(q.germplasmDbId)!;
        panZoom.centreOn(c.x, c.y, READING_SCALE);
      }
    }
    settled(answer.url);
  } catch (err) {
    if (mine === sequence) {
      failed(err);
      settled(pedigreeUrl(q));
    }
  }
}

// --- search as you type ------------------------------------------------------------------------------------------

let options: NameEntry[] = [];
let active = -1;

function renderSuggestions() {
  el.suggestions.replaceChildren(
    ...options.map((o, i) =>
      h(
        'li',
        { role: 'option', id: `option-${i}`, 'data-id': o.id, 'aria-selected': String(i === active) },
        h('span', { class: 'name' }, o.name),
        ...(o.synonym ? [h('span', { class: 'synonym' }, `also ${o.synonym}`)] : []),
        h('span', { class: 'id' }, o.crop ? `${o.id} · ${o.crop}` : o.id),
      ),
    ),
  );
  const open = options.length > 0;
  el.suggestions.hidden = !open;
  el.search.setAttribute('aria-expanded', String(open));
  if (active >= 0) el.search.setAttribute('aria-activedescendant', `option-${active}`);
  else el.search.removeAttribute('aria-activedescendant');
}

async function suggest() {
  const typed = el.search.value;
  try {
    const found = await suggestNames(typed);
    if (found === null) return; // a newer keystroke asked since
    options = found;
    active = options.length ? 0 : -1;
    renderSuggestions();
    for (const o of found) if (!nameOf.has(o.id)) nameOf.set(o.id, o.name);
    el.indexStatus.textContent = typed.trim() && !found.length ? 'No germplasm matches (Enter takes the text as a germplasmDbId)' : '';
    // What the list answers, for page tests and the benchmark.
    el.suggestions.dataset.text = typed;
  } catch (err) {
    if (err instanceof AuthRequired) failed(err);
    else el.indexStatus.textContent = `Suggestions unavailable: ${(err as Error).message} (type a germplasmDbId and press Enter)`;
  }
}

function choose(id: string, name?: string) {
  if (name) nameOf.set(id, name);
  options = [];
  renderSuggestions();
  void show(controlsQuery(id), 'push');
}

el.search.addEventListener('input', () => void suggest());
el.search.addEventListener('keydown', (ev) => {
  if (ev.key === 'ArrowDown' || ev.key === 'ArrowUp') {
    if (!options.length) return;
    ev.preventDefault();
    active = (active + (ev.key === 'ArrowDown' ? 1 : options.length - 1)) % options.length;
    renderSuggestions();
  } else if (ev.key === 'Enter') {
    ev.preventDefault();
    const pick = options[active];
    const typed = el.search.value.trim();
    // Without a suggestion (none yet, or a DbId nothing matched) the text is taken as a germplasmDbId.
    if (pick) choose(pick.id, pick.name);
    else if (typed) choose(typed);
  } else if (ev.key === 'Escape') {
    options = [];
    renderSuggestions();
  }
});
el.search.addEventListener('blur', () => setTimeout(() => ((options = []), renderSuggestions()), 150));
// mousedown, not click: it fires before the input's blur closes the list.
el.suggestions.addEventListener('mousedown', (ev) => {
  const li = (ev.target as Element).closest('li');
  if (!li) return;
  ev.preventDefault();
  const pick = options.find((o) => o.id === li.getAttribute('data-id'));
  if (pick) choose(pick.id, pick.name);
});

// --- controls, nodes, history, token ------------------------------------------------------------------------------

for (const input of [el.pedigreeDepth, el.progenyDepth, el.fullTree, el.siblings]) {
  input.addEventListener('change', () => {
    el.pedigreeDepth.disabled = el.progenyDepth.disabled = el.fullTree.checked;
    if (current) void show(controlsQuery(current.germplasmDbId), 'replace');
  });
}

function nodeAt(target: EventTarget | null): string | null {
  // A generation box stands for many germplasm: nothing to centre on.
  return (target as Element | null)?.closest?.('g.node:not(.group)')?.getAttribute('data-id') ?? null;
}

/** A click or Enter on a box: compare with it (picking, or Shift held), else re-centre on it. */
function activate(id: string, shift: boolean) {
  if (!current) return;
  if (shift || isPicking()) void compareWith(id, nameOf.get(id));
  else void show({ ...current, germplasmDbId: id }, 'push');
}

el.graph.addEventListener('click', (ev) => {
  const id = nodeAt(ev.target);
  if (id && !panZoom.dragged) activate(id, ev.shiftKey);
});
el.graph.addEventListener('keydown', (ev) => {
  const id = nodeAt(ev.target);
  if (id && ev.key === 'Enter') activate(id, ev.shiftKey);
});
document.addEventListener('keydown', (ev) => {
  if (ev.key === 'Escape' && isPicking()) setPicking(false);
});
byId('zoom-fit').addEventListener('click', () => panZoom.fit());
byId('zoom-in').addEventListener('click', () => panZoom.zoomBy(1.25));
byId('zoom-out').addEventListener('click', () => panZoom.zoomBy(0.8));

window.addEventListener('popstate', () => {
  const q = urlQuery();
  if (q) void show(q, 'none');
});

el.auth.addEventListener('submit', (ev) => {
  ev.preventDefault();
  setToken(el.token.value.trim());
  el.token.value = '';
  el.auth.hidden = true;
  if (el.search.value && document.activeElement === el.search) void suggest();
  if (current) void show(current, 'none');
});

const initial = urlQuery();
void initEbv();
if (initial) void show(initial, 'none');
