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
  const sources: Source[] = order.map((i) => {
    const { source, unused } = parentSources(records[i], position);
    unusedParents.push(...unused);
    return source;
  });

  const n = records.length;
  const memo = new Map<number, number>();
  const key = (a: number, b: number) => (a >= b ? a * n + b : b * n + a);
  /**
   * f(y,o) = constant + weight * (sum of f over `pairs`), for y at or after o in the order (formulas above). Pairs with
   * an unknown parent are left out (their f is 0).
   */
  const formula = (y: number, o: number): { constant: number; weight: number; pairs: Array<[number, number]> } => {
    const { clone, s, d } = sources[y];
    if (y === o) {
      if (method === 'inbred') return { constant: 1, weight: 0, pairs: [] };
      if (clone && s !== UNKNOWN) return { constant: 0, weight: 1, pairs: [[s, s]] };
      return { constant: 0.5, weight: 0.5, pairs: s !== UNKNOWN && d !== UNKNOWN ? [[s, d]] : [] };
    }
    // A self or a clone has s = d: (f(P,o) + f(P,o)) / 2 = f(P,o).
    if (s === d) return { constant: 0, weight: 1, pairs: s === UNKNOWN ? [] : [[s, o]] };
    return { constant: 0, weight: 0.5, pairs: [[s, o], [d, o]].filter(([p]) => p !== UNKNOWN) as Array<[number, number]> };
  };
  const coancestry = (a: number, b: number): number => {
    const stack: number[] = [Math.max(a, b), Math.min(a, b)];
    while (stack.length) {
      const o = stack[stack.length - 1];
      const y = stack[stack.length - 2];
      if (memo.has(key(y, o))) {
        stack.length -= 2;
        continue;
      }
      const { constant, weight, pairs } = formula(y, o);
      let sum = 0;
      let missing = false;
      for (const [p, q] of pairs) {
        const known = memo.get(key(p, q));
        if (known === undefined) {
          stack.push(Math.max(p, q), Math.min(p, q));
          missing = true;
        } else sum += known;
      }
      if (missing) continue;
      memo.set(key(y, o), constant + weight * sum);
      stack.length -= 2;
    }
    return memo.get(key(a, b))!;
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
