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
// An unknown parent is an unrelated founder: every f with it is 0. How each germplasm's PARENT relationships map to s
// and d (parentSources below):
//   FEMALE + MALE       s = female, d = male; one of them missing: that one is unknown.
//   POPULATION          a known parent whose partner is unknown (a selection from an open-pollinated population);
//                       it fills s, then d, after FEMALE and MALE (so two POPULATION parents are a bi-parental pair).
//   SELF (one edge, P)  s = d = P: f(i,j) = f(P,j), f(i,i) = (1 + f(P,P)) / 2; selfing an S0 gives F = 1/2, 3/4, 7/8...
//   CLONAL (one edge, P) i is genetically P: f(i,j) = f(P,j), f(i,i) = f(P,P).
// A SELF or CLONAL parent next to other parents, or parents beyond the two slots, fit none of these; they are left out
// and reported (unusedParents), never silently mixed in.
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

import { PairMemo } from './pair-memo.js';

export const KINSHIP_METHODS = ['pedigree', 'inbred'] as const;
export type KinshipMethod = (typeof KINSHIP_METHODS)[number];

export interface PedigreeRecord {
  germplasmDbId: string;
  germplasmName: string | null;
  parents: Array<{ germplasmDbId: string; parentType: string }>;
}

export interface UnusedParent {
  germplasmDbId: string;
  parentDbId: string;
  parentType: string;
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

/** Where a germplasm's genes come from: a gamete of s and one of d (positions; -1 unknown; s = d for a self), or
 * the whole of s (a clone, s = d). */
interface Source {
  clone: boolean;
  s: number;
  d: number;
}

const UNKNOWN = -1;

/** Record indexes in an order where parents come before their children; ties by DbId, so results are reproducible. */
function topologicalOrder(records: PedigreeRecord[], index: Map<string, number>): number[] {
  const n = records.length;
  const pending = new Int32Array(n);
  const children: number[][] = records.map(() => []);
  records.forEach((r, i) => {
    const parents = new Set(r.parents.map((p) => index.get(p.germplasmDbId)).filter((p): p is number => p !== undefined && p !== i));
    pending[i] = parents.size;
    for (const p of parents) children[p].push(i);
  });
  const byId = (a: number, b: number) => (records[a].germplasmDbId < records[b].germplasmDbId ? -1 : 1);
  let ready = records.map((_, i) => i).filter((i) => pending[i] === 0).sort(byId);
  const order: number[] = [];
  while (ready.length) {
    const next: number[] = [];
    for (const i of ready) {
      order.push(i);
      for (const c of children[i]) if (--pending[c] === 0) next.push(c);
    }
    ready = next.sort(byId);
  }
  // The pedigree upload rejects cycles, so this is a broken invariant, not bad input.
  if (order.length !== n) throw new Error('The pedigree has a cycle; kinship needs an acyclic pedigree.');
  return order;
}

/** The parent slots of one germplasm (positions in the topological order) and the relationships left out. */
function parentSources(record: PedigreeRecord, position: (id: string) => number): { source: Source; unused: UnusedParent[] } {
  const edges = record.parents.filter((p) => p.germplasmDbId !== record.germplasmDbId);
  const unused = (list: typeof edges) => list.map((p) => ({ germplasmDbId: record.germplasmDbId, parentDbId: p.germplasmDbId, parentType: p.parentType }));
  if (edges.length === 1 && (edges[0].parentType === 'SELF' || edges[0].parentType === 'CLONAL')) {
    const p = position(edges[0].germplasmDbId);
    return { source: { clone: edges[0].parentType === 'CLONAL', s: p, d: p }, unused: [] };
  }
  const byType = (type: string) => edges.filter((e) => e.parentType === type);
  const populations = byType('POPULATION').sort((a, b) => (a.germplasmDbId < b.germplasmDbId ? -1 : 1));
  // s is the female, else a POPULATION parent; d the male, else the next POPULATION parent; else unknown.
  const s = byType('FEMALE')[0] ?? populations.shift();
  const d = byType('MALE')[0] ?? populations.shift();
  return {
    source: { clone: false, s: s ? position(s.germplasmDbId) : UNKNOWN, d: d ? position(d.germplasmDbId) : UNKNOWN },
    unused: unused(edges.filter((e) => e !== s && e !== d)),
  };
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
  // Each position's parent slots, as flat arrays for the inner loop.
  const sourceS = new Int32Array(order.length);
  const sourceD = new Int32Array(order.length);
  const clone = new Uint8Array(order.length);
  order.forEach((recordIndex, p) => {
    const { source, unused } = parentSources(records[recordIndex], position);
    [sourceS[p], sourceD[p], clone[p]] = [source.s, source.d, source.clone ? 1 : 0];
    unusedParents.push(...unused);
  });

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
      // f(y,o) = constant + weight * (f(p1,q1) + f(p2,q2)) by the formulas above; a term with an unknown parent is 0.
      const s = sourceS[y];
      const d = sourceD[y];
      let constant = 0;
      let weight = 0.5;
      let p1 = UNKNOWN, q1 = UNKNOWN, p2 = UNKNOWN, q2 = UNKNOWN;
      if (y === o) {
        if (method === 'inbred') {
          constant = 1;
          weight = 0;
        } else if (clone[y] && s !== UNKNOWN) {
          weight = 1;
          p1 = q1 = s;
        } else {
          constant = 0.5;
          if (s !== UNKNOWN && d !== UNKNOWN) [p1, q1] = [s, d];
        }
      } else if (s === d) {
        // A self or a clone: (f(P,o) + f(P,o)) / 2 = f(P,o); a founder: 0.
        weight = 1;
        p1 = s;
        q1 = o;
      } else {
        p1 = s;
        p2 = d;
        q1 = q2 = o;
      }
      const v1 = p1 === UNKNOWN ? 0 : get(p1, q1);
      const v2 = p2 === UNKNOWN ? 0 : get(p2, q2);
      if (v1 === undefined || v2 === undefined) {
        if (v1 === undefined) push(p1, q1);
        if (v2 === undefined) push(p2, q2);
        continue;
      }
      memo.set(y, o, constant + weight * (v1 + v2));
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
