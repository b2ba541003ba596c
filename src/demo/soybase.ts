// Reads the SoyBase soybean parentage files (fixtures/soybase, Apache-2.0) into BrAPI germplasm records:
// every strain, plus every parent named by a strain that has no row of its own. Parent values that are inline
// pedigree expressions, e.g. "( Kent 7 X L49-4196 )", are not germplasm names and are left to the pedigree loader.
import fs from 'node:fs';
import path from 'node:path';
import { isPedigreeExpression, slugIds, type SexedRow } from '../modules/germplasm/pedigree/io/namedRows.js';
import { cellValue } from '../modules/germplasm/pedigree/io/readers.js';

export type SoybaseRow = SexedRow;

export interface SoybaseData {
  rows: SoybaseRow[];
  germplasm: Array<{ germplasmDbId: string; record: Record<string, unknown> }>;
}


function readTsv(file: string): string[][] {
  return fs.readFileSync(file, 'utf8').split('\n').filter((l) => l && !l.startsWith('#')).map((l) => l.split('\t'));
}

/** key -> its distinct values, in file order (the synonyms file repeats some, and lists some names as their own). */
function groupBy(rows: string[][]): Map<string, string[]> {
  const map = new Map<string, string[]>();
  for (const [key, raw] of rows) {
    const value = raw?.trim();
    if (!value || value === key) continue;
    const values = map.get(key) ?? [];
    if (!values.includes(value)) values.push(value);
    map.set(key, values);
  }
  return map;
}

export function readSoybase(dir: string): SoybaseData {
  const rows = readTsv(path.join(dir, 'parentage.tsv')).map(([strain, p1, p2]) => ({
    strain: strain.trim(),
    female: cellValue(p1),
    male: cellValue(p2),
  }));
  const synonyms = groupBy(readTsv(path.join(dir, 'parentage-synonyms.tsv')));
  const comments = groupBy(readTsv(path.join(dir, 'parentage-comments.tsv')));

  const names: string[] = rows.map((r) => r.strain);
  const known = new Set(names);
  for (const { female, male } of rows) {
    for (const parent of [female, male]) {
      if (parent && !isPedigreeExpression(parent) && !known.has(parent)) {
        known.add(parent);
        names.push(parent);
      }
    }
  }
  const ids = slugIds(names);
  const byStrain = new Map(rows.map((r) => [r.strain, r]));
  const germplasm = names.map((name) => {
    const alt = synonyms.get(name) ?? [];
    const row = byStrain.get(name);
    const note = comments.get(name);
    return {
      germplasmDbId: ids.get(name)!,
      record: {
        germplasmName: name,
        defaultDisplayName: name,
        germplasmPUI: `urn:soybase:parentage:${encodeURIComponent(name)}`,
        commonCropName: 'Soybean',
        genus: 'Glycine',
        species: 'max',
        collection: 'SoyBase parentage',
        accessionNumber: alt.find((a) => /^PI \d/.test(a)) ?? null,
        synonyms: alt.length === 0 ? null : alt.map((synonym) => ({ synonym, type: /^PI \d/.test(synonym) ? 'PI accession number' : 'alternate name' })),
        additionalInfo: note ? { soybaseComment: note.join('; ') } : null,
      },
    };
  });
  return { rows, germplasm };
}
