// The pedigree quality report: pure computation over the germplasm of a scope (a crop, a program or the whole
// database) with their parents, one finding per germplasm and problem, ranked by severity so that a curator works
// through what breaks the pedigree first. What curators otherwise look for by hand or with spreadsheet look-ups
// (Breedbase issues 2866 and 5262):
//   ERROR
//   CYCLE             the germplasm is its own ancestor (a cycle of PARENT relationships; cycles.ts)
//   PARENT_SET        a parent set the upload rules refuse (pedigree/parent-sets.ts), stored before the rules or by
//                     a path that bypassed them
//   CROSSING_YEAR     the germplasm's crossingYear is earlier than one of its parents' (a child before its parent)
//   WARNING
//   CROSS_CROP        a PARENT relationship to a germplasm of another crop (commonCropName)
//   DUPLICATE_CROSS   a likely second record of one cross: the same FEMALE x MALE pair (either orientation) and the
//                     same name but for case and punctuation, or the same crossing year and project (crosses.ts)
//   SIMILAR_NAME      germplasm of one crop whose names are equal once case, spaces and punctuation are ignored
//                     ("Williams 82", "WILLIAMS-82", "williams82")
//   UNKNOWN_PARENT    one parent of a cross missing: a FEMALE without a MALE, a MALE without a FEMALE, or a single
//                     POPULATION parent
//   INFO
//   SISTER_LINES      other germplasm from the same pair that are not likely duplicates: sister lines of one cross,
//                     or lines of the reciprocal cross
//   UNKNOWN_PARENTS   no parent recorded (a founder, or a pedigree never entered)
import { parentSetProblem } from '../../germplasm/pedigree/parent-sets.js';
import type { ParentType } from '../../germplasm/pedigree/types.js';
import { cycleMembers } from './cycles.js';
import { nameKey, pairFindings, quoted } from './crosses.js';

export { nameKey } from './crosses.js';

/** The checks in the order of the report: by severity, then as listed above. */
export const QUALITY_CHECKS = ['CYCLE', 'PARENT_SET', 'CROSSING_YEAR', 'CROSS_CROP', 'DUPLICATE_CROSS', 'SIMILAR_NAME', 'UNKNOWN_PARENT', 'SISTER_LINES', 'UNKNOWN_PARENTS'] as const;
export type QualityCheck = (typeof QUALITY_CHECKS)[number];
const CYCLE_NAMED = 20;
export const SEVERITIES = ['ERROR', 'WARNING', 'INFO'] as const;
export type Severity = (typeof SEVERITIES)[number];
export const SEVERITY: Record<QualityCheck, Severity> = {
  CYCLE: 'ERROR', PARENT_SET: 'ERROR', CROSSING_YEAR: 'ERROR',
  CROSS_CROP: 'WARNING', DUPLICATE_CROSS: 'WARNING', SIMILAR_NAME: 'WARNING', UNKNOWN_PARENT: 'WARNING',
  SISTER_LINES: 'INFO', UNKNOWN_PARENTS: 'INFO',
};

export interface QualityParent {
  germplasmDbId: string;
  germplasmName: string | null;
  parentType: string;
  commonCropName: string | null;
  crossingYear: number | null;
}

export interface QualityRecord {
  germplasmDbId: string;
  germplasmName: string | null;
  commonCropName: string | null;
  crossingYear: number | null;
  /** The crossing project of the cross whose family the germplasm is, if any. */
  crossingProjectDbId: string | null;
  parents: QualityParent[];
}

export interface Finding {
  severity: Severity;
  check: QualityCheck;
  germplasmDbId: string;
  germplasmName: string | null;
  /** The other germplasm the finding is about (the parent, the duplicates), sorted. */
  relatedDbIds: string[];
  reason: string;
}

/** Every finding of the chosen checks (default all), ordered by severity, check, then germplasmDbId. */
export function qualityFindings(scope: { germplasm: QualityRecord[] }, checks: ReadonlySet<QualityCheck> = new Set(QUALITY_CHECKS)): Finding[] {
  const findings: Finding[] = [];
  const add = (check: QualityCheck, g: QualityRecord, relatedDbIds: string[], reason: string) =>
    findings.push({ severity: SEVERITY[check], check, germplasmDbId: g.germplasmDbId, germplasmName: g.germplasmName ?? null, relatedDbIds: [...relatedDbIds].sort(), reason });
  const crosses = new Map<string, QualityRecord[]>();
  const names = new Map<string, QualityRecord[]>();
  if (checks.has('CYCLE')) {
    const inScope = new Set(scope.germplasm.map((g) => g.germplasmDbId));
    const edges = new Map(scope.germplasm.map((g) => [g.germplasmDbId, g.parents.map((p) => p.germplasmDbId).filter((p) => inScope.has(p))]));
    const onCycle = cycleMembers(edges);
    const nameOf = new Map(scope.germplasm.map((g) => [g.germplasmDbId, g.germplasmName ?? null]));
    for (const g of scope.germplasm) {
      const cycle = onCycle.get(g.germplasmDbId);
      if (!cycle) continue;
      // A cycle through thousands of germplasm (a bad bulk write) names its first few, not all, in each finding.
      const named = cycle.slice(0, CYCLE_NAMED + 1).filter((id) => id !== g.germplasmDbId).slice(0, CYCLE_NAMED);
      const more = cycle.length - 1 > named.length ? ` and ${cycle.length - 1 - named.length} more` : '';
      add('CYCLE', g, named, cycle.length === 1
        ? 'The germplasm is its own parent.'
        : `The germplasm is its own ancestor: a cycle of PARENT relationships runs through it and ${named.map((id) => quoted(nameOf.get(id) ?? null, id)).join(', ')}${more}.`);
    }
  }

  for (const g of scope.germplasm) {
    const parents = g.parents.filter((p) => p.germplasmDbId !== g.germplasmDbId);
    if (checks.has('PARENT_SET')) {
      const problem = parentSetProblem(parents.map((p) => p.parentType as ParentType));
      if (problem) add('PARENT_SET', g, parents.map((p) => p.germplasmDbId), `The germplasm ${problem}.`);
    }
    if (checks.has('CROSSING_YEAR') && typeof g.crossingYear === 'number') {
      for (const p of parents) {
        if (typeof p.crossingYear === 'number' && g.crossingYear < p.crossingYear) {
          add('CROSSING_YEAR', g, [p.germplasmDbId], `Crossing year ${g.crossingYear} is before ${p.crossingYear}, the crossing year of its ${p.parentType} parent ${quoted(p.germplasmName, p.germplasmDbId)}.`);
        }
      }
    }
    if (checks.has('CROSS_CROP') && g.commonCropName) {
      for (const p of parents) {
        if (p.commonCropName && p.commonCropName !== g.commonCropName) {
          add('CROSS_CROP', g, [p.germplasmDbId], `A ${g.commonCropName} germplasm with a ${p.parentType} parent of another crop, ${p.commonCropName}: ${quoted(p.germplasmName, p.germplasmDbId)}.`);
        }
      }
    }
    const female = parents.filter((p) => p.parentType === 'FEMALE');
    const male = parents.filter((p) => p.parentType === 'MALE');
    const others = parents.filter((p) => p.parentType !== 'FEMALE' && p.parentType !== 'MALE');
    if (checks.has('UNKNOWN_PARENTS') && parents.length === 0) add('UNKNOWN_PARENTS', g, [], 'No parent is recorded.');
    // A single FEMALE, MALE or POPULATION parent: its partner is missing (SELF and CLONAL have one parent by nature).
    if (checks.has('UNKNOWN_PARENT') && parents.length === 1 && ['FEMALE', 'MALE', 'POPULATION'].includes(parents[0].parentType)) {
      const [known] = parents;
      const missing = known.parentType === 'FEMALE' ? 'the MALE parent is' : known.parentType === 'MALE' ? 'the FEMALE parent is' : 'the other parent is';
      add('UNKNOWN_PARENT', g, [known.germplasmDbId], `Only the ${known.parentType} parent ${quoted(known.germplasmName, known.germplasmDbId)} is known; ${missing} missing.`);
    }
    if ((checks.has('DUPLICATE_CROSS') || checks.has('SISTER_LINES')) && female.length === 1 && male.length === 1 && others.length === 0) {
      const [f, m] = [female[0].germplasmDbId, male[0].germplasmDbId];
      const key = f < m ? `${f}\u0000${m}` : `${m}\u0000${f}`;
      const group = crosses.get(key);
      if (group) group.push(g);
      else crosses.set(key, [g]);
    }
    if (checks.has('SIMILAR_NAME') && g.germplasmName) {
      const key = `${g.commonCropName ?? ''}\u0000${nameKey(g.germplasmName)}`;
      const group = names.get(key);
      if (group) group.push(g);
      else names.set(key, [g]);
    }
  }

  for (const group of crosses.values()) {
    if (group.length < 2) continue;
    for (const f of pairFindings(group)) {
      if (checks.has(f.check)) add(f.check, f.germplasm, f.related.map((x) => x.germplasmDbId), f.reason);
    }
  }
  for (const group of names.values()) {
    if (group.length < 2) continue;
    for (const g of group) {
      const rest = group.filter((x) => x !== g);
      const identical = rest.every((x) => x.germplasmName === g.germplasmName);
      add('SIMILAR_NAME', g, rest.map((x) => x.germplasmDbId), `${identical ? 'The same name as' : 'The name differs only by case, spaces or punctuation from'} ${rest.map((x) => quoted(x.germplasmName, x.germplasmDbId)).join(', ')}.`);
    }
  }
  const order = new Map(QUALITY_CHECKS.map((c, i) => [c, i]));
  return findings.sort((a, b) => order.get(a.check)! - order.get(b.check)! || (a.germplasmDbId < b.germplasmDbId ? -1 : a.germplasmDbId > b.germplasmDbId ? 1 : 0));
}
