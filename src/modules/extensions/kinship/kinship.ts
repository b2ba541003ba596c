// Coancestry (coefficient of parentage) and additive relationship of germplasm from their pedigree: pure computation,
// no database. Input is a pedigree closed under parents (every parent listed is a record too, or counts as unknown).
//
// Notation: f(i,j) is the coefficient of coancestry (the probability that two alleles drawn at random, one from i and
// one from j, are identical by descent); a(i,j) = 2 f(i,j) is the additive (numerator) relationship; the inbreeding
// coefficient of i is F(i) = 2 f(i,i) - 1, so a(i,i) = 1 + F(i).
//
// The recursive tabular method (Emik & Terrill 1949; Henderson 1976, Biometrics 32:69-83), written for f, with s and d
// the two parents of i and j not a descendant of i (here: j earlier in a parents-before-children order):
//   f(i,j) = (f(s,j) + f(d,j)) / 2             (a_ij = (a_js + a_jd) / 2)
//   f(i,i) = (1 + f(s,d)) / 2                  (a_ii = 1 + a_sd / 2, F(i) = f(s,d))
// An unknown parent is an unrelated founder: every f with it is 0. How each germplasm's PARENT relationships map to
// its gametes (FEMALE, MALE, SELF, CLONAL, and k POPULATION parents counting 1/k each) is the rule of
// ../relationship/origin.ts, shared with the relationship extension. In general, for i with parent contributions w_p
// and gamete pairs (p, q) drawn with probability P(p,q):
//   f(i,j) = sum_p w_p f(p,j)                  (two parents: (f(s,j) + f(d,j)) / 2)
//   f(i,i) = (1 + sum P(p,q) f(p,q)) / 2       (two parents: (1 + f(s,d)) / 2; a self of P: (1 + f(P,P)) / 2)
// and a clone of P is P: f(i,j) = f(P,j), f(i,i) = f(P,P). Relationships that fit no rule (a SELF edge beside
// others, a second FEMALE) are left out and reported (unusedParents), never silently mixed in.
//
// Methods:
//   "pedigree" (default) as above; founders are non-inbred: f(i,i) = 1/2, F = 0.
//   "inbred": the coefficient of parentage as used for self-pollinated crops (Kempthorne 1969; Cox, Kiang, Gorman &
//   Rodgers 1985, Crop Sci 25:529-532, for soybean): every line is taken as fully inbred, f(i,i) = 1 (F = 1), and a
//   line from a cross has half its genes from each parent, f(i,j) = (f(s,j) + f(d,j)) / 2. A line selected from a
//   self or a clone of P is P again: f(i,j) = f(P,j).
//
// Only the pairs that are needed are computed: a memo of (later, earlier) pairs filled from the requested pairs
// downwards, with an explicit stack instead of recursion, so a pedigree of any depth cannot overflow the call stack.

import { ConflictError } from '../../../errors.js';
import { contributions, gametePairs, originOf, type UnusedParent } from '../relationship/origin.js';
import { PairMemo } from './pair-memo.js';

export type { UnusedParent };

export const KINSHIP_METHODS = ['pedigree', 'inbred'] as const;
export type KinshipMethod = (typeof KINSHIP_METHODS)[number];

export interface PedigreeRecord {
  germplasmDbId: string;
  germplasmName: string | null;
  parents: Array<{ germplasmDbId: string; parentType: string }>;
}

export interface Kinship {
  germplasmDbIds: string[];
  /** Coefficient of coancestry f (= coefficient of parentage), in the order of germplasmDbIds. */
  coancestry: number[][];
  /** Additive relationship A = 2f. */
  relationship: number[][];
  /** Inbreeding coefficient F = 2 f(i,i) - 1. */
  inbreeding: number[];
  /** Parent relationships that fit no rule above and were left out. */
  unusedParents: UnusedParent[];
}

const UNKNOWN = -1;

/** Whether parents[k] names the same germplasm as an earlier entry (a relationship listed twice counts once). */
function namedBefore(parents: PedigreeRecord['parents'], k: number): boolean {
  for (let m = 0; m < k; m++) if (parents[m].germplasmDbId === parents[k].germplasmDbId) return true;
  return false;
}

/** Record indexes in an order where parents come before their children, generation by generation; ties by DbId, so
 * results are reproducible. */
export function topologicalOrder(records: PedigreeRecord[], index: Map<string, number>): number[] {
  const n = records.length;
  const pending = new Int32Array(n);
  const ids = new Array<string>(n);
  const children = new Array<number[]>(n);
  for (let i = 0; i < n; i++) (ids[i] = records[i].germplasmDbId), (children[i] = []);
  // Plain loops, no closure or Set per record: on SoyBase's 22,518 germplasm this order was a fifth of inbreeding's
  // computation.
  for (let i = 0; i < n; i++) {
    const parents = records[i].parents;
    for (let k = 0; k < parents.length; k++) {
      const p = index.get(parents[k].germplasmDbId);
      if (p === undefined || p === i || namedBefore(parents, k)) continue;
      pending[i]++;
      children[p].push(i);
    }
  }
  const byId = (a: number, b: number) => (ids[a] < ids[b] ? -1 : 1);
  let ready: number[] = [];
  for (let i = 0; i < n; i++) if (pending[i] === 0) ready.push(i);
  ready.sort(byId);
  const order: number[] = [];
  while (ready.length) {
    const next: number[] = [];
    for (const i of ready) {
      order.push(i);
      for (const c of children[i]) if (--pending[c] === 0) next.push(c);
    }
    ready = next.sort(byId);
  }
  // The upload refuses cycles, but a pedigree written around it (older data, a write in Neo4j Browser) can hold one:
  // the curator is told where, not given a 500.
  if (order.length !== n) {
    const stuck = records.filter((_, i) => pending[i] > 0).map((r) => r.germplasmDbId).sort();
    throw new ConflictError(`The pedigree holds a cycle (a germplasm is its own ancestor): ${stuck.length} germplasm are in one or descend from one, ` +
      `e.g. ${stuck.slice(0, 5).join(', ')}: kinship, inbreeding and A-inverse need an acyclic pedigree. The pedigree ` +
      'quality report (GET /extensions/pedigree-quality?check=CYCLE) names each cycle; remove one of its relationships.');
  }
  return order;
}

/**
 * The kinship matrices of `ids` (distinct, each present in `records`) from the pedigree `records` (the ids and all
 * their ancestors).
 */
export function computeKinship(records: PedigreeRecord[], ids: string[], method: KinshipMethod): Kinship {
  const index = new Map(records.map((r, i) => [r.germplasmDbId, i]));
  const order = topologicalOrder(records, index);
  const rank = new Int32Array(records.length);
  order.forEach((recordIndex, position) => (rank[recordIndex] = position));
  const position = (id: string) => {
    const i = index.get(id);
    return i === undefined ? UNKNOWN : rank[i];
  };
  const unusedParents: UnusedParent[] = [];
  // Each position's terms as flat arrays for the inner loop: its parents' contributions (f(i,j) = sum w f(p,j)) and
  // its gamete pairs (f(i,i) = (1 + sum P f(p,q)) / 2); a clone's one contribution is its parent's, weight 1.
  const n = order.length;
  const clone = new Uint8Array(n);
  const termStart = new Int32Array(n + 1);
  const pairStart = new Int32Array(n + 1);
  const termP: number[] = [];
  const termW: number[] = [];
  const pairP: number[] = [];
  const pairQ: number[] = [];
  const pairW: number[] = [];
  order.forEach((recordIndex, y) => {
    const record = records[recordIndex];
    const { origin, unused } = originOf(record.germplasmDbId, record.parents);
    unusedParents.push(...unused);
    termStart[y] = termP.length;
    pairStart[y] = pairP.length;
    for (const [id, w] of contributions(origin)) {
      const p = position(id);
      if (p !== UNKNOWN) (termP.push(p), termW.push(w));
    }
    if (origin.kind === 'clone') {
      clone[y] = position(origin.parent) === UNKNOWN ? 0 : 1;
      return;
    }
    for (const [x, z, w] of gametePairs(origin)) {
      const [p, q] = [position(x), position(z)];
      if (p !== UNKNOWN && q !== UNKNOWN) (pairP.push(p), pairQ.push(q), pairW.push(w));
    }
  });
  termStart[n] = termP.length;
  pairStart[n] = pairP.length;

  // Sized for about one pair per (ancestor, requested germplasm), what a SoyBase request fills, to avoid regrowing.
  const memo = new PairMemo(records.length * ids.length);
  const get = (a: number, b: number) => (a >= b ? memo.get(a, b) : memo.get(b, a));
  // The pairs still to compute, two entries each (later, earlier); `top` is its length (cheaper than resizing).
  const stack: number[] = [];
  let top = 0;
  const push = (a: number, b: number) => {
    stack[top++] = a >= b ? a : b;
    stack[top++] = a >= b ? b : a;
  };
  /** f(a,b), filling the memo with every pair it needs first (depth-first on an explicit stack). */
  const coancestry = (a: number, b: number): number => {
    push(a, b);
    while (top) {
      const y = stack[top - 2];
      const o = stack[top - 1];
      if (memo.get(y, o) !== undefined) {
        top -= 2;
        continue;
      }
      // f(y,o) = constant + sum weight * f(p,q) by the formulas above; a term with an unknown parent is 0 (absent).
      let value = 0;
      let missing = false;
      const term = (w: number, p: number, q: number) => {
        const v = get(p, q);
        if (v === undefined) {
          missing = true;
          push(p, q);
        } else value += w * v;
      };
      if (y === o && method === 'inbred') value = 1;
      else if (y === o && clone[y]) term(1, termP[termStart[y]], termP[termStart[y]]);
      else if (y === o) {
        value = 0.5;
        for (let t = pairStart[y]; t < pairStart[y + 1]; t++) term(0.5 * pairW[t], pairP[t], pairQ[t]);
      } else for (let t = termStart[y]; t < termStart[y + 1]; t++) term(termW[t], termP[t], o);
      if (missing) continue;
      memo.set(y, o, value);
      top -= 2;
    }
    return get(a, b)!;
  };

  const wanted = ids.map((id) => {
    const p = position(id);
    if (p === UNKNOWN) throw new Error(`computeKinship: no record for ${id}`);
    return p;
  });
  const f = wanted.map(() => new Array<number>(wanted.length).fill(0));
  for (let i = 0; i < wanted.length; i++) {
    for (let j = 0; j <= i; j++) f[i][j] = f[j][i] = coancestry(wanted[i], wanted[j]);
  }
  return {
    germplasmDbIds: ids,
    coancestry: f,
    relationship: f.map((row) => row.map((x) => 2 * x)),
    inbreeding: f.map((row, i) => 2 * row[i] - 1),
    unusedParents,
  };
}
