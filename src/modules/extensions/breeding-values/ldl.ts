// Sparse LDL' factorisation of the mixed-model equations W + lambda G (sparse.ts) and their sparse inverse subset:
// what gives exact REML traces and exact prediction error variances at any size the factor fits in.
//
// - Order: minimum degree (ordering.ts), once per equations; the pattern does not change with lambda.
// - Symbolic and numeric factorisation: the up-looking LDL' of Davis (2005, ACM TOMS 31:587-591, "Algorithm 849: a
//   concise sparse Cholesky factorization package"): row k of L from a sparse triangular solve whose pattern is
//   the reach of A(:,k)'s pattern in the elimination tree (Liu 1990, SIAM J. Matrix Anal. Appl. 11:134-172).
// - Sparse inverse subset (Takahashi, Fagan & Chen 1973, Proc. 8th PICA Conf.; for the mixed-model equations
//   Misztal & Perez-Enciso 1993, J. Dairy Sci. 76:1479-1483): Z = (LDL')^-1 on the pattern of L only, from the
//   last column back, Z(i,j) = -sum_{k in S_j} Z(i,k) L(k,j) (i in S_j), Z(j,j) = 1/D_j - sum_{k in S_j} Z(k,j)
//   L(k,j), S_j the rows of column j of L. Every entry it reads lies in the pattern (S_j is a clique of the filled
//   graph), and the pattern holds that of the equations, so tr(A^-1 C^aa) and diag(C) come out exactly.
// Plain typed arrays; L by columns (CSC, rows ascending within a column), unit diagonal not stored.
import { BadRequestError } from '../../../errors.js';
import { minimumDegree } from './ordering.js';
import type { SymmetricSystem } from './sparse.js';

/**
 * The size bounds of a factorisation, chosen by measurement (docs/breeding-values.md#cost): entries of L (12 bytes
 * each with its row, twice that with the inverse subset) and the work of the factorisation (sum of the squared
 * column counts, about the multiply-adds of one factorisation; the inverse subset costs a few times that).
 * Above either, the equations are solved by PCG instead.
 */
export const FACTOR_MAX_ENTRIES = 10_000_000;
export const FACTOR_MAX_WORK = 1e9;
/** The ordering's own bound (elements merged, ordering.ts): SoyBase with 10,000 records takes 2.9e7 (about 0.2 s
 * CPU); the 100k synthetic pedigree passes 2e8 after 3.9 s CPU without an order: past this bound a fit falls back
 * to PCG within about 2 s of CPU. */
export const ORDER_MAX_WORK = 1e8;

/** What depends on the pattern alone: the order, the elimination tree, L's pattern and where each entry goes. */
export interface Analysis {
  n: number;
  /** perm[k]: the equation eliminated k-th; inverse[i]: the position of equation i. */
  perm: Int32Array;
  inverse: Int32Array;
  parent: Int32Array;
  /** Column starts of L (n + 1). */
  lp: Int32Array;
  /** The permuted upper triangle of the equations by columns (rows <= column), each entry's index in the system's
   * CSR arrays. */
  ap: Int32Array;
  ai: Int32Array;
  source: Int32Array;
  entries: number;
  work: number;
}

/** Orders and analyses the equations' pattern, or null when the factor would pass the bounds. */
export function analyse(system: SymmetricSystem, maxEntries = FACTOR_MAX_ENTRIES, maxWork = FACTOR_MAX_WORK, maxOrderWork = ORDER_MAX_WORK): Analysis | null {
  const { n, rowStart, column } = system;
  const perm = minimumDegree(n, rowStart, column, maxOrderWork);
  if (!perm) return null;
  const inverse = new Int32Array(n);
  for (let k = 0; k < n; k++) inverse[perm[k]] = k;
  // The permuted upper triangle, column by column (CSR of the lower triangle of the permuted matrix, transposed).
  const ap = new Int32Array(n + 1);
  for (let i = 0; i < n; i++) {
    for (let t = rowStart[i]; t < rowStart[i + 1]; t++) {
      const pi = inverse[i], pj = inverse[column[t]];
      if (pi <= pj) ap[pj + 1]++;
    }
  }
  for (let k = 0; k < n; k++) ap[k + 1] += ap[k];
  const next = ap.slice(0, n);
  const ai = new Int32Array(ap[n]);
  const source = new Int32Array(ap[n]);
  for (let i = 0; i < n; i++) {
    for (let t = rowStart[i]; t < rowStart[i + 1]; t++) {
      const pi = inverse[i], pj = inverse[column[t]];
      if (pi > pj) continue;
      const at = next[pj]++;
      (ai[at] = pi), (source[at] = t);
    }
  }
  // Davis's ldl_symbolic: the elimination tree and each column's count.
  const parent = new Int32Array(n).fill(-1);
  const flag = new Int32Array(n);
  const count = new Int32Array(n);
  for (let k = 0; k < n; k++) {
    flag[k] = k;
    for (let at = ap[k]; at < ap[k + 1]; at++) {
      for (let i = ai[at]; flag[i] !== k; i = parent[i]) {
        if (parent[i] === -1) parent[i] = k;
        count[i]++;
        flag[i] = k;
      }
    }
  }
  const lp = new Int32Array(n + 1);
  let work = 0;
  for (let k = 0; k < n; k++) (lp[k + 1] = lp[k] + count[k]), (work += count[k] * count[k]);
  if (lp[n] > maxEntries || work > maxWork) return null;
  return { n, perm, inverse, parent, lp, ap, ai, source, entries: lp[n], work };
}

export class Factor {
  readonly analysis: Analysis;
  readonly li: Int32Array;
  readonly lx: Float64Array;
  readonly d: Float64Array;
  /** The inverse subset on L's pattern (`zx`) and diagonal (`zd`), permuted order; filled by `selectedInverse`. */
  zx: Float64Array | null = null;
  zd: Float64Array | null = null;

  /** Davis's ldl_numeric of W + lambda G. A pivot that is not positive is a 400: the equations are singular. */
  constructor(analysis: Analysis, system: SymmetricSystem, lambda: number) {
    this.analysis = analysis;
    const { n, parent, lp, ap, ai, source } = analysis;
    const { data, prior } = system;
    const li = (this.li = new Int32Array(lp[n]));
    const lx = (this.lx = new Float64Array(lp[n]));
    const d = (this.d = new Float64Array(n));
    const y = new Float64Array(n);
    const pattern = new Int32Array(n);
    const flag = new Int32Array(n);
    const filled = new Int32Array(n);
    for (let k = 0; k < n; k++) {
      let top = n;
      flag[k] = k;
      let diagonal = 0;
      for (let at = ap[k]; at < ap[k + 1]; at++) {
        let i = ai[at];
        const t = source[at];
        y[i] += data[t] + lambda * prior[t];
        if (i === k) diagonal = Math.abs(data[t] + lambda * prior[t]);
        let len = 0;
        for (; flag[i] !== k; i = parent[i]) (pattern[len++] = i), (flag[i] = k);
        while (len > 0) pattern[--top] = pattern[--len];
      }
      let dk = y[k];
      y[k] = 0;
      for (; top < n; top++) {
        const i = pattern[top];
        const yi = y[i];
        y[i] = 0;
        const end = lp[i] + filled[i];
        for (let at = lp[i]; at < end; at++) y[li[at]] -= lx[at] * yi;
        const l = yi / d[i];
        dk -= l * yi;
        (li[end] = k), (lx[end] = l);
        filled[i]++;
      }
      if (!(dk > 1e-12 * Math.max(1, diagonal))) {
        throw new BadRequestError('The mixed-model equations are singular: the fixed effects cannot all be estimated from these records.');
      }
      d[k] = dk;
    }
  }

  /** Solves (W + lambda G) x = b for k right-hand sides stored interleaved (b[i * k + c]); returns x. */
  solve(b: Float64Array, k = 1): Float64Array {
    const { n, perm, lp } = this.analysis;
    const { li, lx, d } = this;
    const y = new Float64Array(n * k);
    for (let j = 0; j < n; j++) for (let c = 0; c < k; c++) y[j * k + c] = b[perm[j] * k + c];
    for (let j = 0; j < n; j++) {
      for (let at = lp[j]; at < lp[j + 1]; at++) {
        const l = lx[at], r = li[at] * k;
        for (let c = 0; c < k; c++) y[r + c] -= l * y[j * k + c];
      }
    }
    for (let j = 0; j < n; j++) for (let c = 0; c < k; c++) y[j * k + c] /= d[j];
    for (let j = n - 1; j >= 0; j--) {
      for (let at = lp[j]; at < lp[j + 1]; at++) {
        const l = lx[at], r = li[at] * k;
        for (let c = 0; c < k; c++) y[j * k + c] -= l * y[r + c];
      }
    }
    const x = new Float64Array(n * k);
    for (let j = 0; j < n; j++) for (let c = 0; c < k; c++) x[perm[j] * k + c] = y[j * k + c];
    return x;
  }

  /** Takahashi's recurrences (above), from the last column back. */
  selectedInverse(): void {
    const { n, lp } = this.analysis;
    const { li, lx, d } = this;
    const zx = new Float64Array(lx.length);
    const zd = new Float64Array(n);
    // where[i]: the position of row i in the current column j (valid while stamp[i] === j).
    const where = new Int32Array(n);
    const stamp = new Int32Array(n).fill(-1);
    for (let j = n - 1; j >= 0; j--) {
      const start = lp[j], end = lp[j + 1];
      for (let at = start; at < end; at++) (where[li[at]] = at), (stamp[li[at]] = j);
      for (let at = start; at < end; at++) {
        const k = li[at];
        const lkj = lx[at];
        zx[at] -= zd[k] * lkj;
        // The rows i > k of column k that are also in S_j: Z(i,k) feeds Z(i,j) and, by symmetry, Z(k,j).
        for (let q = lp[k]; q < lp[k + 1]; q++) {
          const i = li[q];
          if (stamp[i] !== j) continue;
          const zik = zx[q];
          const w = where[i];
          zx[w] -= zik * lkj;
          zx[at] -= zik * lx[w];
        }
      }
      let s = 1 / d[j];
      for (let at = start; at < end; at++) s -= lx[at] * zx[at];
      zd[j] = s;
    }
    (this.zx = zx), (this.zd = zd);
  }

  /** C(i, j) for equations i and j (original numbering), from the inverse subset; i, j must lie in its pattern. */
  inverseAt(i: number, j: number): number {
    const { inverse, lp } = this.analysis;
    let a = inverse[i], b = inverse[j];
    if (a === b) return this.zd![a];
    if (a > b) [a, b] = [b, a];
    // Row b within column a (rows ascending): binary search.
    let lo = lp[a], hi = lp[a + 1] - 1;
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      const r = this.li[mid];
      if (r === b) return this.zx![mid];
      if (r < b) lo = mid + 1;
      else hi = mid - 1;
    }
    throw new Error(`inverseAt: (${i}, ${j}) is not in the factor's pattern`);
  }
}
