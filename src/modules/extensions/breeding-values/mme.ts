// Henderson's mixed-model equations of the animal model (Henderson 1984, "Applications of Linear Models in Animal
// Breeding", ch. 5; Mrode 2014, "Linear Models for the Prediction of Animal Breeding Values", 3rd ed., sect. 3.2):
//   [ X'X   X'Z            ] [b]   [X'y]
//   [ Z'X   Z'Z + l A^-1   ] [a] = [Z'y],    l = sigma_e^2 / sigma_a^2,
// assembled sparse (sparse.ts), and solved either by a sparse LDL' factorisation (ldl.ts: with the sparse inverse
// subset of C = LHS^-1, exact prediction error variances PEV_i = C^aa_ii sigma_e^2 and exact REML traces) or, where
// the factor would not fit (or beyond `exactLimit` equations), by PCG.
import { FIXED_PER_RECORD, type Design } from './design.js';
import { analyse, Factor, type Analysis } from './ldl.js';
import { pcg, SymmetricSystem } from './sparse.js';
import type { Triplets } from '../relationship/inverse.js';

/** Relative residual ||r|| / ||b|| at which PCG stops. */
export const PCG_TOLERANCE = 1e-10;
const PCG_MAX_ITERATIONS = 20_000;

export interface Equations {
  system: SymmetricSystem;
  rhs: Float64Array;
  yy: number;
  /** Records, fixed columns, animal rows. */
  records: number;
  p: number;
  q: number;
  /** The design the equations came from (AI-REML's working variates need W and W'). */
  design: Design;
  /** The factorisation's order and pattern (`factorable`), once; null when the factor would pass its bounds. */
  analysis?: Analysis | null;
}

/** Whether the equations can be factorised within ldl.ts's bounds (analysed once, kept on `eq`). */
export function factorable(eq: Equations): boolean {
  if (eq.analysis === undefined) eq.analysis = analyse(eq.system);
  return eq.analysis !== null;
}

export function assemble(design: Design, ainv: Triplets): Equations {
  const { p, q, y } = design;
  const n = p + q;
  const cells = new Map<number, [number, number]>();
  const add = (i: number, j: number, w: number, g: number) => {
    const key = i >= j ? i * n + j : j * n + i;
    const cell = cells.get(key);
    if (cell) (cell[0] += w), (cell[1] += g);
    else cells.set(key, [w, g]);
  };
  const rhs = new Float64Array(n);
  let yy = 0;
  const columns: number[] = [];
  for (let r = 0; r < y.length; r++) {
    columns.length = 0;
    for (let s = 0; s < FIXED_PER_RECORD; s++) {
      const c = design.fixedColumns[r * FIXED_PER_RECORD + s];
      if (c >= 0) columns.push(c);
    }
    columns.push(p + design.animal[r]);
    for (let a = 0; a < columns.length; a++) {
      rhs[columns[a]] += y[r];
      for (let b = 0; b <= a; b++) add(columns[a], columns[b], 1, 0);
    }
    yy += y[r] * y[r];
  }
  for (let t = 0; t < ainv.row.length; t++) add(p + ainv.row[t] - 1, p + ainv.column[t] - 1, 0, ainv.value[t]);
  return { system: new SymmetricSystem(n, cells), rhs, yy, records: y.length, p, q, design };
}

export interface Solution {
  /** [b; a]. */
  x: Float64Array;
  solver: 'cholesky' | 'pcg';
  iterations: number;
  relativeResidual: number;
  /** The LDL' factor of the LHS with the inverse subset of C = LHS^-1 (factorised solves only). */
  inverse: Factor | null;
}

/** Solves at ratio `lambda`: by the LDL' factor (and C's inverse subset) when `exact` (and `factorable(eq)`), else
 * PCG from `start` (a warm start) or zero, to a relative residual of `tolerance`. */
export function solve(eq: Equations, lambda: number, exact: boolean, start?: Float64Array, tolerance = PCG_TOLERANCE): Solution {
  const n = eq.p + eq.q;
  if (exact) {
    if (!factorable(eq)) throw new Error('solve: the equations are not factorable (check factorable(eq) first)');
    const inverse = new Factor(eq.analysis!, eq.system, lambda);
    const x = inverse.solve(eq.rhs);
    inverse.selectedInverse();
    const r = new Float64Array(n);
    eq.system.multiply(lambda, x, r, 1);
    let num = 0;
    let den = 0;
    for (let i = 0; i < n; i++) (num += (eq.rhs[i] - r[i]) ** 2), (den += eq.rhs[i] ** 2);
    return { x, solver: 'cholesky', iterations: 0, relativeResidual: den ? Math.sqrt(num / den) : 0, inverse };
  }
  const x = start ? start.slice() : new Float64Array(n);
  const { iterations, relativeResidual } = pcg(eq.system, lambda, eq.rhs, x, 1, tolerance, PCG_MAX_ITERATIONS);
  return { x, solver: 'pcg', iterations, relativeResidual, inverse: null };
}

/** y'y - b'X'y - a'Z'y: the residual sum of squares of Henderson's REML residual-variance update. */
export function residualSquares(eq: Equations, x: Float64Array): number {
  let s = eq.yy;
  for (let i = 0; i < x.length; i++) s -= x[i] * eq.rhs[i];
  return s;
}

/** a'A^-1 a. */
export function quadratic(eq: Equations, x: Float64Array): number {
  const a = x.subarray(eq.p);
  const g = new Float64Array(eq.q);
  eq.system.multiplyPrior(a, g, eq.p, eq.q);
  let s = 0;
  for (let i = 0; i < eq.q; i++) s += a[i] * g[i];
  return s;
}

/** tr(A^-1 C^aa) from C's inverse subset: sum over A-inverse's non-zeros (both triangles) of G_ij C_ji (each in the
 * factor's pattern, which holds the equations'). */
export function exactTrace(eq: Equations, inverse: Factor): number {
  const { system, p, q } = eq;
  const n = p + q;
  let s = 0;
  for (let i = p; i < n; i++) {
    for (let t = system.rowStart[i]; t < system.rowStart[i + 1]; t++) if (system.prior[t] !== 0) s += system.prior[t] * inverse.inverseAt(system.column[t], i);
  }
  return s;
}

/** PEV / sigma_e^2 of each animal row: C^aa_ii exactly, or, without C, 1 / LHS_ii (a lower bound of C_ii for a
 * positive definite LHS, so the reliability it gives is an upper bound). */
export function pevFactors(eq: Equations, lambda: number, inverse: Factor | null): Float64Array {
  const out = new Float64Array(eq.q);
  const diagonal = inverse ? null : eq.system.diagonal(lambda);
  for (let r = 0; r < eq.q; r++) {
    const i = eq.p + r;
    out[r] = inverse ? inverse.inverseAt(i, i) : 1 / diagonal![i];
  }
  return out;
}

/** W'v = [X Z]'v for a vector over the records. */
export function crossProduct(eq: Equations, v: Float64Array): Float64Array {
  const { fixedColumns, animal } = eq.design;
  const out = new Float64Array(eq.p + eq.q);
  for (let r = 0; r < v.length; r++) {
    for (let s = 0; s < FIXED_PER_RECORD; s++) {
      const c = fixedColumns[r * FIXED_PER_RECORD + s];
      if (c >= 0) out[c] += v[r];
    }
    out[eq.p + animal[r]] += v[r];
  }
  return out;
}

/** W x = X b + Z a for each record. */
export function fitted(eq: Equations, x: Float64Array): Float64Array {
  const { fixedColumns, animal } = eq.design;
  const out = new Float64Array(eq.records);
  for (let r = 0; r < eq.records; r++) {
    let s = x[eq.p + animal[r]];
    for (let k = 0; k < FIXED_PER_RECORD; k++) {
      const c = fixedColumns[r * FIXED_PER_RECORD + k];
      if (c >= 0) s += x[c];
    }
    out[r] = s;
  }
  return out;
}
