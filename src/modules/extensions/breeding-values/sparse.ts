// The mixed-model equations' left-hand side as a sparse symmetric matrix, W + lambda * G, where W = [X Z]'[X Z] (the
// data part) and G the A-inverse placed on the animal block: one CSR pattern (both triangles stored) holding the two
// value arrays apart, so that a new variance ratio (each REML round) costs no rebuild. And the solver: Jacobi-
// preconditioned conjugate gradients (Hestenes & Stiefel 1952; the preconditioned form as in Golub & Van Loan,
// "Matrix Computations", 4th ed., Alg. 11.5.1) over several right-hand sides at once, sharing each matrix traversal.

export class SymmetricSystem {
  readonly n: number;
  readonly rowStart: Int32Array;
  readonly column: Int32Array;
  readonly data: Float64Array;
  readonly prior: Float64Array;

  /** Builds the pattern from cells (i, j, data, prior) given once per unordered pair, any order, repeats summed. */
  constructor(n: number, cells: Map<number, [number, number]>) {
    this.n = n;
    const count = new Int32Array(n + 1);
    for (const key of cells.keys()) {
      const i = Math.floor(key / n);
      const j = key - i * n;
      count[i + 1]++;
      if (i !== j) count[j + 1]++;
    }
    for (let i = 0; i < n; i++) count[i + 1] += count[i];
    this.rowStart = count.slice();
    const fill = count.slice(0, n);
    this.column = new Int32Array(count[n]);
    this.data = new Float64Array(count[n]);
    this.prior = new Float64Array(count[n]);
    for (const [key, [w, g]] of cells) {
      const i = Math.floor(key / n);
      const j = key - i * n;
      let t = fill[i]++;
      (this.column[t] = j), (this.data[t] = w), (this.prior[t] = g);
      if (i === j) continue;
      t = fill[j]++;
      (this.column[t] = i), (this.data[t] = w), (this.prior[t] = g);
    }
  }

  /** y = (W + lambda G) x for k vectors stored interleaved (x[i * k + c]). */
  multiply(lambda: number, x: Float64Array, y: Float64Array, k: number): void {
    const { n, rowStart, column, data, prior } = this;
    if (k === 1) {
      // The single right-hand side without the inner loop (the common case; several times faster).
      for (let i = 0; i < n; i++) {
        let s = 0;
        const end = rowStart[i + 1];
        for (let t = rowStart[i]; t < end; t++) s += (data[t] + lambda * prior[t]) * x[column[t]];
        y[i] = s;
      }
      return;
    }
    // Row by row into a small accumulator: each row's k sums stay in one cache line's reach.
    const sum = new Float64Array(k);
    for (let i = 0; i < n; i++) {
      sum.fill(0);
      const end = rowStart[i + 1];
      for (let t = rowStart[i]; t < end; t++) {
        const v = data[t] + lambda * prior[t];
        const j = column[t] * k;
        for (let c = 0; c < k; c++) sum[c] += v * x[j + c];
      }
      y.set(sum, i * k);
    }
  }

  /** y = G x on the rows of `from`..`from + size` (the A-inverse block alone, as the REML trace needs it). */
  multiplyPrior(x: Float64Array, y: Float64Array, from: number, size: number): void {
    y.fill(0);
    for (let i = from; i < from + size; i++) {
      let s = 0;
      // Only the block's own columns: the data part's cells in this row (fixed effects) hold no prior.
      for (let t = this.rowStart[i]; t < this.rowStart[i + 1]; t++) if (this.column[t] >= from) s += this.prior[t] * x[this.column[t] - from];
      y[i - from] = s;
    }
  }

  diagonal(lambda: number): Float64Array {
    const d = new Float64Array(this.n);
    for (let i = 0; i < this.n; i++) {
      for (let t = this.rowStart[i]; t < this.rowStart[i + 1]; t++) if (this.column[t] === i) d[i] += this.data[t] + lambda * this.prior[t];
    }
    return d;
  }
}

export interface PcgResult {
  iterations: number;
  /** The largest ||r|| / ||b|| over the right-hand sides at the end. */
  relativeResidual: number;
}

/**
 * Solves (W + lambda G) x = b for k right-hand sides (interleaved), starting from x as given (a warm start), until
 * every ||r|| / ||b|| <= tolerance or maxIterations. Columns whose b is zero are left at zero.
 */
export function pcg(system: SymmetricSystem, lambda: number, b: Float64Array, x: Float64Array, k: number, tolerance: number, maxIterations: number): PcgResult {
  const n = system.n;
  const inverseDiagonal = system.diagonal(lambda).map((d) => (d > 0 ? 1 / d : 1));
  const r = new Float64Array(n * k);
  const z = new Float64Array(n * k);
  const p = new Float64Array(n * k);
  const q = new Float64Array(n * k);
  system.multiply(lambda, x, q, k);
  const bNorm = new Float64Array(k);
  const rz = new Float64Array(k);
  // ||r||^2 per column, kept up to date by the update loop (no separate pass over r per column).
  const rr = new Float64Array(k);
  const done = new Uint8Array(k);
  for (let i = 0; i < n; i++) {
    const d = inverseDiagonal[i];
    for (let c = 0; c < k; c++) {
      const t = i * k + c;
      const rt = b[t] - q[t];
      r[t] = rt;
      z[t] = d * rt;
      p[t] = z[t];
      rz[c] += rt * z[t];
      rr[c] += rt * rt;
      bNorm[c] += b[t] * b[t];
    }
  }
  const alpha = new Float64Array(k);
  const beta = new Float64Array(k);
  const pq = new Float64Array(k);
  const rzNew = new Float64Array(k);
  let worst = 0;
  let iterations = 0;
  for (; ; iterations++) {
    worst = 0;
    for (let c = 0; c < k; c++) {
      if (done[c]) continue;
      const rel = bNorm[c] === 0 ? 0 : Math.sqrt(rr[c] / bNorm[c]);
      if (rel <= tolerance) done[c] = 1;
      worst = Math.max(worst, rel);
    }
    if (worst <= tolerance || iterations >= maxIterations) break;
    system.multiply(lambda, p, q, k);
    pq.fill(0);
    for (let i = 0; i < n; i++) for (let c = 0; c < k; c++) pq[c] += p[i * k + c] * q[i * k + c];
    for (let c = 0; c < k; c++) alpha[c] = done[c] || pq[c] === 0 ? 0 : rz[c] / pq[c];
    rzNew.fill(0);
    rr.fill(0);
    for (let i = 0; i < n; i++) {
      const d = inverseDiagonal[i];
      for (let c = 0; c < k; c++) {
        const t = i * k + c;
        x[t] += alpha[c] * p[t];
        const rt = r[t] - alpha[c] * q[t];
        r[t] = rt;
        const zt = d * rt;
        z[t] = zt;
        rzNew[c] += rt * zt;
        rr[c] += rt * rt;
      }
    }
    for (let c = 0; c < k; c++) beta[c] = rz[c] === 0 ? 0 : rzNew[c] / rz[c];
    for (let i = 0; i < n; i++) for (let c = 0; c < k; c++) p[i * k + c] = z[i * k + c] + beta[c] * p[i * k + c];
    rz.set(rzNew);
  }
  return { iterations, relativeResidual: worst };
}
