// Two germplasm side by side: the selected one and a second picked in the tree ("Compare with…" then a click on
// another box, or a shift-click), answered by the server's comparison extension (not BrAPI):
// GET /extensions/germplasm-comparison?germplasmDbIds=A,B -> commonAncestors (each with mostRecent), the
// coefficient of parentage and the path between them. The common ancestors that are drawn are highlighted (the most
// recent ones in their own style), the second germplasm is outlined, the rest of the tree is dimmed; the panel shows
// the coefficient and the count. Clear (or selecting another germplasm) ends it. Names only ever go in textContent.
import { comparisonUrl, getJson, shortError } from './api.js';
import { byId, h, showUrl } from './dom.js';
import { formatInbreeding } from './analysis.js';

/** Most recent common ancestors named in the panel; more are counted. */
const NAMED = 8;

interface Comparison {
  first: string;
  second: string;
  /** The answer's commonAncestors, once it came. */
  ancestors: Array<{ germplasmDbId: string; germplasmName: string | null; mostRecent: boolean }> | null;
  coefficient: number | null;
  secondName: string | null;
}

const el = {
  section: byId('compare'),
  pick: byId<HTMLButtonElement>('compare-pick'),
  clear: byId<HTMLButtonElement>('compare-clear'),
  status: byId('compare-status'),
  fields: byId('compare-fields'),
  request: byId('compare-request'),
  url: byId<HTMLAnchorElement>('compare-url'),
  legend: byId('legend-compare'),
  graph: byId<SVGSVGElement>('graph'),
};

let selected: string | null = null;
let picking = false;
let state: Comparison | null = null;
let sequence = 0;

function say(text: string, error = false) {
  el.status.textContent = text;
  el.status.classList.toggle('error', error);
}

/** Whether the next click on a box picks the second germplasm rather than re-centring. */
export function isPicking(): boolean {
  return picking;
}

export function setPicking(on: boolean) {
  picking = on && selected !== null;
  el.pick.setAttribute('aria-pressed', String(picking));
  el.graph.classList.toggle('picking', picking);
  if (picking) say('Click another germplasm in the tree to compare it with the selected one (Esc cancels).');
  else if (!state) say('');
}

/** The panel shows this germplasm: a comparison of another one ends. */
export function selectionChanged(germplasmDbId: string) {
  if (selected !== germplasmDbId) clearComparison();
  selected = germplasmDbId;
  el.section.hidden = false;
}

export function clearComparison() {
  sequence++;
  state = null;
  setPicking(false);
  el.fields.replaceChildren();
  el.request.hidden = true;
  el.clear.hidden = true;
  el.legend.hidden = true;
  el.section.removeAttribute('data-state');
  say('');
  highlight();
}

/** Compares the selected germplasm with `second` (ends picking). */
export async function compareWith(second: string, secondName?: string) {
  if (!selected) return;
  const mine = ++sequence;
  const first = selected;
  setPicking(false);
  state = { first, second, ancestors: null, coefficient: null, secondName: secondName ?? null };
  const url = comparisonUrl(first, second);
  showUrl(el.url, url);
  el.request.hidden = false;
  el.clear.hidden = false;
  el.fields.replaceChildren();
  el.section.dataset.state = 'loading';
  say(`Comparing with ${secondName ?? second}…`);
  highlight();
  try {
    const result = (await getJson(url)).result;
    if (mine !== sequence) return;
    state.ancestors = result.commonAncestors;
    state.coefficient = Number(result.coefficientOfParentage);
    state.secondName = result.germplasm?.[1]?.germplasmName ?? state.secondName;
    say('');
    render();
    el.section.dataset.state = 'done';
  } catch (err) {
    if (mine !== sequence) return;
    say(`Comparison unavailable (${shortError(err)})`, true);
    el.section.dataset.state = 'failed';
  }
}

function render() {
  if (!state?.ancestors) return;
  const drawn = highlight();
  const recent = state.ancestors.filter((a) => a.mostRecent);
  const names = recent.slice(0, NAMED).map((a) => a.germplasmName ?? a.germplasmDbId).join(', ') +
    (recent.length > NAMED ? ` and ${recent.length - NAMED} more` : '');
  const dd = (field: string, text: string, value?: string) => {
    const d = h('dd', { 'data-field': field }, text);
    if (value !== undefined) d.dataset.value = value;
    return d;
  };
  el.fields.replaceChildren(
    h('dt', {}, 'compared with'),
    dd('second', state.secondName ? `${state.secondName} (${state.second})` : state.second, state.second),
    h('dt', {}, 'coefficient of parentage'),
    dd('coefficientOfParentage', formatInbreeding(state.coefficient!), String(state.coefficient)),
    h('dt', {}, 'common ancestors'),
    dd('commonAncestorCount', `${state.ancestors.length} (${drawn} drawn)`, String(state.ancestors.length)),
    ...(recent.length ? [h('dt', {}, 'most recent'), dd('mostRecent', names)] : []),
  );
  el.legend.hidden = false;
}

/**
 * Marks the drawn boxes of the current comparison (again after every redraw of the tree); returns how many common
 * ancestors are drawn.
 */
export function highlight(): number {
  for (const g of el.graph.querySelectorAll('g.node.common-ancestor, g.node.most-recent, g.node.compared')) {
    g.classList.remove('common-ancestor', 'most-recent', 'compared');
  }
  el.graph.classList.toggle('comparing', !!state?.ancestors);
  if (!state) return 0;
  const boxes = new Map([...el.graph.querySelectorAll('g.node:not(.group)')].map((g) => [g.getAttribute('data-id'), g]));
  const box = (id: string) => boxes.get(id);
  box(state.second)?.classList.add('compared');
  let drawn = 0;
  for (const a of state.ancestors ?? []) {
    const g = box(a.germplasmDbId);
    if (!g) continue;
    drawn++;
    g.classList.add('common-ancestor');
    if (a.mostRecent) g.classList.add('most-recent');
  }
  return drawn;
}

/** After the tree was drawn again (same selection): the marks and the drawn count follow. */
export function redrawn() {
  if (state?.ancestors) render();
  else highlight();
}

el.pick.addEventListener('click', () => setPicking(!picking));
el.clear.addEventListener('click', () => clearComparison());
