// Variance components by REML, two algorithms on the same equations and the same traces:
//
// EM-REML (Henderson 1984, "Applications of Linear Models in Animal Breeding", ch. 12; the form of Mrode 2014,
// "Linear Models for the Prediction of Animal Breeding Values", 3rd ed., sect. 11.3). Each round solves the
// mixed-model equations at the previous round's l = sigma_e^2 / sigma_a^2 and updates
//   sigma_e^2 <- (y'y - b'X'y - a'Z'y) / (N - rank(X))
//   sigma_a^2 <- (a'A^-1 a + tr(A^-1 C^aa) sigma_e^2) / q      (sigma_e^2 of the previous round)
// with C^aa the animal block of the inverse of the (unscaled) left-hand side and q the rows of A^-1. Safe, but
// slow: tens to hundreds of rounds.
//
// AI-REML (Gilmour, Thompson & Cullis 1995, Biometrics 51:1440-1450; Johnson & Thompson 1995, J. Dairy Sci.
// 78:449-456 for the animal model's derivatives), the default: Newton steps theta <- theta + AI^-1 g on
// theta = (sigma_a^2, sigma_e^2), with the REML score (T = tr(A^-1 C^aa), Q = a'A^-1 a, e = y - Xb - Za)
//   g_a = -1/2 [q / s_a - s_e T / s_a^2 - Q / s_a^2]
//   g_e = -1/2 [(N - rank(X) - q) / s_e + T / s_a - e'e / s_e^2]
// and the average information AI_ij = 1/2 w_i'P w_j from the working variates w_a = Z a / s_a, w_e = e / s_e
// (P w = (w - W s) / s_e with C s = W'w: two more solves of the same equations). Its fixed point is EM's (both set
// the score to 0), reached in a handful of rounds. A step that leaves the parameter space is replaced by an EM
// round (as Gilmour et al. advise).
//
// T is exact (the sparse inverse subset of the round's LDL' factor, ldl.ts) where the equations are factorised;
// beyond the factor's bounds, Hutchinson's (1990, Commun. Stat. Simul. Comput.
// 19:433-450) estimator with Rademacher probes z: tr(M) ~ mean of z'Mz, here z'A^-1 (C^aa z), each C^aa z a PCG
// solve with right-hand side [0; z] (Newton-type REML with such Monte Carlo traces: Matilainen et al. 2013, PLoS
// ONE 8:e80821). The same (seeded) probes serve every round, so the rounds are a deterministic map with a fixed
// point, and each round's solves start from the last round's answers.
//
// The solves of a round need only be as accurate as the round's step is small (an inexact Newton method: Dembo,
// Eisenstat & Steihaug 1982, SIAM J. Numer. Anal. 19:400-408): a round's PCG stops at a relative residual of
// SOLVE_FACTOR times the last round's relative change (at most LOOSEST, at least the tight tolerances), so the first
// rounds, far from the estimates, stop early, and the last ones, which decide the estimates, are as accurate as
// before. On SoyBase with 10,000 records: the same 9 rounds, estimates within 6e-9 (relative) of tight solves in
// every round, CPU 0.81 of theirs. Looser is worse: at a factor of 1e-3 the secant update (below) fed on noisy
// score differences and took 60 rounds; at 1e-5 the estimates moved by 4e-7.
import { crossProduct, exactTrace, fitted, PCG_TOLERANCE, quadratic, residualSquares, solve, type Equations, type Solution } from './mme.js';
import type { Factor } from './ldl.js';
import { pcg } from './sparse.js';

export const REML_ALGORITHMS = ['AI-REML', 'EM-REML'] as const;
export type RemlAlgorithm = (typeof REML_ALGORITHMS)[number];

export interface RemlOptions {
  algorithm: RemlAlgorithm;
  maxIterations: number;
  tolerance: number;
  /** The LDL' factor (exact trace; mme.ts factorable) or PCG with `probes` Hutchinson probes. */
  exact: boolean;
  probes: number;
  /** A round's solves stop at this times the last round's change (default SOLVE_FACTOR; 0: the tight tolerances). */
  solveFactor?: number;
}

export interface RemlResult {
  additive: number;
  residual: number;
  iterations: number;
  /** AI-REML rounds that fell back to an EM step (0 for EM-REML). */
  emSteps: number;
  converged: boolean;
  /** The largest relative change of the last round. */
  change: number;
  trace: 'exact' | 'hutchinson';
  /** sigma_a^2 fell to the floor BOUNDARY * sigma_e^2: no positive estimate (reported as such, not converged). */
  boundary: boolean;
  /** The solution at the estimates (ready for the answer). */
  solution: Solution;
  /** PCG iterations of all rounds' solves, each several right-hand sides at once counted once (0 when exact). */
  pcgIterations: number;
}

export const BOUNDARY = 1e-6;
/** The probe solves' relative residual: the traces' own error stays well below the REML tolerances asked. */
const PROBE_TOLERANCE = 1e-9;
/** A round's solves stop at SOLVE_FACTOR times the last round's relative change, at most LOOSEST (see above). */
const SOLVE_FACTOR = 1e-6;
const LOOSEST = 1e-6;

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
function stochasticTrace(eq: Equations, lambda: number, z: Float64Array, x: Float64Array, k: number, tolerance: number): { trace: number; iterations: number } {
  const { p, q } = eq;
  const n = p + q;
  const b = new Float64Array(n * k);
  for (let r = 0; r < q; r++) for (let c = 0; c < k; c++) b[(p + r) * k + c] = z[r * k + c];
  const { iterations } = pcg(eq.system, lambda, b, x, k, tolerance, 20_000);
  let sum = 0;
  const column = new Float64Array(q);
  const g = new Float64Array(q);
  for (let c = 0; c < k; c++) {
    for (let r = 0; r < q; r++) column[r] = x[(p + r) * k + c];
    eq.system.multiplyPrior(column, g, p, q);
    for (let r = 0; r < q; r++) sum += z[r * k + c] * g[r];
  }
  return { trace: sum / k, iterations };
}

const dot = (a: Float64Array, b: Float64Array) => {
  let s = 0;
  for (let i = 0; i < a.length; i++) s += a[i] * b[i];
  return s;
};

/** C^-1 [W'w_a, W'w_e] (unscaled C at `lambda`): by the round's factor, or by PCG from `start` (kept). */
function solveTwo(eq: Equations, lambda: number, b: Float64Array, inverse: Factor | null, start: Float64Array, tolerance: number, count: { iterations: number }): Float64Array {
  if (inverse) return inverse.solve(b, 2);
  count.iterations += pcg(eq.system, lambda, b, start, 2, tolerance, 20_000).iterations;
  return start;
}

type Pair = [number, number];
/** A symmetric 2 x 2 matrix [m00, m01, m11] (AI), or a general one [m00, m01, m10, m11] (the secant update). */
type Matrix = [number, number, number] | [number, number, number, number];

/** The REML score g and the average information AI at (sa, se), from the solution x and the trace T. */
function score(eq: Equations, sa: number, se: number, x: Float64Array, trace: number, inverse: Factor | null, scratch: Float64Array, tolerance: number, count: { iterations: number }): { g: Pair; ai: Matrix } {
  const { p, q, records } = eq;
  const lambda = se / sa;
  const Q = quadratic(eq, x);
  const fit = fitted(eq, x);
  const e = new Float64Array(records);
  for (let r = 0; r < records; r++) e[r] = eq.design.y[r] - fit[r];
  const ee = dot(e, e);
  const ga = -0.5 * (q / sa - (se * trace) / (sa * sa) - Q / (sa * sa));
  const ge = -0.5 * ((records - p - q) / se + trace / sa - ee / (se * se));
  // Working variates and W' of each, interleaved for one two-column solve.
  const wa = new Float64Array(records);
  const we = new Float64Array(records);
  for (let r = 0; r < records; r++) (wa[r] = x[p + eq.design.animal[r]] / sa), (we[r] = e[r] / se);
  const ta = crossProduct(eq, wa);
  const te = crossProduct(eq, we);
  const b = new Float64Array((p + q) * 2);
  for (let i = 0; i < p + q; i++) (b[i * 2] = ta[i]), (b[i * 2 + 1] = te[i]);
  const s = solveTwo(eq, lambda, b, inverse, scratch, tolerance, count);
  // w_i'P w_j = (w_i'w_j - (W'w_i)'s_j) / s_e.
  let sa2 = 0;
  let se2 = 0;
  let cross = 0;
  for (let i = 0; i < p + q; i++) (sa2 += ta[i] * s[i * 2]), (se2 += te[i] * s[i * 2 + 1]), (cross += ta[i] * s[i * 2 + 1]);
  return { g: [ga, ge], ai: [(0.5 * (dot(wa, wa) - sa2)) / se, (0.5 * (dot(wa, we) - cross)) / se, (0.5 * (dot(we, we) - se2)) / se] };
}

/** theta + M^-1 g (M the information: minus the score's Jacobian), or null when M is not positive definite. */
function newton(theta: Pair, g: Pair, m: Matrix): Pair | null {
  const [m00, m01, m10, m11] = m.length === 3 ? [m[0], m[1], m[1], m[2]] : m;
  const det = m00 * m11 - m01 * m10;
  if (!(m00 > 0 && m11 > 0 && det > 0)) return null;
  return [theta[0] + (m11 * g[0] - m01 * g[1]) / det, theta[1] + (m00 * g[1] - m10 * g[0]) / det];
}

/**
 * AI corrected by the last step's secant (Broyden 1965, Math. Comp. 19:577-593, rank-one "good" update): M with
 * M d = -(g - g_last) for d = theta - theta_last. AI differs from the true information (and, with Monte Carlo
 * traces, from the information of the estimated score), so AI steps alone converge only linearly; the secant
 * condition makes the steps superlinear (on SoyBase with 10,000 records: 9 rounds to a change of 6e-9, where AI steps alone took 13 to 4e-7).
 */
function secant(ai: Matrix, theta: Pair, g: Pair, last: { theta: Pair; g: Pair }): Matrix {
  const d = [theta[0] - last.theta[0], theta[1] - last.theta[1]];
  const y = [-(g[0] - last.g[0]), -(g[1] - last.g[1])];
  const dd = d[0] * d[0] + d[1] * d[1];
  if (!(dd > 0)) return ai;
  const [m00, m01, m11] = ai as [number, number, number];
  const r0 = (y[0] - (m00 * d[0] + m01 * d[1])) / dd;
  const r1 = (y[1] - (m01 * d[0] + m11 * d[1])) / dd;
  return [m00 + r0 * d[0], m01 + r0 * d[1], m01 + r1 * d[0], m11 + r1 * d[1]];
}

export function reml(eq: Equations, start: { additive: number; residual: number }, options: RemlOptions): RemlResult {
  let { additive, residual } = start;
  const dof = eq.records - eq.p;
  const k = options.probes;
  const z = options.exact ? new Float64Array(0) : rademacher(20_231_127, eq.q * k);
  const probeSolves = options.exact ? new Float64Array(0) : new Float64Array((eq.p + eq.q) * k);
  const aiSolves = new Float64Array((eq.p + eq.q) * 2);
  let solution: Solution | undefined;
  let change = Infinity;
  let iterations = 0;
  let emSteps = 0;
  let boundary = false;
  let last: { theta: [number, number]; g: [number, number] } | null = null;
  const count = { iterations: 0 };
  while (iterations < options.maxIterations) {
    const lambda = residual / additive;
    const loose = Math.min(LOOSEST, (options.solveFactor ?? SOLVE_FACTOR) * change);
    solution = solve(eq, lambda, options.exact, solution?.x, Math.max(PCG_TOLERANCE, loose));
    count.iterations += solution.iterations;
    let trace: number;
    if (options.exact) trace = exactTrace(eq, solution.inverse!);
    else {
      const probed = stochasticTrace(eq, lambda, z, probeSolves, k, Math.max(PROBE_TOLERANCE, loose));
      (trace = probed.trace), (count.iterations += probed.iterations);
    }
    let step: [number, number] | null = null;
    if (options.algorithm === 'AI-REML') {
      const s = score(eq, additive, residual, solution.x, trace, solution.inverse, aiSolves, Math.max(PCG_TOLERANCE, loose), count);
      const theta: [number, number] = [additive, residual];
      const valid = (t: [number, number] | null) => (t && t[0] > 0 && t[1] > 0 ? t : null);
      step = (last && valid(newton(theta, s.g, secant(s.ai, theta, s.g, last)))) || valid(newton(theta, s.g, s.ai));
      last = { theta, g: s.g };
    }
    if (!step) {
      if (options.algorithm === 'AI-REML') emSteps++;
      step = [(quadratic(eq, solution.x) + trace * residual) / eq.q, residualSquares(eq, solution.x) / dof];
    }
    const [nextAdditive, nextResidual] = step;
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
    emSteps,
    converged,
    change,
    trace: options.exact ? 'exact' : 'hutchinson',
    boundary,
    solution: solve(eq, residual / additive, options.exact, solution?.x),
    pcgIterations: count.iterations,
  };
}
