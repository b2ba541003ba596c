// Dense symmetric positive definite inverse by Cholesky (Golub & Van Loan, "Matrix Computations", 4th ed., Alg. 4.2.1
// for L L' = M, then M^-1 = L^-T L^-1): the inverses of the genomic relationship blocks, G_w and A22 (genomic.ts),
// which are dense. (The mixed-model equations are factorised sparse: ldl.ts.) Row-major n x n Float64Arrays; about
// n^3 floating-point operations in all.
import { BadRequestError } from '../../../errors.js';

/** The inverse of the symmetric positive definite `m` (overwritten). A non-positive pivot is a 400, which the caller
 * (genomic.ts inverseOf) restates with its cause. */
export function inverseSpd(m: Float64Array, n: number): Float64Array {
  // Cholesky in place (lower triangle).
  for (let j = 0; j < n; j++) {
    let d = m[j * n + j];
    for (let k = 0; k < j; k++) d -= m[j * n + k] * m[j * n + k];
    if (!(d > 1e-12 * Math.max(1, Math.abs(m[j * n + j])))) {
      throw new BadRequestError('The matrix is not positive definite.');
    }
    const l = Math.sqrt(d);
    m[j * n + j] = l;
    for (let i = j + 1; i < n; i++) {
      let s = m[i * n + j];
      const ri = i * n;
      const rj = j * n;
      for (let k = 0; k < j; k++) s -= m[ri + k] * m[rj + k];
      m[i * n + j] = s / l;
    }
  }
  // L^-1 (lower), column by column into `inv`.
  const inv = new Float64Array(n * n);
  for (let j = 0; j < n; j++) {
    inv[j * n + j] = 1 / m[j * n + j];
    for (let i = j + 1; i < n; i++) {
      let s = 0;
      for (let k = j; k < i; k++) s -= m[i * n + k] * inv[k * n + j];
      inv[i * n + j] = s / m[i * n + i];
    }
  }
  // M^-1 = L^-T L^-1: (i, j) = sum over k >= max(i, j) of inv[k][i] inv[k][j].
  const out = new Float64Array(n * n);
  for (let k = 0; k < n; k++) {
    const rk = k * n;
    for (let i = 0; i <= k; i++) {
      const a = inv[rk + i];
      if (a === 0) continue;
      const ri = i * n;
      for (let j = 0; j <= i; j++) out[ri + j] += a * inv[rk + j];
    }
  }
  for (let i = 0; i < n; i++) for (let j = 0; j < i; j++) out[j * n + i] = out[i * n + j];
  return out;
}
