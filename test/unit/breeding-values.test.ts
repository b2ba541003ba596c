// The breeding-values model without the database (the HTTP path: test/integration/breeding-values.test.ts): Mrode's
// published example, design rules (reference levels, nested blocks), and REML against numpy's direct maximisation
// of the restricted likelihood on a simulated pedigree with two studies and two reps.
import { expect } from 'chai';
import { BadRequestError } from '../../src/errors.js';
import { fitBreedingValues } from '../../src/modules/extensions/breeding-values/fit.js';
import { breedingValuesRequest } from '../../src/modules/extensions/breeding-values/params.js';
import { ancestryOf } from '../../src/modules/extensions/breeding-values/query.js';
import type { TraitRecord } from '../../src/modules/extensions/breeding-values/design.js';
import { buildDesign } from '../../src/modules/extensions/breeding-values/design.js';
import { assemble } from '../../src/modules/extensions/breeding-values/mme.js';
import { reml } from '../../src/modules/extensions/breeding-values/reml.js';
import { decompose, inverseTriplets } from '../../src/modules/extensions/relationship/inverse.js';
import { numpyOrSkip, runPython } from '../support/python-references.js';

type Row = [string, string | null, string | null];
const pedigreeOf = (rows: Row[]) => rows.map(([g, sire, dam]) => ({
  germplasmDbId: g, germplasmName: g,
  parents: [...(sire ? [{ germplasmDbId: sire, parentType: 'MALE' }] : []), ...(dam ? [{ germplasmDbId: dam, parentType: 'FEMALE' }] : [])],
}));
const rec = (germplasmDbId: string, studyDbId: string, value: number, rep?: string, block?: string): TraitRecord => ({
  value, germplasmDbId, studyDbId, studyName: null,
  levelNames: [...(rep ? ['rep'] : []), ...(block ? ['block'] : [])], levelCodes: [...(rep ? [rep] : []), ...(block ? [block] : [])],
});

/** A seeded simulation: 30 founders, 120 descendants of random earlier parents, two records each in two studies. */
function simulated() {
  let s = 5;
  const u = () => ((s = (s * 1103515245 + 12345) % 2147483648) + 0.5) / 2147483648;
  const normal = () => Math.sqrt(-2 * Math.log(u())) * Math.cos(2 * Math.PI * u());
  const rows: Row[] = [];
  const bv = new Map<string, number>();
  for (let i = 0; i < 150; i++) {
    const g = `g${i}`;
    if (i < 30) {
      rows.push([g, null, null]);
      bv.set(g, Math.sqrt(30) * normal());
      continue;
    }
    const sire = `g${Math.floor(u() * i)}`;
    let dam: string | null = `g${Math.floor(u() * i)}`;
    if (dam === sire) dam = null;
    rows.push([g, sire, dam]);
    bv.set(g, (bv.get(sire)! + (dam ? bv.get(dam)! : 0)) / 2 + Math.sqrt(15) * normal());
  }
  const data: Array<[string, string, string, number]> = [];
  for (const [g] of rows.slice(30)) {
    for (let k = 0; k < 2; k++) {
      const study = Math.floor(u() * 2);
      const rep = u() < 0.5 ? 'R1' : 'R2';
      data.push([g, `S${study}`, rep, 100 + 10 * study + (rep === 'R2' ? 2 : 0) + bv.get(g)! + Math.sqrt(50) * normal()]);
    }
  }
  return { rows, data };
}

describe('breeding values (model)', () => {
  // Mrode (2014), Example 3.1: sex as the fixed effect (a study per sex), sigma_a^2 = 20, sigma_e^2 = 40.
  const MRODE: Row[] = [['1', null, null], ['2', null, null], ['3', null, null], ['4', '1', null], ['5', '3', '2'], ['6', '1', '2'], ['7', '4', '5'], ['8', '3', '6']];
  const CALVES = [rec('4', 'male', 4.5), rec('5', 'female', 2.9), rec('6', 'female', 3.9), rec('7', 'male', 3.5), rec('8', 'male', 5.0)];
  const EBV = [0.098, -0.019, -0.041, -0.009, -0.186, 0.177, -0.249, 0.183];

  for (const exactLimit of [1000, 0]) {
    it(`Mrode (2014) Example 3.1 to 3 decimals (${exactLimit ? 'Cholesky' : 'PCG'})`, () => {
      const fit = fitBreedingValues(CALVES, pedigreeOf(MRODE), breedingValuesRequest({ observationVariableDbId: 'wwg', additiveVariance: 20, residualVariance: 40, exactLimit }));
      const effect = (s: string) => fit.fixedEffects.find((f) => f.studyDbId === s)!.estimate;
      expect(Math.abs(effect('male') - 4.358)).to.be.below(1e-3);
      expect(Math.abs(effect('female') - 3.404)).to.be.below(1e-3);
      EBV.forEach((e, i) => expect(Math.abs(fit.germplasm.find((g) => g.germplasmDbId === String(i + 1))!.breedingValue - e), `animal ${i + 1}`).to.be.below(1e-3));
    });
  }

  it('a clone shares its source\'s breeding value; reps and blocks nest within the study with one reference each', () => {
    const pedigree = [...pedigreeOf([['A', null, null], ['B', null, null], ['C', 'A', 'B']]), { germplasmDbId: 'K', germplasmName: 'K', parents: [{ germplasmDbId: 'C', parentType: 'CLONAL' }] }];
    const records = [rec('A', 's1', 10, 'R1', 'B1'), rec('B', 's1', 12, 'R1', 'B2'), rec('C', 's1', 11, 'R2', 'B1'), rec('K', 's1', 13, 'R2', 'B2'), rec('A', 's2', 20, 'R1', 'B1'), rec('K', 's2', 22, 'R2', 'B1')];
    const fit = fitBreedingValues(records, pedigree, breedingValuesRequest({ observationVariableDbId: 'x', fixedEffects: ['rep', 'block'], additiveVariance: 1, residualVariance: 1 }));
    const k = fit.germplasm.find((g) => g.germplasmDbId === 'K')!;
    expect(k.identicalTo).to.equal('C');
    expect(k.breedingValue).to.equal(fit.germplasm.find((g) => g.germplasmDbId === 'C')!.breedingValue);
    const levels = fit.fixedEffects.map((f) => `${f.factor} ${f.studyDbId} ${f.rep ?? ''} ${f.block ?? ''} ${f.reference}`);
    expect(levels).to.deep.equal([
      'study s1   false', 'study s2   false',
      'rep s1 R1  true', 'rep s1 R2  false', 'rep s2 R1  true', 'rep s2 R2  false',
      'block s1 R1 B1 true', 'block s1 R1 B2 false', 'block s1 R2 B1 true', 'block s1 R2 B2 false', 'block s2 R1 B1 true', 'block s2 R2 B1 true',
    ]);
    expect(fit.germplasm.find((g) => g.germplasmDbId === 'A')).to.include({ ownRecords: 2, progenyRecords: 1 });
    expect(fit.germplasm.find((g) => g.germplasmDbId === 'C')).to.include({ ownRecords: 1, progenyRecords: 2 });
  });

  it('the whole pedigree read is closed over the records\' ancestors: no descendant, no unrelated line, each once', () => {
    // A and B founders; C = A x B; D = C x A; E = D selfed; U unrelated; K a child of E (a descendant of the records).
    const all = pedigreeOf([['A', null, null], ['B', null, null], ['C', 'A', 'B'], ['D', 'C', 'A'], ['U', null, null]]);
    all.push({ germplasmDbId: 'E', germplasmName: 'E', parents: [{ germplasmDbId: 'D', parentType: 'SELF' }] });
    all.push({ germplasmDbId: 'K', germplasmName: 'K', parents: [{ germplasmDbId: 'E', parentType: 'SELF' }] });
    expect(ancestryOf(all, ['E', 'C']).map((r) => r.germplasmDbId).sort()).to.deep.equal(['A', 'B', 'C', 'D', 'E']);
    expect(ancestryOf(all, ['B']).map((r) => r.germplasmDbId)).to.deep.equal(['B']);
  });

  it('AI-REML and EM-REML within 1e-4 (relative) of numpy\'s REML maximum', async function () {
    this.timeout(120_000);
    const python = await numpyOrSkip(this);
    const { rows, data } = simulated();
    const reference = await runPython<any>(python, 'test/support/blup-reference.py', { pedigree: rows, records: data, additive: 30, residual: 50 });
    for (const remlAlgorithm of ['AI-REML', 'EM-REML']) {
      const fit = fitBreedingValues(data.map(([g, st, rep, y]) => rec(g, st, y, rep)), pedigreeOf(rows), breedingValuesRequest({ observationVariableDbId: 'x', fixedEffects: ['rep'], tolerance: 1e-10, maxIterations: 5000, remlAlgorithm }));
      expect(fit.variances.reml).to.include({ converged: true, trace: 'exact', algorithm: remlAlgorithm });
      expect(Math.abs(fit.variances.additive / reference.reml.additive - 1), `${remlAlgorithm}: ${fit.variances.additive} vs ${reference.reml.additive}`).to.be.below(1e-4);
      expect(Math.abs(fit.variances.residual / reference.reml.residual - 1), `${remlAlgorithm}: ${fit.variances.residual} vs ${reference.reml.residual}`).to.be.below(1e-4);
      // Newton steps all the way (no EM fall-back), in a handful of rounds where EM takes about 190.
      if (remlAlgorithm === 'AI-REML') expect(fit.variances.reml).to.include({ emSteps: 0 }).and.to.have.property('iterations').below(20);
    }
  });

  it('AI-REML with Hutchinson traces: solves as loose as the last change allows give the same rounds and estimates (1e-7) for fewer PCG iterations', () => {
    const { rows, data } = simulated();
    const records = data.map(([g, st, rep, y]) => rec(g, st, y, rep));
    const dec = decompose(pedigreeOf(rows), 'pedigree');
    const eq = assemble(buildDesign(records, dec, ['rep']), inverseTriplets(dec));
    const options = { algorithm: 'AI-REML' as const, maxIterations: 100, tolerance: 1e-8, exact: false, probes: 20 };
    const tight = reml(eq, { additive: 40, residual: 40 }, { ...options, solveFactor: 0 });
    const loose = reml(eq, { additive: 40, residual: 40 }, options);
    expect(tight.converged && loose.converged).to.equal(true);
    expect(loose.iterations).to.equal(tight.iterations);
    expect(Math.abs(loose.additive / tight.additive - 1)).to.be.below(1e-7);
    expect(Math.abs(loose.residual / tight.residual - 1)).to.be.below(1e-7);
    expect(loose.pcgIterations, `${loose.pcgIterations} vs ${tight.pcgIterations}`).to.be.below(tight.pcgIterations);
  });

  it('REML on one error contrast is refused: two records in one study, where AI- and EM-REML stopped at different "converged" points', () => {
    // Full sibs 3 and 4 of founders 1 and 2, recorded once each in one study: N - p = 1.
    const sibs = pedigreeOf([['1', null, null], ['2', null, null], ['3', '1', '2'], ['4', '1', '2']]);
    const two = [rec('3', 's', 4.5), rec('4', 's', 2.9)];
    for (const remlAlgorithm of ['AI-REML', 'EM-REML'] as const) {
      expect(() => fitBreedingValues(two, sibs, breedingValuesRequest({ observationVariableDbId: 'x', remlAlgorithm })), remlAlgorithm)
        .to.throw(BadRequestError, /2 records leave 1 degree of freedom beside 1 fixed-effect level\(s\): REML needs at least 2/);
    }
    // A heritability needs only the residual's one degree of freedom; a third record lets REML run.
    expect(fitBreedingValues(two, sibs, breedingValuesRequest({ observationVariableDbId: 'x', heritability: 0.4 })).variances.source).to.equal('heritability');
    expect(fitBreedingValues([...two, rec('1', 's', 3.3)], sibs, breedingValuesRequest({ observationVariableDbId: 'x' })).variances.reml?.converged).to.equal(true);
  });
});
