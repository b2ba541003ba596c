// Estimated breeding values in the viewer, from the server's breeding-values extension (not BrAPI): choose a trait
// (a numerical observation variable, GET /variables), and POST /extensions/breeding-values { observationVariableDbId }
// fits it over every record of the trait (variances by REML; a long fit answers 202 and its GET is polled). The panel
// then shows the selected germplasm's EBV and reliability, and "Colour by EBV" fills each drawn box on a blue-white-red
// scale (blue below the mean of 0, red above, the strongest colour at the largest |EBV| drawn); a box without an EBV
// (no record of the trait in its pedigree) stays white. One fit per trait, kept for the page's life.
// ?ebvVariable=<observationVariableDbId>&ebvColour=true in the page URL chooses both.
import { breedingValuesUrl, getJson, postJson, shortError, variablesUrl, variableUrl } from './api.js';
import { byId, h, showUrl } from './dom.js';

interface Ebv {
  breedingValue: number;
  reliability: number;
}
interface Fit {
  name: string;
  values: Map<string, Ebv>;
  heritability: number;
  url: string;
}

const POLL_MS = 500;

const el = {
  trait: byId<HTMLSelectElement>('ebv-trait'),
  colour: byId<HTMLInputElement>('ebv-colour'),
  status: byId('ebv-status'),
  section: byId('panel-ebv'),
  fields: byId('ebv-fields'),
  request: byId<HTMLAnchorElement>('ebv-url'),
  legend: byId('legend-ebv'),
  graph: byId<SVGSVGElement>('graph'),
};

const fits = new Map<string, Promise<Fit>>();
let selected: string | null = null;
let sequence = 0;

function say(text: string, error = false) {
  el.status.textContent = text;
  el.status.classList.toggle('error', error);
}

/** The fit of one trait: POST, then its GET while it answers 202. */
async function fitOf(variable: string, name: string): Promise<Fit> {
  const url = breedingValuesUrl();
  let { json } = await postJson(url, { observationVariableDbId: variable });
  let answeredBy = url;
  // A 202's result is { searchResultsDbId } alone; the fit's has data.
  while (json.result?.searchResultsDbId && !json.result?.data) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    answeredBy = breedingValuesUrl(json.result.searchResultsDbId);
    json = await getJson(answeredBy);
  }
  const values = new Map<string, Ebv>();
  for (const g of json.result.data ?? []) values.set(g.germplasmDbId, { breedingValue: Number(g.breedingValue), reliability: Number(g.reliability) });
  return { name, values, heritability: Number(json.result.variances?.heritability ?? NaN), url: answeredBy };
}

/** The chosen trait's fit, or null when none is chosen. */
function chosen(): Promise<Fit> | null {
  const variable = el.trait.value;
  if (!variable) return null;
  if (!fits.has(variable)) {
    const name = el.trait.selectedOptions[0]?.textContent ?? variable;
    const fit = fitOf(variable, name);
    fit.catch(() => fits.delete(variable)); // a failed fit is asked again next time
    fits.set(variable, fit);
  }
  return fits.get(variable)!;
}

/** A breeding value with 4 significant digits (the exact value in the title). */
export function formatEbv(v: number): string {
  return Number(v.toPrecision(4)).toString();
}

/** The fill of a box: white at 0, blue (below) or red (above) at full strength where |v| = scale. */
export function ebvColour(v: number, scale: number): string {
  const t = scale > 0 ? Math.max(-1, Math.min(1, v / scale)) : 0;
  // ColorBrewer RdBu's outer mid tones (#4393c3, #d6604d): the boxes' dark names stay legible at full strength.
  const [to, k] = t < 0 ? [[67, 147, 195], -t] : [[214, 96, 77], t];
  const mix = (c: number) => Math.round(255 + (c - 255) * k);
  return `rgb(${mix(to[0])}, ${mix(to[1])}, ${mix(to[2])})`;
}

/** Fills the panel's EBV row for the selected germplasm, and colours the tree (after a fit or a redraw). */
async function refresh(): Promise<void> {
  const mine = ++sequence;
  const fit = chosen();
  el.legend.hidden = !(fit && el.colour.checked);
  if (!fit) {
    el.section.hidden = true;
    say('');
    paint(null);
    return;
  }
  el.section.hidden = false;
  el.section.dataset.state = 'loading';
  say('Estimating breeding values…');
  try {
    const f = await fit;
    if (mine !== sequence) return;
    say(`${f.name}: EBVs of ${f.values.size.toLocaleString('en')} germplasm (heritability ${f.heritability.toFixed(2)})`);
    showUrl(el.request, f.url);
    paint(el.colour.checked ? f : null);
    if (selected === null) return el.fields.replaceChildren();
    const v = f.values.get(selected);
    const dd = v
      ? h('dd', { 'data-field': 'ebv', 'data-value': String(v.breedingValue), title: `EBV = ${v.breedingValue}` }, `${formatEbv(v.breedingValue)} (reliability ${v.reliability.toFixed(2)})`)
      : h('dd', { 'data-field': 'ebv' }, `none: no record of ${f.name} in its pedigree`);
    el.fields.replaceChildren(h('dt', {}, `EBV ${f.name}`), dd);
    el.section.dataset.state = 'done';
    el.section.dataset.germplasm = selected;
  } catch (err) {
    if (mine !== sequence) return;
    say(`breeding values unavailable (${shortError(err)})`, true);
    el.fields.replaceChildren();
    el.section.hidden = false;
    el.section.dataset.state = 'failed';
  }
}

/** Colours every drawn germplasm box by its EBV (or clears the colours). */
function paint(fit: Fit | null) {
  const boxes = [...el.graph.querySelectorAll<SVGGElement>('g.node:not(.group)')];
  const drawn = fit ? boxes.map((g) => fit.values.get(g.getAttribute('data-id')!)?.breedingValue).filter((v): v is number => v !== undefined) : [];
  const scale = Math.max(0, ...drawn.map(Math.abs));
  for (const g of boxes) {
    const rect = g.querySelector('rect')!;
    const v = fit?.values.get(g.getAttribute('data-id')!);
    if (v) {
      rect.style.fill = ebvColour(v.breedingValue, scale);
      g.dataset.ebv = String(v.breedingValue);
    } else {
      rect.style.removeProperty('fill');
      delete g.dataset.ebv;
    }
  }
  el.graph.dataset.ebvColoured = fit ? 'true' : 'false';
}

/** The panel shows this germplasm. */
export function ebvSelectionChanged(germplasmDbId: string) {
  selected = germplasmDbId;
  el.fields.replaceChildren();
  void refresh();
}

/** The tree was drawn again: colour it again. */
export function ebvRedrawn() {
  void refresh();
}

/** Fills the trait list (numerical variables), then applies ?ebvVariable= and ?ebvColour= from the page URL. */
export async function initEbv(): Promise<void> {
  const params = new URLSearchParams(location.search);
  el.colour.checked = params.get('ebvColour') === 'true';
  el.trait.addEventListener('change', () => void refresh());
  el.colour.addEventListener('change', () => void refresh());
  try {
    const answer = await getJson(variablesUrl());
    const numeric = (answer.result.data ?? []).filter((v: any) => v?.scale?.dataType === 'Numerical');
    // A linked trait beyond the list's first page is asked for by its DbId.
    const wanted = params.get('ebvVariable');
    if (wanted && !numeric.some((v: any) => v.observationVariableDbId === wanted)) numeric.push((await getJson(variableUrl(wanted))).result);
    el.trait.append(...numeric.map((v: any) => h('option', { value: v.observationVariableDbId }, v.observationVariableName ?? v.observationVariableDbId)));
    if (wanted) el.trait.value = wanted;
    el.trait.dataset.ready = 'true';
    void refresh();
  } catch (err) {
    el.section.hidden = false;
    say(`traits unavailable (${shortError(err)})`, true);
  }
}
