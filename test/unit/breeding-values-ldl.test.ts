// The sparse LDL' factorisation of the mixed-model equations and its inverse subset (src/modules/extensions/
// breeding-values/ldl.ts) against numpy's dense inverse of the same equations, and the REML trace tr(A^-1 C^aa)
// against numpy's own, computed from the pedigree and records alone (test/support/ldl-reference.py).
import { expect } from 'chai';
import type { TraitRecord } from '../../src/modules/extensions/breeding-values/design.js';
import { buildDesign } from '../../src/modules/extensions/breeding-values/design.js';
import { analyse, Factor } from '../../src/modules/extensions/breeding-values/ldl.js';
import { assemble, exactTrace, type Equations } from '../../src/modules/extensions/breeding-values/mme.js';
import { decompose, inverseTriplets, type Triplets } from '../../src/modules/extensions/relationship/inverse.js';
import { phenotypeRandom } from '../support/breeding-records.js';
import { numpyOrSkip, runPython } from '../support/python-references.js';

type Row = [string, string | null, string | null];
const A = 30;
const E = 50;

/** 40 founders and 440 descendants of random earlier parents (1 in 10 without a dam); one or two records each of
 * the descendants in three studies with two reps: about 490 equations. */
function simulated() {
  const rng = phenotypeRandom(500);
  const rows: Row[] = [];
  const bv: number[] = [];
  for (let i = 0; i < 480; i++) {
    if (i < 40) {
      rows.push([`g${i}`, null, null]);
      bv.push(Math.sqrt(A) * rng.normal());
      continue;
    }
    const sire = Math.floor(rng.uniform() * i);
    let dam: number | null = Math.floor(rng.uniform() * i);
    if (dam === sire || rng.uniform() < 0.1) dam = null;
    rows.push([`g${i}`, `g${sire}`, dam === null ? null : `g${dam}`]);
    bv.push((bv[sire] + (dam === null ? 0 : bv[dam])) / 2 + Math.sqrt(A / 2) * rng.normal());
  }
  const data: Array<[string, string, string, number]> = [];
  for (let i = 40; i < 480; i++) {
    for (let k = rng.uniform() < 0.5 ? 1 : 2; k > 0; k--) {
      const s = Math.floor(rng.uniform() * 3);
      const rep = rng.uniform() < 0.5 ? 'R1' : 'R2';
      data.push([`g${i}`, `S${s}`, rep, 100 + 10 * s + (rep === 'R2' ? 3 : 0) + bv[i] + Math.sqrt(E) * rng.normal()]);
    }
  }
  return { rows, data };
}

const pedigreeOf = (rows: Row[]) => rows.map(([g, sire, dam]) => ({
  germplasmDbId: g, germplasmName: g,
  parents: [...(sire ? [{ germplasmDbId: sire, parentType: 'MALE' }] : []), ...(dam ? [{ germplasmDbId: dam, parentType: 'FEMALE' }] : [])],
}));
const recordsOf = (data: Array<[string, string, string, number]>): TraitRecord[] =>
  data.map(([g, s, rep, y]) => ({ value: y, germplasmDbId: g, studyDbId: s, studyName: null, levelNames: ['rep'], levelCodes: [rep] }));

/** The equations' lower triangle at `lambda` (0-based), as the reference script takes it. */
function lowerTriangle(eq: Equations, lambda: number) {
  const { system } = eq;
  const out = { n: system.n, row: [] as number[], column: [] as number[], value: [] as number[] };
  for (let i = 0; i < system.n; i++) {
    for (let t = system.rowStart[i]; t < system.rowStart[i + 1]; t++) {
      if (system.column[t] > i) continue;
      out.row.push(i), out.column.push(system.column[t]), out.value.push(system.data[t] + lambda * system.prior[t]);
    }
  }
  return out;
}

/** Every entry of the inverse subset (L's pattern and the diagonal) against numpy's dense inverse; the largest
 * difference relative to the largest |C_ij|. */
function worstInverseError(factor: Factor, dense: number[]): { worst: number; compared: number } {
  const { n, lp, perm } = factor.analysis;
  const scale = dense.reduce((m, v) => Math.max(m, Math.abs(v)), 0);
  let worst = 0;
  let compared = 0;
  for (let j = 0; j < n; j++) {
    const pairs: Array<[number, number]> = [[perm[j], perm[j]]];
    for (let at = lp[j]; at < lp[j + 1]; at++) pairs.push([perm[factor.li[at]], perm[j]]);
    for (const [r, c] of pairs) {
      worst = Math.max(worst, Math.abs(factor.inverseAt(r, c) - dense[r * n + c]) / scale);
      compared++;
    }
  }
  return { worst, compared };
}

describe('breeding values: sparse LDL\' and its inverse subset against numpy', function () {
  this.timeout(120_000);
  const { rows, data } = simulated();
  const dec = decompose(pedigreeOf(rows), 'pedigree');
  const design = buildDesign(recordsOf(data), dec, ['rep']);
  const lambda = E / A;
  let python: string | null = null;

  before(async function () {
    python = await numpyOrSkip(this);
  });

  const reference = (eq: Equations) => runPython<{ inverse: number[]; solution: number[]; trace: number; equations: number }>(python!, 'test/support/ldl-reference.py', {
    lhs: lowerTriangle(eq, lambda), rhs: [...eq.rhs], pedigree: rows, records: data, additive: A, residual: E,
  });

  it('the solution, the inverse subset on L\'s whole pattern and tr(A^-1 C^aa) equal numpy\'s (1e-9)', async () => {
    const eq = assemble(design, inverseTriplets(dec));
    const analysis = analyse(eq.system)!;
    const factor = new Factor(analysis, eq.system, lambda);
    factor.selectedInverse();
    const ref = await reference(eq);
    expect(ref.equations).to.equal(eq.p + eq.q);
    expect(eq.p + eq.q).to.be.within(450, 600);
    // The order did its job: L is far sparser than the dense triangle, and holds fill beyond the equations' own pattern.
    expect(analysis.entries).to.be.below((eq.p + eq.q) ** 2 / 20);
    const x = factor.solve(eq.rhs);
    const xScale = Math.max(...ref.solution.map(Math.abs));
    ref.solution.forEach((v, i) => expect(Math.abs(x[i] - v) / xScale, `x[${i}]`).to.be.below(1e-9));
    const { worst, compared } = worstInverseError(factor, ref.inverse);
    expect(compared).to.equal(analysis.entries + analysis.n);
    expect(worst).to.be.below(1e-9);
    // The trace numpy forms from its own A (tabular method) and its own equations.
    const trace = exactTrace(eq, factor);
    expect(Math.abs(trace / ref.trace - 1), `${trace} vs ${ref.trace}`).to.be.below(1e-9);
  });

  it('a dense block in the relationship inverse (as single-step adds) factorises exactly; bounds below its factor refuse it', async () => {
    // A positive semi-definite block on 80 germplasm, 0.05 (1 + u_i u_j) with u_i in [0, 1): added to A-inverse the
    // relationship inverse stays positive definite and the block's rows fill in completely.
    const block = 80;
    const rng = phenotypeRandom(80);
    const u = Array.from({ length: block }, () => rng.uniform());
    const base = inverseTriplets(dec);
    const extra = { row: [] as number[], column: [] as number[], value: [] as number[] };
    for (let i = 0; i < block; i++) {
      for (let j = 0; j <= i; j++) extra.row.push(dec.rows - i), extra.column.push(dec.rows - j), extra.value.push(0.05 * (1 + u[i] * u[j]));
    }
    const triplets: Triplets = {
      row: Int32Array.from([...base.row, ...extra.row]),
      column: Int32Array.from([...base.column, ...extra.column]),
      value: Float64Array.from([...base.value, ...extra.value]),
    };
    const eq = assemble(design, triplets);
    const analysis = analyse(eq.system)!;
    expect(analysis.entries).to.be.above((block * (block - 1)) / 2);
    const factor = new Factor(analysis, eq.system, lambda);
    factor.selectedInverse();
    const ref = await reference(eq);
    expect(worstInverseError(factor, ref.inverse).worst).to.be.below(1e-9);
    expect(analyse(eq.system, analysis.entries - 1)).to.equal(null);
    expect(analyse(eq.system, Infinity, analysis.work - 1)).to.equal(null);
  });
});
