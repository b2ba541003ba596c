// Variance components by EM-REML (Henderson 1984, "Applications of Linear Models in Animal Breeding", ch. 12; the
// form of Mrode 2014, "Linear Models for the Prediction of Animal Breeding Values", 3rd ed., sect. 11.3). Each round
// solves the mixed-model equations at the previous round's l = sigma_e^2 / sigma_a^2 and updates
//   sigma_e^2 <- (y'y - b'X'y - a'Z'y) / (N - rank(X))
//   sigma_a^2 <- (a'A^-1 a + tr(A^-1 C^aa) sigma_e^2) / q      (sigma_e^2 of the previous round)
// with C^aa the animal block of the inverse of the (unscaled) left-hand side and q the rows of A^-1, until the
// largest relative change of the two is below the tolerance. tr(A^-1 C^aa) is exact (dense inverse) for small
// equations; beyond, Hutchinson's (1990, Commun. Stat. Simul. Comput. 19:433-450) estimator with Rademacher probes
// z: tr(M) ~ mean of z'Mz, here z'A^-1 (C^aa z), each C^aa z a PCG solve with right-hand side [0; z]. The same
// (seeded) probes serve every round, so the rounds are a deterministic map with a fixed point, and each round's
// solves start from the last round's answers.
import { exactTrace, PCG_TOLERANCE, quadratic, residualSquares, solve, type Equations, type Solution } from './mme.js';
import { pcg } from './sparse.js';

export interface RemlOptions {
  maxIterations: number;
  tolerance: number;
  /** Dense inverse (exact trace) or PCG with `probes` Hutchinson probes. */
  exact: boolean;
  probes: number;
}

export interface RemlResult {
  additive: number;
  residual: number;
  iterations: number;
  converged: boolean;
  /** The largest relative change of the last round. */
  change: number;
  trace: 'exact' | 'hutchinson';
  /** sigma_a^2 fell to the floor BOUNDARY * sigma_e^2: no positive estimate (reported as such, not converged). */
  boundary: boolean;
  /** The solution at the estimates (ready for the answer). */
  solution: Solution;
}

export const BOUNDARY = 1e-6;

/** A small deterministic generator (mulberry32) for the probes. */
function rademacher(seed: number, length: number): Float64Array {
  let s = seed >>> 0;
  const out = new Float64Array(length);
  for (let i = 0; i < length; i++) {
    s = (s + 0x6d2b79f5) >>> 0;
    let t = s;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    out[i] = ((t ^ (t >>> 14)) >>> 0) & 1 ? 1 : -1;
  }
  return out;
}

/** The Hutchinson estimate of tr(A^-1 C^aa) at `lambda`; `x` holds (and keeps, for the next round) the solves. */
function stochasticTrace(eq: Equations, lambda: number, z: Float64Array, x: Float64Array, k: number): number {
  const { p, q } = eq;
  const n = p + q;
  const b = new Float64Array(n * k);
  for (let r = 0; r < q; r++) for (let c = 0; c < k; c++) b[(p + r) * k + c] = z[r * k + c];
  pcg(eq.system, lambda, b, x, k, PCG_TOLERANCE * 1e4, 20_000);
  let sum = 0;
  const column = new Float64Array(q);
  const g = new Float64Array(q);
  for (let c = 0; c < k; c++) {
    for (let r = 0; r < q; r++) column[r] = x[(p + r) * k + c];
    eq.system.multiplyPrior(column, g, p, q);
    for (let r = 0; r < q; r++) sum += z[r * k + c] * g[r];
  }
  return sum / k;
}

export function emReml(eq: Equations, start: { additive: number; residual: number }, options: RemlOptions): RemlResult {
  let { additive, residual } = start;
  const dof = eq.records - eq.p;
  const k = options.probes;
  const z = options.exact ? new Float64Array(0) : rademacher(20_231_127, eq.q * k);
  const probeSolves = options.exact ? new Float64Array(0) : new Float64Array((eq.p + eq.q) * k);
  let solution: Solution | undefined;
  let change = Infinity;
  let iterations = 0;
  let boundary = false;
  while (iterations < options.maxIterations) {
    const lambda = residual / additive;
    solution = solve(eq, lambda, options.exact, solution?.x);
    const trace = options.exact ? exactTrace(eq, solution.inverse!) : stochasticTrace(eq, lambda, z, probeSolves, k);
    const nextResidual = residualSquares(eq, solution.x) / dof;
    const nextAdditive = (quadratic(eq, solution.x) + trace * residual) / eq.q;
    iterations++;
    change = Math.max(Math.abs(nextAdditive - additive) / additive, Math.abs(nextResidual - residual) / residual);
    additive = nextAdditive;
    residual = nextResidual;
    // A genetic variance that shrinks towards zero has no positive estimate (the likelihood's maximum is on the
    // boundary): stop there, at a floor that keeps the equations well conditioned, and say so.
    if (!(additive > BOUNDARY * residual)) {
      additive = BOUNDARY * residual;
      boundary = true;
      break;
    }
    if (change < options.tolerance) break;
  }
  const converged = !boundary && change < options.tolerance;
  return {
    additive,
    residual,
    iterations,
    converged,
    change,
    trace: options.exact ? 'exact' : 'hutchinson',
    boundary,
    solution: solve(eq, residual / additive, options.exact, solution?.x),
  };
}
