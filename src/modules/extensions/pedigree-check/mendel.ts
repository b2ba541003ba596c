// Checks of a recorded pedigree against marker genotypes, for inbred crops (lines derived by selfing, nearly fully
// homozygous). Genotypes are two allele arrays per line (a1, a2; 255 = missing), one byte per marker.
//
// - Pair (parent P, offspring O): opposing homozygotes, markers where O and P are both homozygous for different
//   alleles (the parentage test of Hayes 2011, J Dairy Sci 94:2114-2117). A line selected from P (one parent, or SELF) shows them only through genotyping errors; a line from a
//   cross P x Q shows them wherever it fixed Q's allele at a marker where the parents differ (about half of those), so
//   for a two-parent line the pair rate is evidence, not a test.
// - Trio (P, Q, O): a Mendelian inconsistency is a marker where O carries an allele neither parent has. A line of
//   P x Q inbred by selfing carries only their alleles, so true parents leave only genotyping errors. Rates are per
//   marker called in all the lines compared.
//
// A verdict compares a rate with `maxRate` (default 3%: at a 1% error rate per call, true parents stay near 1%).
// When a trio fails, each parent in turn is replaced by every other genotyped line (not the offspring, nor its
// descendants): the parent whose replacement brings the trio under `maxRate` is the wrong one, and the best
// replacements are its candidates.

export const MISSING_ALLELE = 255;

export interface Genotypes {
  a1: Uint8Array;
  a2: Uint8Array;
}

export interface PairEvidence {
  markers: number;
  opposingHomozygotes: number;
  rate: number | null;
}

export interface TrioEvidence {
  markers: number;
  inconsistent: number;
  rate: number | null;
}

const rate = (n: number, d: number) => (d ? n / d : null);

export function pairTest(o: Genotypes, p: Genotypes): PairEvidence {
  let markers = 0;
  let opposing = 0;
  for (let m = 0; m < o.a1.length; m++) {
    const o1 = o.a1[m], o2 = o.a2[m], p1 = p.a1[m], p2 = p.a2[m];
    if (o1 === MISSING_ALLELE || o2 === MISSING_ALLELE || p1 === MISSING_ALLELE || p2 === MISSING_ALLELE) continue;
    markers++;
    if (o1 === o2 && p1 === p2 && o1 !== p1) opposing++;
  }
  return { markers, opposingHomozygotes: opposing, rate: rate(opposing, markers) };
}

export function trioTest(o: Genotypes, p: Genotypes, q: Genotypes): TrioEvidence {
  let markers = 0;
  let inconsistent = 0;
  for (let m = 0; m < o.a1.length; m++) {
    const o1 = o.a1[m], o2 = o.a2[m], p1 = p.a1[m], p2 = p.a2[m], q1 = q.a1[m], q2 = q.a2[m];
    if (o1 === MISSING_ALLELE || o2 === MISSING_ALLELE || p1 === MISSING_ALLELE || p2 === MISSING_ALLELE || q1 === MISSING_ALLELE || q2 === MISSING_ALLELE) continue;
    markers++;
    const has1 = o1 === p1 || o1 === p2 || o1 === q1 || o1 === q2;
    const has2 = o2 === p1 || o2 === p2 || o2 === q1 || o2 === q2;
    if (!has1 || !has2) inconsistent++;
  }
  return { markers, inconsistent, rate: rate(inconsistent, markers) };
}

export interface Candidate {
  germplasmDbId: string;
  germplasmName: string | null;
  /** The trio with this line in the parent's place (and the other parent kept), or the pair for a one-parent line. */
  trio: TrioEvidence | null;
  pair: PairEvidence;
}

export type Verdict = 'CONSISTENT' | 'INCONSISTENT' | 'INCONCLUSIVE';

export interface ParentCheck {
  parentDbId: string;
  parentName: string | null;
  parentType: string;
  genotyped: boolean;
  verdict: Verdict;
  reason: string;
  pair: PairEvidence | null;
  candidates: Candidate[];
}

export interface Line {
  germplasmDbId: string;
  germplasmName: string | null;
  genotypes: Genotypes;
}

export interface CheckOptions {
  maxRate: number;
  /** Fewest markers called in all lines of a test for a verdict. */
  minMarkers: number;
  candidates: number;
}

export const DEFAULT_CHECK: CheckOptions = { maxRate: 0.03, minMarkers: 50, candidates: 3 };

const passes = (e: { rate: number | null; markers: number }, o: CheckOptions) => e.rate !== null && e.markers >= o.minMarkers && e.rate <= o.maxRate;
const pct = (r: number | null) => (r === null ? 'n/a' : `${(r * 100).toFixed(1)}%`);

/** Lines that could stand in a parent's place, best first: by trio rate with `other` kept, else by pair rate. */
export function bestCandidates(o: Line, pool: Line[], other: Line | null, o_: CheckOptions): Candidate[] {
  const scored = pool.map((c) => {
    const trio = other ? trioTest(o.genotypes, c.genotypes, other.genotypes) : null;
    const pair = pairTest(o.genotypes, c.genotypes);
    return { germplasmDbId: c.germplasmDbId, germplasmName: c.germplasmName, trio, pair };
  }).filter((c) => (c.trio ?? c.pair).markers >= o_.minMarkers);
  const key = (c: Candidate) => (c.trio ? c.trio.rate! : c.pair.rate!);
  return scored.sort((a, b) => key(a) - key(b) || a.germplasmDbId.localeCompare(b.germplasmDbId)).slice(0, o_.candidates);
}

export interface OffspringCheck {
  trio: TrioEvidence | null;
  parents: ParentCheck[];
}

/**
 * The verdict on each recorded parent of `o`. `parents` are its recorded parents, with their genotypes when
 * genotyped; `pool(exclude)` gives the genotyped lines that may be candidates.
 */
export function checkOffspring(
  o: Line,
  parents: Array<{ parentDbId: string; parentName: string | null; parentType: string; line: Line | null }>,
  pool: Line[],
  options: CheckOptions = DEFAULT_CHECK,
): OffspringCheck {
  const typed = parents.filter((p) => p.line);
  const base = (p: (typeof parents)[number]): ParentCheck => ({
    parentDbId: p.parentDbId, parentName: p.parentName, parentType: p.parentType, genotyped: Boolean(p.line),
    verdict: 'INCONCLUSIVE', reason: 'not genotyped in this variant set', pair: p.line ? pairTest(o.genotypes, p.line.genotypes) : null, candidates: [],
  });
  const checks = parents.map(base);

  if (parents.length === 1 && typed.length === 1) {
    // A line from one parent (a selection, SELF) must look like it: opposing homozygotes are errors only.
    const [c] = checks;
    const pair = c.pair!;
    if (pair.markers < options.minMarkers) c.reason = `only ${pair.markers} markers called in both`;
    else if (passes(pair, options)) Object.assign(c, { verdict: 'CONSISTENT', reason: `opposing homozygotes at ${pct(pair.rate)} of ${pair.markers} markers (at most ${pct(options.maxRate)})` });
    else Object.assign(c, { verdict: 'INCONSISTENT', reason: `opposing homozygotes at ${pct(pair.rate)} of ${pair.markers} markers: a line from one parent shares its homozygotes`, candidates: bestCandidates(o, pool, null, options) });
    return { trio: null, parents: checks };
  }
  if (parents.length !== 2 || typed.length < 2) {
    for (const c of checks.filter((c) => c.genotyped)) {
      c.reason = `the other parent is not genotyped; opposing homozygotes at ${pct(c.pair!.rate)} of ${c.pair!.markers} markers (a line of a cross may differ from one parent at half the markers where its parents differ)`;
    }
    return { trio: null, parents: checks };
  }
  const [p, q] = [parents[0].line!, parents[1].line!];
  const trio = trioTest(o.genotypes, p.genotypes, q.genotypes);
  if (trio.markers < options.minMarkers) {
    for (const c of checks) c.reason = `only ${trio.markers} markers called in the offspring and both parents`;
    return { trio, parents: checks };
  }
  if (passes(trio, options)) {
    for (const c of checks) Object.assign(c, { verdict: 'CONSISTENT', reason: `the trio is Mendelian-inconsistent at ${pct(trio.rate)} of ${trio.markers} markers (at most ${pct(options.maxRate)})` });
    return { trio, parents: checks };
  }
  // Which parent explains the failure: replace each in turn by the best other line.
  const fixes = [0, 1].map((i) => bestCandidates(o, pool, i === 0 ? q : p, options));
  const fixed = fixes.map((list) => list.length > 0 && passes(list[0].trio!, options));
  const bestRate = (i: number) => fixes[i][0]?.trio?.rate ?? 1;
  const wrong = fixed[0] && fixed[1] ? [bestRate(0) <= bestRate(1) ? 0 : 1] : fixed[0] ? [0] : fixed[1] ? [1] : [0, 1];
  checks.forEach((c, i) => {
    if (wrong.includes(i)) {
      const best = fixes[i][0];
      Object.assign(c, {
        verdict: 'INCONSISTENT',
        candidates: fixes[i],
        reason: `the trio is Mendelian-inconsistent at ${pct(trio.rate)} of ${trio.markers} markers; ` + (wrong.length === 1
          ? `with ${best.germplasmName ?? best.germplasmDbId} in this parent's place it is ${pct(best.trio!.rate)}`
          : 'no other genotyped line in either parent\'s place makes it consistent: both may be wrong'),
      });
    } else {
      Object.assign(c, { verdict: 'CONSISTENT', reason: `the trio becomes consistent when the other parent is replaced (${pct(bestRate(1 - i))})` });
    }
  });
  return { trio, parents: checks };
}
