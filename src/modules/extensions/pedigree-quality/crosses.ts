// Germplasm from one FEMALE x MALE pair (either orientation): likely duplicate records of one cross, or sister lines.
// Sister lines (several selections from one cross, as SoyBase records for most released cultivars) are the normal
// case and a finding of their own (SISTER_LINES, for information); two records of the pair are a likely duplicate
// (DUPLICATE_CROSS) when their names are equal but for case, spaces and punctuation, or when they were crossed in
// the same year within the same crossing project (one cross entered twice).
import type { QualityParent, QualityRecord } from './quality.js';

/** A name with case, white space and punctuation (anything but letters and digits) taken out. */
export function nameKey(name: string): string {
  return name.normalize('NFKC').toLowerCase().replace(/[^\p{L}\p{N}]/gu, '');
}

export const quoted = (name: string | null, id: string) => (name === null ? id : `"${name}" (${id})`);

/** Why a and b (from one parent pair) look like one cross recorded twice; null when they look like sister lines. */
export function duplicateReason(a: QualityRecord, b: QualityRecord): string | null {
  if (a.germplasmName && b.germplasmName && nameKey(a.germplasmName) === nameKey(b.germplasmName)) {
    return a.germplasmName === b.germplasmName ? 'the same name' : 'a name equal but for case, spaces or punctuation';
  }
  if (a.crossingYear !== null && a.crossingYear === b.crossingYear && a.crossingProjectDbId && a.crossingProjectDbId === b.crossingProjectDbId) {
    return `the same crossing year (${a.crossingYear}) and crossing project (${a.crossingProjectDbId})`;
  }
  return null;
}

export interface PairFinding {
  check: 'DUPLICATE_CROSS' | 'SISTER_LINES';
  germplasm: QualityRecord;
  related: QualityRecord[];
  reason: string;
}

/** The findings of one group of germplasm with the same two parents (two or more of them). */
export function pairFindings(group: QualityRecord[]): PairFinding[] {
  const parentOf = (g: QualityRecord, type: string) => g.parents.find((p) => p.parentType === type)!;
  const list = (xs: QualityRecord[]) => xs.map((x) => quoted(x.germplasmName, x.germplasmDbId)).join(', ');
  const cross = (f: QualityParent, m: QualityParent) => `${quoted(f.germplasmName, f.germplasmDbId)} x ${quoted(m.germplasmName, m.germplasmDbId)}`;
  const findings: PairFinding[] = [];
  for (const g of group) {
    const [f, m] = [parentOf(g, 'FEMALE'), parentOf(g, 'MALE')];
    const rest = group.filter((x) => x !== g);
    const duplicates = rest.map((x) => ({ x, why: duplicateReason(g, x) })).filter((d) => d.why !== null);
    if (duplicates.length) {
      const named = duplicates.map(({ x, why }) => `${quoted(x.germplasmName, x.germplasmDbId)} (${why}${parentOf(x, 'FEMALE').germplasmDbId === f.germplasmDbId ? '' : ', as the reciprocal cross'})`);
      findings.push({ check: 'DUPLICATE_CROSS', germplasm: g, related: duplicates.map((d) => d.x), reason: `${cross(f, m)} is likely recorded again as ${named.join(', ')}.` });
      continue;
    }
    const same = rest.filter((x) => parentOf(x, 'FEMALE').germplasmDbId === f.germplasmDbId);
    const reciprocal = rest.filter((x) => parentOf(x, 'FEMALE').germplasmDbId !== f.germplasmDbId);
    const parts = [];
    if (same.length) parts.push(`sister lines from the same cross: ${list(same)}`);
    if (reciprocal.length) parts.push(`lines from the reciprocal cross: ${list(reciprocal)}`);
    findings.push({ check: 'SISTER_LINES', germplasm: g, related: rest, reason: `${cross(f, m)} also gave ${parts.join('; and ')} (different names, not crossed in the same year and project).` });
  }
  return findings;
}
