// The side panel: the selected germplasm's BrAPI record (GET /germplasm/{germplasmDbId}), a few key fields and the
// whole record as pretty-printed JSON; below the key fields its inbreeding coefficient and generations (analysis.ts),
// asked at the same time and filled when they come.
import { showAnalysis } from './analysis.js';
import { germplasmUrl, getJson } from './api.js';
import { byId, h, showUrl } from './dom.js';

const FIELDS: Array<[string, (g: any) => unknown]> = [
  ['germplasmDbId', (g) => g.germplasmDbId],
  ['accession', (g) => g.accessionNumber],
  ['pedigree', (g) => g.pedigree],
  ['species', (g) => [g.genus, g.species].filter(Boolean).join(' ')],
  ['crop', (g) => g.commonCropName],
  ['synonyms', (g) => (g.synonyms ?? []).map((s: any) => s.synonym).join(', ')],
  ['collection', (g) => g.collection],
];

/** Shows the record; an answer that arrives after another germplasm was selected is dropped. */
export async function showRecord(germplasmDbId: string): Promise<void> {
  const url = germplasmUrl(germplasmDbId);
  const link = byId<HTMLAnchorElement>('panel-url');
  showUrl(link, url);
  const mine = link.href;
  byId('panel-title').textContent = germplasmDbId;
  byId('panel-fields').replaceChildren();
  byId('panel-json').textContent = 'Loading…';
  void showAnalysis(germplasmDbId);
  try {
    const record = (await getJson(url)).result;
    if (link.href !== mine) return; // another germplasm was selected meanwhile
    byId('panel-title').textContent = record.germplasmName ?? record.germplasmDbId;
    byId('panel-fields').replaceChildren(
      ...FIELDS.flatMap(([label, read]) => {
        const value = read(record);
        return value === null || value === undefined || value === '' ? [] : [h('dt', {}, label), h('dd', {}, String(value))];
      }),
    );
    byId('panel-json').textContent = JSON.stringify(record, null, 2);
  } catch (err) {
    if (link.href === mine) byId('panel-json').textContent = (err as Error).message;
    throw err;
  }
}
