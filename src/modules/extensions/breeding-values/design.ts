// The design of the animal model y = Xb + Za + e from the records read (design.ts) and the pedigree's decomposition
// (../relationship/inverse.ts): the fixed-effect columns of each record and its animal row. Fixed effects:
//   study         one level per study (the environment: place and season), always; no separate intercept.
//   rep, block    asked for: the code of the unit's observationLevelRelationships of that level name, nested within
//                 the study (block also within the rep when both are fitted). The first level (by code) of each
//                 study (or study and rep) is the reference, set to 0, so that X has full column rank; a record
//                 without that level's code is in the level "" of its study.
import type { Decomposition } from '../relationship/inverse.js';

export const NESTED_FACTORS = ['rep', 'block'] as const;
export type NestedFactor = (typeof NESTED_FACTORS)[number];

export interface TraitRecord {
  value: number;
  germplasmDbId: string;
  studyDbId: string;
  studyName: string | null;
  levelNames: string[] | null;
  levelCodes: string[] | null;
}

export interface FixedLevel {
  factor: 'study' | NestedFactor;
  studyDbId: string;
  studyName: string | null;
  rep: string | null;
  block: string | null;
  /** The column of X, or -1 for a reference level (its effect is 0). */
  column: number;
  recordCount: number;
}

export interface Design {
  y: Float64Array;
  /** Per record, its fixed columns (FIXED_PER_RECORD slots, -1 when unused). */
  fixedColumns: Int32Array;
  /** Per record, its 0-based row of A-inverse. */
  animal: Int32Array;
  levels: FixedLevel[];
  /** Columns of X (its rank). */
  p: number;
  /** Rows of A-inverse. */
  q: number;
}

export const FIXED_PER_RECORD = 1 + NESTED_FACTORS.length;

const codeOf = (r: TraitRecord, level: string) => {
  const i = (r.levelNames ?? []).indexOf(level);
  return i < 0 ? '' : (r.levelCodes ?? [])[i] ?? '';
};

/** `dec`: the modelled germplasm and their rows (the pedigree's decomposition, or the genotyped rows of it). */
export function buildDesign(records: TraitRecord[], dec: Pick<Decomposition, 'germplasm' | 'rows'>, factors: NestedFactor[]): Design {
  const rowOf = new Map(dec.germplasm.map((g) => [g.germplasmDbId, g.row - 1]));
  const n = records.length;
  const levels = new Map<string, FixedLevel>();
  const keysOf = records.map((r) => {
    const rep = factors.includes('rep') ? codeOf(r, 'rep') : null;
    const block = factors.includes('block') ? codeOf(r, 'block') : null;
    const keys: Array<[string, FixedLevel]> = [[`study\u0000${r.studyDbId}`, { factor: 'study', studyDbId: r.studyDbId, studyName: r.studyName, rep: null, block: null, column: -1, recordCount: 0 }]];
    if (rep !== null) keys.push([`rep\u0000${r.studyDbId}\u0000${rep}`, { factor: 'rep', studyDbId: r.studyDbId, studyName: r.studyName, rep, block: null, column: -1, recordCount: 0 }]);
    if (block !== null) keys.push([`block\u0000${r.studyDbId}\u0000${rep ?? ''}\u0000${block}`, { factor: 'block', studyDbId: r.studyDbId, studyName: r.studyName, rep, block, column: -1, recordCount: 0 }]);
    for (const [key, level] of keys) {
      const known = levels.get(key) ?? level;
      known.recordCount++;
      levels.set(key, known);
    }
    return keys.map(([key]) => key);
  });
  // Columns: studies first, then each nested factor; within a factor by study (and rep), then code.
  const order = [...levels.values()].sort((a, b) =>
    ['study', ...NESTED_FACTORS].indexOf(a.factor) - ['study', ...NESTED_FACTORS].indexOf(b.factor)
    || a.studyDbId.localeCompare(b.studyDbId) || (a.rep ?? '').localeCompare(b.rep ?? '') || (a.block ?? '').localeCompare(b.block ?? ''));
  let p = 0;
  const groupsSeen = new Set<string>();
  for (const level of order) {
    // The group a nested level is a reference within: its study for a rep; its study and rep for a block.
    const group = level.factor === 'study' ? null : `${level.factor}\u0000${level.studyDbId}\u0000${level.factor === 'block' ? level.rep ?? '' : ''}`;
    if (group !== null && !groupsSeen.has(group)) {
      groupsSeen.add(group);
      continue;
    }
    level.column = p++;
  }
  const fixedColumns = new Int32Array(n * FIXED_PER_RECORD).fill(-1);
  const animal = new Int32Array(n);
  const y = new Float64Array(n);
  records.forEach((r, i) => {
    y[i] = r.value;
    keysOf[i].forEach((key, slot) => (fixedColumns[i * FIXED_PER_RECORD + slot] = levels.get(key)!.column));
    const row = rowOf.get(r.germplasmDbId);
    if (row === undefined) throw new Error(`buildDesign: ${r.germplasmDbId} is not in the pedigree read`);
    animal[i] = row;
  });
  return { y, fixedColumns, animal, levels: order, p, q: dec.rows };
}
