// The selected germplasm's pedigree figures in the side panel, from two of the server's extensions (not BrAPI):
// its inbreeding coefficient F (GET /extensions/inbreeding?germplasmDbId=X) and its generations
// (GET /extensions/generations?germplasmDbId=X: maximum, complete and equivalent complete generations and a code
// such as F3 or BC1F2). Both answer X and all its ancestors; the row of X is shown. Asked when the panel opens,
// beside the tree's own request and never awaited by the drawing; an answer for a germplasm no longer selected is
// aborted, and a failure is a short line in the panel.
import { generationsUrl, getJson, inbreedingUrl, shortError } from './api.js';
import { byId, h } from './dom.js';

let inFlight: AbortController | null = null;

/** F with four decimals (the exact value in the title and data-value). */
export function formatInbreeding(f: number): string {
  return f.toFixed(4);
}

/** Equivalent complete generations with two decimals. */
export function formatEquivalent(g: number): string {
  return g.toFixed(2);
}

function row(field: string, label: string, text: string, title?: string, value?: string): HTMLElement[] {
  const dd = h('dd', { 'data-field': field }, text);
  if (title) dd.title = title;
  if (value !== undefined) dd.dataset.value = value;
  return [h('dt', {}, label), dd];
}

/**
 * Why F and the generation code may surprise, when the pedigree stops early: F counts only the recorded ancestors
 * (the unknown ones count as unrelated and not inbred), and a code counts generations from the recorded cross (a
 * released cultivar whose parents' own parents are unknown reads F1 with F = 0). Null when every line of the
 * pedigree runs equally deep (nothing missing nearer than the founders).
 */
export function ancestryNote(g: { maxGenerations: number; completeGenerations: number; generationCode: string | null }): string | null {
  if (g.maxGenerations === 0) return 'No parents recorded: F is taken as 0 and there is no generation code.';
  if (g.completeGenerations === g.maxGenerations && g.maxGenerations > 1) return null;
  const where = g.completeGenerations === 0
    ? 'A parent is unknown'
    : g.completeGenerations === 1 ? "Parents' ancestry unknown" : `Ancestry unknown beyond ${g.completeGenerations} generations on some lines`;
  const code = g.generationCode ? `, and ${g.generationCode} counts from the recorded cross, not the selfing the line may have had since` : '';
  return `${where}: F counts only the recorded pedigree (unknown ancestors count as unrelated and not inbred)${code}.`;
}

function rowOf(answer: any, germplasmDbId: string): any {
  const found = (answer?.result?.data ?? []).find((r: any) => r?.germplasmDbId === germplasmDbId);
  if (!found) throw new Error(`${germplasmDbId} is missing from the answer`);
  return found;
}

/** Fills #panel-analysis for this germplasm; never throws. */
export async function showAnalysis(germplasmDbId: string): Promise<void> {
  inFlight?.abort();
  const mine = new AbortController();
  inFlight = mine;
  const section = byId('panel-analysis');
  const fields = byId('analysis-fields');
  const status = byId('analysis-status');
  section.hidden = false;
  section.dataset.state = 'loading';
  section.dataset.germplasm = germplasmDbId;
  fields.replaceChildren();
  status.textContent = 'Loading F and generations…';
  // Both at once; each fills its rows when it comes (F first in the list whatever the order of arrival).
  const inbreeding = getJson(inbreedingUrl(germplasmDbId), mine.signal).then((a) => rowOf(a, germplasmDbId));
  const generations = getJson(generationsUrl(germplasmDbId), mine.signal).then((a) => rowOf(a, germplasmDbId));
  const [f, g] = await Promise.allSettled([inbreeding, generations]);
  if (inFlight !== mine) return; // another germplasm was selected meanwhile
  const rows: HTMLElement[] = [];
  const problems: string[] = [];
  if (f.status === 'fulfilled') {
    const value = Number(f.value.inbreeding);
    rows.push(...row('inbreeding', 'inbreeding F', formatInbreeding(value), `F = ${value} (GET /extensions/inbreeding)`, String(value)));
  } else problems.push(`F unavailable (${shortError(f.reason)})`);
  if (g.status === 'fulfilled') {
    const v = g.value;
    rows.push(
      ...row(
        'generations',
        'generations',
        `${v.maxGenerations} max · ${v.completeGenerations} complete · ${formatEquivalent(Number(v.equivalentGenerations))} equivalent`,
        'maximum, complete and equivalent complete generations (GET /extensions/generations)',
      ),
      ...row(
        'generationCode',
        'generation code',
        v.generationCode ?? '—',
        v.generationCode ? undefined : 'the pedigree shows no filial or backcross code',
        v.generationCode ?? '',
      ),
    );
    const note = ancestryNote(v);
    if (note) rows.push(...row('ancestry', 'note', note));
  } else problems.push(`generations unavailable (${shortError(g.reason)})`);
  fields.replaceChildren(...rows);
  status.textContent = problems.join('; ');
  status.classList.toggle('error', problems.length > 0);
  section.dataset.state = problems.length ? 'failed' : 'done';
  if (inFlight === mine) inFlight = null;
}
