// Where a germplasm's genes come from, read from its PARENT relationships: the one rule the kinship extension and
// the relationship extension (inbreeding, A-inverse) share, so both answer the same relationships for any pedigree.
//
// A germplasm is made of two gametes. Each gamete comes from one *side*: a list of parents, the gamete coming from
// one of them chosen with equal probability (an empty side is an unknown parent, unrelated to everything).
//   FEMALE + MALE             first side [FEMALE], second side [MALE].
//   FEMALE + k POPULATION     first [FEMALE], second the k populations (an open-pollinated or half-sib family: the
//                             pollen came from one of them): each population parent contributes 1/(2k).
//   k POPULATION alone, k>=2  both sides the k parents, the two gametes from two *different* ones (a synthetic or bulk
//                             made by intercrossing its sources, no selfing): each contributes 1/k, and the
//                             inbreeding is the mean coancestry of the distinct pairs. For k = 2 this is exactly the
//                             FEMALE x MALE cross of the two.
//   1 POPULATION, or one of FEMALE / MALE   that parent and an unknown one.
//   SELF P                    both gametes from P, drawn independently (a selfing): F = f(P,P).
//   CLONAL P                  the germplasm is P's genotype (no meiosis).
// A contribution of parent p is what a relationship with an earlier germplasm j inherits: a(i,j) = sum_p w_p a(p,j).
// Parent sets the upload refuses (pedigree/parent-sets.ts) may still be stored by older data: a SELF or CLONAL
// parent beside others, a second FEMALE or MALE, POPULATION beside a MALE (then the populations form the first side,
// the MALE the second). What fits no rule is left out and reported, never mixed in silently.

export interface ParentEdge {
  germplasmDbId: string;
  parentType: string;
}

export interface UnusedParent {
  germplasmDbId: string;
  parentDbId: string;
  parentType: string;
}

export type Origin =
  | { kind: 'clone'; parent: string }
  /** `distinct`: both sides are one list and the two gametes come from two different members of it. */
  | { kind: 'sexual'; first: string[]; second: string[]; distinct: boolean };

/** The origin of one germplasm, and the relationships that fit no rule (left out). */
export function originOf(germplasmDbId: string, parents: ParentEdge[]): { origin: Origin; unused: UnusedParent[] } {
  // Plain loops, no closure per call: inbreeding and A-inverse run this for every germplasm of the database.
  const edges: ParentEdge[] = [];
  for (const p of parents) if (p.germplasmDbId !== germplasmDbId) edges.push(p);
  if (edges.length === 1 && edges[0].parentType === 'CLONAL') return { origin: { kind: 'clone', parent: edges[0].germplasmDbId }, unused: [] };
  if (edges.length === 1 && edges[0].parentType === 'SELF') {
    const p = edges[0].germplasmDbId;
    return { origin: { kind: 'sexual', first: [p], second: [p], distinct: false }, unused: [] };
  }
  let female: ParentEdge | undefined;
  let male: ParentEdge | undefined;
  let populations: ParentEdge[] = [];
  for (const e of edges) {
    if (e.parentType === 'FEMALE') female ??= e;
    else if (e.parentType === 'MALE') male ??= e;
    else if (e.parentType === 'POPULATION') populations.push(e);
  }
  // Sorted, so that a result never depends on the order the database returned the edges in.
  if (populations.length > 1) populations.sort(byParentId);
  let first: string[] = [];
  let second: string[] = [];
  let distinct = false;
  if (female) first = [female.germplasmDbId];
  if (male) second = [male.germplasmDbId];
  if (populations.length) {
    const ids = populations.map(parentId);
    if (female && !male) second = ids;
    else if (male && !female) first = ids;
    else if (!female && !male) {
      first = ids.length === 1 ? ids : [...ids];
      second = ids.length === 1 ? [] : ids;
      distinct = ids.length > 1;
    } else populations = [];
  }
  const unused: UnusedParent[] = [];
  for (const e of edges) {
    if (e === female || e === male || populations.includes(e)) continue;
    unused.push({ germplasmDbId, parentDbId: e.germplasmDbId, parentType: e.parentType });
  }
  return { origin: { kind: 'sexual', first, second, distinct }, unused };
}

function byParentId(a: ParentEdge, b: ParentEdge): number {
  return a.germplasmDbId < b.germplasmDbId ? -1 : 1;
}

function parentId(p: ParentEdge): string {
  return p.germplasmDbId;
}

/** Each parent's contribution w_p (the weights of a(i,j) = sum_p w_p a(p,j)); a clone's parent gives 1. */
export function contributions(origin: Origin): Map<string, number> {
  const w = new Map<string, number>();
  if (origin.kind === 'clone') w.set(origin.parent, 1);
  else {
    for (const p of origin.first) w.set(p, (w.get(p) ?? 0) + 0.5 / origin.first.length);
    for (const p of origin.second) w.set(p, (w.get(p) ?? 0) + 0.5 / origin.second.length);
  }
  return w;
}

/**
 * The pairs (p, q, probability) the two gametes come from, for the inbreeding F = sum P(p,q) f(p,q): independent
 * draws from the two sides, or, for `distinct`, the ordered pairs of two different members. Empty when a side is
 * unknown (F = 0 with an unrelated founder).
 */
export function gametePairs(origin: Extract<Origin, { kind: 'sexual' }>): Array<[string, string, number]> {
  const { first, second } = origin;
  if (!first.length || !second.length) return [];
  const pairs: Array<[string, string, number]> = [];
  if (origin.distinct) {
    const k = first.length;
    // Unordered pairs, each standing for its two orders.
    for (let x = 0; x < k; x++) for (let y = x + 1; y < k; y++) pairs.push([first[x], first[y], 2 / (k * (k - 1))]);
    return pairs;
  }
  const weight = 1 / (first.length * second.length);
  for (const p of first) for (const q of second) pairs.push([p, q, weight]);
  return pairs;
}
