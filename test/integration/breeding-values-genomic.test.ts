// Genomic BLUP and single-step breeding values over HTTP, on data set up through the service's own calls (pedigree by
// POST /pedigree, genotypes by the VCF import, studies, a variable, units and observations), against numpy
// (test/support/gblup-reference.py: VanRaden's G, the tabular A, H^-1 by the formula, the dense equations solved and
// inverted by numpy): EBVs, PEVs, reliabilities and fixed effects to 1e-6, REML to 1e-4. Then the 4xx cases.
// A simulated pedigree (30 founders, three generations of 40), 400 markers passed down it (Mendelian sampling, 2%
// missing calls), breeding values from 50 of them; 70 germplasm genotyped, 20 of them young lines without records,
// and records on germplasm without genotypes (a genomic fit leaves them out and counts them).
import { expect } from 'chai';
import { parse } from 'csv-parse/sync';
import { phenotypeRandom, postFit, postRecords, postStudies, postVariable, simulatePedigree, type PlotRecord } from '../support/breeding-records.js';
import { genotypingStudy as makeGenotypingStudy, importOwnVcf, importVcfInto, removeGenotypingStudy } from '../support/genotyping.js';
import { removeBreedingRecords } from '../support/graph.js';
import { numpyOrSkip, runPython } from '../support/python-references.js';
import { runIds } from '../support/run-ids.js';
import { expectServedResponse } from '../support/schema.js';
import { api, postResult as post, resultOf as ok, server } from '../support/server.js';

const { run, id } = runIds('bvg-');
const PATH = '/extensions/breeding-values';
const A = 30;
const E = 50;
const MARKERS = 400;
const HEADER = '##fileformat=VCFv4.2\n##FORMAT=<ID=GT,Number=1,Type=String,Description="Genotype">\n#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT';
const GT = ['0/0', '0/1', '1/1'];
const fit = (pathAndQuery: string, body: unknown) => postFit(api, pathAndQuery, body);

describe('breeding-values extension: genomic and single-step relationships against numpy', function () {
  this.timeout(300_000);
  let python: string | null = null;
  let trait: string;
  let ungenotypedTrait: string;
  let genotypingStudy: string | null = null;
  let anonymousStudy: string | null = null;
  const variantSet = id('vs');
  const pedigree: Array<[string, string | null, string | null]> = [];
  const genotypes = new Map<string, number[]>();
  const rows: PlotRecord[] = [];
  const reference: Record<string, any> = {};

  before(async function () {
    python = await numpyOrSkip(this);
    const rng = phenotypeRandom(20261128);
    const p = Array.from({ length: MARKERS }, () => 0.05 + 0.9 * rng.uniform());
    const haplotypes = new Map<string, [number[], number[]]>();
    const base = () => p.map((f) => (rng.uniform() < f ? 1 : 0));
    const gamete = (id: string | null) => {
      if (!id) return base();
      const [h1, h2] = haplotypes.get(id)!;
      return h1.map((a, m) => (rng.uniform() < 0.5 ? a : h2[m]));
    };
    const simulated = simulatePedigree(
      rng,
      { founders: 30, generations: 3, perGeneration: 40, name: (gen, i) => id(gen === 0 ? `f${i}` : `s${gen}-${i}`) },
      (g) => haplotypes.set(g, [base(), base()]),
      (g, sire, dam) => haplotypes.set(g, [gamete(sire), gamete(dam)]),
    );
    pedigree.push(...simulated.pedigree);
    const { generations } = simulated;
    // Breeding values from 50 QTL, scaled to about sigma_a^2 = A.
    const effects = new Map(Array.from({ length: 50 }, () => [Math.floor(rng.uniform() * MARKERS), rng.normal()] as [number, number]));
    const raw = new Map(pedigree.map(([g]) => {
      const [h1, h2] = haplotypes.get(g)!;
      let v = 0;
      for (const [m, e] of effects) v += (h1[m] + h2[m] - 2 * p[m]) * e;
      return [g, v];
    }));
    const sd = Math.sqrt([...raw.values()].reduce((s, v) => s + v * v, 0) / raw.size);
    // Genotyped: the whole third generation (the last 20 of it have no records) and 30 earlier germplasm.
    const earlier = pedigree.slice(0, 110).map(([g]) => g);
    const genotyped = [...generations[3]];
    while (genotyped.length < 70) {
      const g = rng.pick(earlier);
      if (!genotyped.includes(g)) genotyped.push(g);
    }
    for (const g of genotyped) {
      const [h1, h2] = haplotypes.get(g)!;
      genotypes.set(g, h1.map((a, m) => (rng.uniform() < 0.02 ? -1 : a + h2[m])));
    }
    const studyIds = await postStudies(post, ['gs S1', 'gs S2'].map(id));
    const withRecords = [...generations[1], ...generations[2], ...generations[3].slice(0, 20)];
    for (const g of withRecords) {
      for (let k = rng.uniform() < 0.5 ? 1 : 2; k > 0; k--) {
        const s = Math.floor(rng.uniform() * 2);
        const rep = rng.uniform() < 0.5 ? 'R1' : 'R2';
        const value = [100, 80][s] + (rep === 'R2' ? 2 : 0) + (Math.sqrt(A) * raw.get(g)!) / sd + Math.sqrt(E) * rng.normal();
        rows.push({ germplasm: g, study: studyIds[s], rep, value: value.toFixed(4) });
      }
    }
    // Names are the DbIds (unique to this run): the VCF's columns name them, in the crop the import matches.
    await ok(await api('POST', '/pedigree', pedigree.map(([g, sire, dam]) => ({
      germplasmDbId: g, germplasmName: g, commonCropName: 'Soybean',
      parents: [...(sire ? [{ germplasmDbId: sire, parentType: 'MALE' }] : []), ...(dam ? [{ germplasmDbId: dam, parentType: 'FEMALE' }] : [])],
    }))));
    const lines = Array.from({ length: MARKERS }, (_, m) => ['Gm01', 1000 + 100 * m, `${run}m${m}`, 'A', 'G', '.', 'PASS', '.', 'GT',
      ...genotyped.map((g) => (genotypes.get(g)![m] < 0 ? './.' : GT[genotypes.get(g)![m]]))].join('\t'));
    genotypingStudy = await importOwnVcf(id('genotyping'), `${HEADER}\t${genotyped.join('\t')}\n${lines.join('\n')}\n`, variantSet);
    trait = await postVariable(post, id('trait'));
    await postRecords(post, trait, rows, `${id('trait')} unit`);
    // A trait recorded on germplasm without genotypes only.
    ungenotypedTrait = await postVariable(post, id('ungenotyped'));
    await postRecords(post, ungenotypedTrait, rows.filter((r) => !genotypes.has(r.germplasm)), `${id('ungenotyped')} unit`);

    const input = {
      pedigree, genotypes: Object.fromEntries(genotypes), records: rows.map((r) => [r.germplasm, r.study, r.rep, Number(r.value)]), additive: A, residual: E,
    };
    // Single-step models the germplasm with records or genotypes and their ancestors (parents first, as read).
    const byId = new Map(pedigree.map((row) => [row[0], row]));
    const modelled = new Set<string>();
    const stack = [...withRecords, ...genotyped];
    while (stack.length) {
      const g = stack.pop()!;
      if (modelled.has(g)) continue;
      modelled.add(g);
      for (const parent of byId.get(g)!.slice(1)) if (parent) stack.push(parent);
    }
    reference.genomic = await runPython(python!, 'test/support/gblup-reference.py', { ...input, kind: 'genomic', blend: 0.05 });
    reference.singleStep = await runPython(python!, 'test/support/gblup-reference.py', {
      ...input, kind: 'single-step', blend: 0.1, pedigree: pedigree.filter(([g]) => modelled.has(g)),
    });
    reference.singleStepIds = modelled;
  });
  after(async () => {
    if (genotypingStudy) await removeGenotypingStudy(genotypingStudy);
    if (anonymousStudy) await removeGenotypingStudy(anonymousStudy);
    await removeBreedingRecords(run);
  });

  /** The answer's EBVs, PEVs (when exact), reliabilities (of the rows `own` holds) and fixed effects against numpy's. */
  const compare = (result: any, ref: any, pev = true, own: (g: string) => boolean = () => true) => {
    for (const g of result.data) {
      expect(Math.abs(g.breedingValue - ref.ebv[g.germplasmDbId]), `EBV of ${g.germplasmDbId}`).to.be.below(1e-6);
      if (!pev) continue;
      expect(Math.abs(g.predictionErrorVariance - ref.pev[g.germplasmDbId]), `PEV of ${g.germplasmDbId}`).to.be.below(1e-6);
      if (own(g.germplasmDbId)) expect(g.reliability, `reliability of ${g.germplasmDbId}`).to.be.closeTo(1 - ref.pev[g.germplasmDbId] / (ref.diagonal[g.germplasmDbId] * A), 1e-6);
    }
    for (const f of ref.fixed) {
      const mine = result.fixedEffects.find((x: any) => x.factor === f.factor && x.studyDbId === f.study && (f.factor === 'study' || x.rep === f.rep));
      expect(Math.abs(mine.estimate - f.estimate), `${f.factor} ${f.study} ${f.rep}`).to.be.below(1e-6);
    }
  };

  it('genomic (GBLUP): the genotyped germplasm only, records of the others left out and counted; numpy\'s solution to 1e-6', async () => {
    const body = { observationVariableDbId: trait, fixedEffects: ['rep'], additiveVariance: A, residualVariance: E, relationship: 'genomic', variantSetDbId: variantSet };
    const res = await fit(PATH, body);
    const result = await ok(res);
    await expectServedResponse('post', PATH, 200, res.json);
    const ref = reference.genomic;
    expect(result.relationship).to.deep.equal({
      kind: 'genomic', variantSetDbId: variantSet, blend: 0.05, genotypedCount: 70, markerCount: ref.markers, excludedRecordCount: rows.length - ref.recordCount,
    });
    expect(ref.recordCount).to.be.below(rows.length);
    expect(result.recordCount).to.equal(ref.recordCount);
    expect(result.germplasmCount).to.equal(70);
    expect(result.data.map((g: any) => g.germplasmDbId)).to.have.members([...genotypes.keys()]);
    expect(result.solver.method).to.equal('cholesky');
    compare(result, ref);
    expect(res.json.metadata.status.map((s: any) => s.message).join(' ')).to.contain(`${rows.length - ref.recordCount} record(s) of germplasm not genotyped in variant set ${variantSet}`);
    // The young lines without records get genomic breeding values through their relatives' genotypes.
    expect(result.data.filter((g: any) => g.ownRecords === 0 && g.breedingValue !== 0).length).to.be.above(15);

    const pcg = await ok(await fit(PATH, { ...body, exactLimit: 0 }));
    expect(pcg.solver.method).to.equal('pcg');
    compare(pcg, ref, false);

    const csv = await fit(`${PATH}?format=csv`, body);
    expect(csv.status, csv.text).to.equal(200);
    const table = parse(csv.text, { columns: true }) as Array<Record<string, string>>;
    expect(table).to.have.length(70);
    for (const r of table) expect(Number(r.breedingValue)).to.be.closeTo(ref.ebv[r.germplasmDbId], 1e-6);
  });

  it('single-step (H-inverse, blend 0.1): every germplasm with records or genotypes and their ancestors; numpy\'s solution to 1e-6', async () => {
    const res = await fit(PATH, {
      observationVariableDbId: trait, fixedEffects: ['rep'], additiveVariance: A, residualVariance: E, relationship: 'single-step', variantSetDbId: variantSet, blend: 0.1,
    });
    const result = await ok(res);
    await expectServedResponse('post', PATH, 200, res.json);
    const ref = reference.singleStep;
    expect(result.relationship).to.deep.equal({ kind: 'single-step', variantSetDbId: variantSet, blend: 0.1, genotypedCount: 70, markerCount: ref.markers, excludedRecordCount: 0 });
    expect(result.recordCount).to.equal(rows.length);
    expect(result.data.map((g: any) => g.germplasmDbId)).to.have.members([...reference.singleStepIds]);
    // Reliability against H_ii for the genotyped (H_22 = G_w); against 1 + F for the others (not checked here).
    compare(result, ref, true, (g) => genotypes.has(g));
  });

  it('REML with G_w and with H: AI-REML within 1e-4 (relative) of numpy\'s REML maximum', async () => {
    for (const [relationship, ref, blend] of [['genomic', reference.genomic, 0.05], ['single-step', reference.singleStep, 0.1]] as const) {
      const result = await ok(await fit(PATH, {
        observationVariableDbId: trait, fixedEffects: ['rep'], relationship, variantSetDbId: variantSet, blend, tolerance: 1e-10, maxIterations: 500,
      }));
      const { additive, residual, reml } = result.variances;
      expect(reml).to.include({ algorithm: 'AI-REML', converged: true, trace: 'exact' });
      expect(Math.abs(additive / ref.reml.additive - 1), `${relationship} sigma_a^2 ${additive} vs ${ref.reml.additive}`).to.be.below(1e-4);
      expect(Math.abs(residual / ref.reml.residual - 1), `${relationship} sigma_e^2 ${residual} vs ${ref.reml.residual}`).to.be.below(1e-4);
    }
  });

  it('refuses what it cannot fit: 400 naming the member, the count and the bound; 404 for an unknown variant set', async () => {
    const bad = async (body: Record<string, unknown>, status: number, ...words: string[]) => {
      const res = await fit(PATH, { observationVariableDbId: trait, additiveVariance: A, residualVariance: E, ...body });
      expect(res.status, res.text).to.equal(status);
      for (const w of words) expect(res.text).to.contain(w);
    };
    await bad({ relationship: 'genomic' }, 400, 'variantSetDbId');
    await bad({ relationship: 'single-step', blend: 0.1 }, 400, 'variantSetDbId');
    await bad({ variantSetDbId: variantSet }, 400, 'variantSetDbId');
    await bad({ relationship: 'pedigree', blend: 0.1 }, 400, 'blend');
    await bad({ relationship: 'genomic', variantSetDbId: variantSet, blend: 1 }, 400, 'blend');
    await bad({ relationship: 'kinship', variantSetDbId: variantSet }, 400, 'relationship');
    await bad({ relationship: 'genomic', variantSetDbId: id('no-such-set') }, 404, id('no-such-set'));
    // A variant set whose only call set is of a sample without a germplasm: no G to build.
    anonymousStudy = await makeGenotypingStudy(id('anonymous'));
    await ok(await api('POST', '/samples', [{ sampleName: id('anonymous leaf'), studyDbId: anonymousStudy }]));
    await importVcfInto(anonymousStudy, `${HEADER}\t${id('anonymous leaf')}\nGm01\t100\t${run}a1\tA\tG\t.\tPASS\t.\tGT\t0/1\n`, id('vs-anonymous'));
    await bad({ relationship: 'single-step', variantSetDbId: id('vs-anonymous') }, 400, `Variant set ${id('vs-anonymous')} has no call set of a germplasm`);
    // Records on germplasm without genotypes only: nothing a genomic fit can use.
    const none = await fit(PATH, { observationVariableDbId: ungenotypedTrait, additiveVariance: A, residualVariance: E, relationship: 'genomic', variantSetDbId: variantSet });
    expect(none.status, none.text).to.equal(400);
    expect(none.text).to.contain('is genotyped in variant set').and.contain('single-step');
    // ... which single-step fits, the genotyped germplasm through their relatives.
    expect((await fit(PATH, { observationVariableDbId: ungenotypedTrait, additiveVariance: A, residualVariance: E, relationship: 'single-step', variantSetDbId: variantSet })).status).to.equal(200);

    const config = server().config;
    const before = config.breedingValuesMaxGenotyped;
    try {
      config.breedingValuesMaxGenotyped = 69;
      await bad({ relationship: 'single-step', variantSetDbId: variantSet }, 400, `variant set ${variantSet} has 70`, '(69, BRAPI_BREEDING_VALUES_MAX_GENOTYPED)');
      config.breedingValuesMaxGenotyped = 70;
      expect((await fit(PATH, { observationVariableDbId: trait, additiveVariance: A, residualVariance: E, relationship: 'genomic', variantSetDbId: variantSet })).status).to.equal(200);
    } finally {
      config.breedingValuesMaxGenotyped = before;
    }
  });
});
