// The breeding-values extension over HTTP, on data set up through the BrAPI calls (germplasm and pedigree by POST
// /pedigree, studies, a variable, units and observations), against values computed outside the code:
//  - Mrode (2014), "Linear Models for the Prediction of Animal Breeding Values", 3rd ed., Example 3.1: the published
//    sex effects and breeding values, to 3 decimals. Sex is a fixed effect there; here each sex is a study (the
//    study is the model's fixed effect), so the two study effects are Mrode's two sex effects.
//  - a simulated pedigree with phenotypes of known variances: numpy solves the same equations densely
//    (test/support/blup-reference.py) and the EBVs, PEVs and fixed effects must agree to 1e-6, by the dense
//    solver and by PCG; AI-REML's and EM-REML's estimates must agree with numpy's direct maximisation of the REML likelihood.
import { expect } from 'chai';
import { parse } from 'csv-parse/sync';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { gunzipSync } from 'node:zlib';
import { createApp } from '../../src/app.js';
import { createLogger } from '../../src/logger.js';
import { phenotypeRandom, postFit, postRecords, postStudies, postVariable, simulatePedigree, type PlotRecord } from '../support/breeding-records.js';
import { ADMIN_TOKEN, api, postResult as post, resultOf as ok, server } from '../support/server.js';
import { numpyOrSkip, runPython } from '../support/python-references.js';
import { expectServedResponse } from '../support/schema.js';
import { removeBreedingRecords } from '../support/graph.js';
import { runIds } from '../support/run-ids.js';

const { run, id } = runIds('bv-');
const PATH = '/extensions/breeding-values';


const record = (variable: string, rows: PlotRecord[]) => postRecords(post, variable, rows, `${variable} unit`);
const variable = (name: string) => postVariable(post, id(name));
const studies = (names: string[]) => postStudies(post, names.map(id));

/** POST of a fit, following a 202 (a fit longer than the search wait) to its GET until it is answered. */
const fit = (pathAndQuery: string, body: unknown) => postFit(api, pathAndQuery, body);

describe('breeding-values extension', function () {
  this.timeout(300_000);
  after(() => removeBreedingRecords(run));

  describe('Mrode (2014) Example 3.1', () => {
    // Calves 4..8 with their pre-weaning gain; sires and dams; sex of each calf (Mrode, Table of Example 3.1).
    const PEDIGREE: Array<[string, string | null, string | null]> = [['1', null, null], ['2', null, null], ['3', null, null], ['4', '1', null], ['5', '3', '2'], ['6', '1', '2'], ['7', '4', '5'], ['8', '3', '6']];
    const DATA: Array<[string, 'male' | 'female', string]> = [['4', 'male', '4.5'], ['5', 'female', '2.9'], ['6', 'female', '3.9'], ['7', 'male', '3.5'], ['8', 'male', '5.0']];
    // Published solutions: sex effects (male, female) and the animals' breeding values, 1..8.
    const SEX = { male: 4.358, female: 3.404 };
    const EBV = [0.098, -0.019, -0.041, -0.009, -0.186, 0.177, -0.249, 0.183];
    let trait: string;
    let sexStudy: Record<'male' | 'female', string>;

    before(async () => {
      const tree = PEDIGREE.map(([g, sire, dam]) => ({
        germplasmDbId: id(`m${g}`), germplasmName: `Mrode ${g}`,
        parents: [...(sire ? [{ germplasmDbId: id(`m${sire}`), parentType: 'MALE' }] : []), ...(dam ? [{ germplasmDbId: id(`m${dam}`), parentType: 'FEMALE' }] : [])],
      }));
      await ok(await api('POST', '/pedigree', tree));
      const [male, female] = await studies(['Mrode male calves', 'Mrode female calves']);
      sexStudy = { male, female };
      trait = await variable('WWG');
      await record(trait, DATA.map(([g, sex, value]) => ({ germplasm: id(`m${g}`), study: sexStudy[sex], value })));
    });

    it('answers the published sex effects and breeding values (sigma_a^2 = 20, sigma_e^2 = 40)', async () => {
      const res = await fit(PATH, { observationVariableDbId: trait, additiveVariance: 20, residualVariance: 40 });
      const result = await ok(res);
      await expectServedResponse('post', PATH, 200, res.json);
      expect(result.recordCount).to.equal(5);
      expect(result.germplasmCount).to.equal(8);
      expect(result.variances).to.include({ source: 'given', additive: 20, residual: 40 });
      expect(result.predictionErrorVariance).to.equal('exact');
      const effect = (study: string) => result.fixedEffects.find((f: any) => f.studyDbId === study).estimate;
      // Agreement to the 3 decimals printed: within one unit of the third decimal.
      expect(Math.abs(effect(sexStudy.male) - SEX.male)).to.be.below(1e-3);
      expect(Math.abs(effect(sexStudy.female) - SEX.female)).to.be.below(1e-3);
      EBV.forEach((published, i) => {
        const row = result.data.find((g: any) => g.germplasmDbId === id(`m${i + 1}`));
        expect(Math.abs(row.breedingValue - published), `animal ${i + 1}`).to.be.below(1e-3);
      });
      const counts = Object.fromEntries(result.data.map((g: any) => [g.germplasmName, [g.ownRecords, g.progenyRecords]]));
      // Own records: calves 4..8; progeny records: 1 (calves 4, 6), 2 (5, 6), 3 (5, 8), 4 (7), 5 (7), 6 (8).
      expect(counts).to.deep.equal({
        'Mrode 1': [0, 2], 'Mrode 2': [0, 2], 'Mrode 3': [0, 2], 'Mrode 4': [1, 1], 'Mrode 5': [1, 1], 'Mrode 6': [1, 1], 'Mrode 7': [1, 0], 'Mrode 8': [1, 0],
      });
    });

    it('the same breeding values by PCG (exactLimit 0), and the germplasm and fixed-effect tables as CSV', async () => {
      const result = await ok(await fit(PATH, { observationVariableDbId: trait, additiveVariance: 20, residualVariance: 40, exactLimit: 0 }));
      expect(result.solver.method).to.equal('pcg');
      expect(result.predictionErrorVariance).to.equal('diagonal');
      EBV.forEach((published, i) => expect(Math.abs(result.data.find((g: any) => g.germplasmDbId === id(`m${i + 1}`)).breedingValue - published)).to.be.below(1e-3));

      const csv = await fit(`${PATH}?format=csv`, { observationVariableDbId: trait, additiveVariance: 20, residualVariance: 40 });
      expect(csv.status, csv.text).to.equal(200);
      expect(csv.headers.get('content-type')).to.match(/^text\/csv/);
      const rows = parse(csv.text, { columns: true }) as Array<Record<string, string>>;
      expect(rows).to.have.length(8);
      expect(Object.keys(rows[0])).to.deep.equal(['germplasmDbId', 'germplasmName', 'breedingValue', 'predictionErrorVariance', 'reliability', 'inbreeding', 'ownRecords', 'progenyRecords', 'identicalTo']);
      expect(Number(rows.find((r) => r.germplasmName === 'Mrode 7')!.breedingValue)).to.be.closeTo(-0.249, 1e-3);
      const fixed = parse((await fit(`${PATH}?format=tsv&table=fixedEffects`, { observationVariableDbId: trait, heritability: 1 / 3 })).text, { columns: true, delimiter: '\t' }) as Array<Record<string, string>>;
      expect(fixed.map((f) => [f.factor, f.studyDbId])).to.have.deep.members([['study', sexStudy.male], ['study', sexStudy.female]]);
      // Heritability 1/3 is the same ratio 2: the same solutions.
      expect(Number(fixed.find((f) => f.studyDbId === sexStudy.male)!.estimate)).to.be.closeTo(SEX.male, 1e-3);
    });

    it('refuses bad requests naming the member, 404 for an unknown variable, and answers no records with an empty fit', async () => {
      const bad = async (body: unknown, words: string) => {
        const res = await api('POST', PATH, body);
        expect(res.status, res.text).to.equal(400);
        expect(res.text).to.contain(words);
      };
      await bad({}, 'observationVariableDbId');
      await bad({ observationVariableDbId: trait, heritability: 1.5 }, 'heritability');
      await bad({ observationVariableDbId: trait, additiveVariance: 20 }, 'residualVariance');
      await bad({ observationVariableDbId: trait, heritability: 0.3, additiveVariance: 1, residualVariance: 1 }, 'not both');
      await bad({ observationVariableDbId: trait, fixedEffects: ['sex'] }, 'fixedEffects');
      await bad({ observationVariableDbId: trait, studyDbIds: 'x' }, 'studyDbIds');
      await bad({ observationVariableDbId: trait, exactLimit: 1e9 }, 'exactLimit');
      await bad([trait], 'body');
      const unknown = await api('POST', PATH, { observationVariableDbId: id('no-such-variable') });
      expect(unknown.status).to.equal(404);
      const none = await ok(await fit(PATH, { observationVariableDbId: trait, studyDbIds: [id('no-such-study')] }));
      expect(none).to.include({ recordCount: 0, germplasmCount: 0 });
      expect(none.data).to.deep.equal([]);
      // Only the male study: three records.
      const males = await ok(await fit(PATH, { observationVariableDbId: trait, studyDbIds: [sexStudy.male], additiveVariance: 20, residualVariance: 40 }));
      expect(males.recordCount).to.equal(3);
    });

    it('a fit longer than the search wait: POST answers 202, its GET 202 until done, then the answer (JSON, CSV); a 404 kept as such', async () => {
      const config = server().config.search;
      const before = { ...config };
      // Every fit waits 1.5 s before it runs; POST waits 50 ms.
      Object.assign(config, { style: 'saved', testDelayMs: 1500, waitMs: 50 });
      try {
        const body = { observationVariableDbId: trait, additiveVariance: 20, residualVariance: 40 };
        const post = await api('POST', PATH, body);
        expect(post.status, post.text).to.equal(202);
        const searchResultsDbId = post.json.result.searchResultsDbId;
        expect(searchResultsDbId).to.be.a('string').and.not.equal('');
        expect((await api('GET', `${PATH}/${searchResultsDbId}`)).status).to.equal(202);
        await sleep(1600);
        let res = await api('GET', `${PATH}/${searchResultsDbId}`);
        for (let i = 0; i < 100 && res.status === 202; i++) (await sleep(200), (res = await api('GET', `${PATH}/${searchResultsDbId}`)));
        const result = await ok(res);
        await expectServedResponse('get', `${PATH}/{searchResultsDbId}`, 200, res.json);
        EBV.forEach((published, i) => expect(Math.abs(result.data.find((g: any) => g.germplasmDbId === id(`m${i + 1}`)).breedingValue - published)).to.be.below(1e-3));
        const csv = await api('GET', `${PATH}/${searchResultsDbId}?format=csv`);
        expect(csv.status, csv.text).to.equal(200);
        const rows = parse(csv.text, { columns: true }) as Array<Record<string, string>>;
        expect(Number(rows.find((r) => r.germplasmName === 'Mrode 7')!.breedingValue)).to.be.closeTo(-0.249, 1e-3);

        // The fit's own 404 (an unknown variable) is what its GET answers.
        const unknown = await api('POST', PATH, { observationVariableDbId: id('no-such-variable') });
        expect(unknown.status, unknown.text).to.equal(202);
        let gone = await api('GET', `${PATH}/${unknown.json.result.searchResultsDbId}`);
        for (let i = 0; i < 100 && gone.status === 202; i++) (await sleep(200), (gone = await api('GET', `${PATH}/${unknown.json.result.searchResultsDbId}`)));
        expect(gone.status, gone.text).to.equal(404);
        expect(gone.text).to.contain('no-such-variable');
        expect((await api('GET', `${PATH}/no-such-search`)).status).to.equal(404);
      } finally {
        Object.assign(config, before);
      }
    });

    it('a fit of more germplasm than BRAPI_BREEDING_VALUES_MAX_GERMPLASM is a 400 naming the count and the limit', async () => {
      const config = server().config;
      const before = config.breedingValuesMaxGermplasm;
      try {
        // The five calves with records: 8 germplasm with their ancestors.
        config.breedingValuesMaxGermplasm = 4;
        const records = await api('POST', PATH, { observationVariableDbId: trait, additiveVariance: 20, residualVariance: 40 });
        expect(records.status, records.text).to.equal(400);
        expect(records.text).to.contain('5 germplasm have records').and.contain('(4, BRAPI_BREEDING_VALUES_MAX_GERMPLASM)');
        config.breedingValuesMaxGermplasm = 7;
        const ancestors = await api('POST', PATH, { observationVariableDbId: trait, additiveVariance: 20, residualVariance: 40 });
        expect(ancestors.status, ancestors.text).to.equal(400);
        expect(ancestors.text).to.contain('their ancestors are 8').and.contain('(7, BRAPI_BREEDING_VALUES_MAX_GERMPLASM)');
        config.breedingValuesMaxGermplasm = 8;
        expect((await api('POST', PATH, { observationVariableDbId: trait, additiveVariance: 20, residualVariance: 40 })).status).to.equal(200);
      } finally {
        config.breedingValuesMaxGermplasm = before;
      }
    });

    it('where the time went: Server-Timing on the answer; a 202 fit answered from memory by its instance, from a packed stored copy by another', async () => {
      const body = { observationVariableDbId: trait, additiveVariance: 20, residualVariance: 40 };
      const direct = await api('POST', PATH, body);
      expect(direct.status, direct.text).to.equal(200);
      const phasesOf = (header: string | null) => (header ?? '').split(',').map((p) => p.trim().split(';')[0]).filter(Boolean);
      expect(phasesOf(direct.headers.get('server-timing'))).to.include.members(['records', 'pedigree', 'inverse', 'build', 'solve', 'rows', 'present']);

      const config = server().config.search;
      const before = { ...config };
      Object.assign(config, { style: 'saved', testDelayMs: 300, waitMs: 20 });
      try {
        const post = await api('POST', PATH, body);
        expect(post.status, post.text).to.equal(202);
        const searchResultsDbId = post.json.result.searchResultsDbId;
        let res = await api('GET', `${PATH}/${searchResultsDbId}`);
        for (let i = 0; i < 100 && res.status === 202; i++) (await sleep(100), (res = await api('GET', `${PATH}/${searchResultsDbId}`)));
        expect(res.status, res.text).to.equal(200);
        // Held by the instance that ran it: the GET carries the fit's own phases, nothing read back.
        const own = phasesOf(res.headers.get('server-timing'));
        expect(own).to.include.members(['records', 'pedigree', 'solve']);
        expect(own).to.not.include('read');
        expect(res.json.result.data).to.deep.equal(direct.json.result.data);

        // The stored copy (for other replicas) is the answer gzip'd, a fraction of its JSON.
        let options: string | null = null;
        for (let i = 0; i < 100 && !options; i++) {
          [{ options }] = await server().graph.read<{ options: string | null }>('MATCH (s:SavedSearch {searchResultsDbId: $id}) RETURN s.options AS options', { id: searchResultsDbId });
          if (!options) await sleep(100);
        }
        const packed = JSON.parse(options!);
        expect(Object.keys(packed)).to.deep.equal(['answerGzip']);
        const unpacked = JSON.parse(gunzipSync(Buffer.from(packed.answerGzip, 'base64')).toString('utf8'));
        expect(unpacked.fit.germplasm.map((g: any) => [g.germplasmDbId, g.breedingValue])).to.deep.equal(res.json.result.data.map((g: any) => [g.germplasmDbId, g.breedingValue]));

        // Another instance on the same database (a replica) answers the same from the stored copy.
        const replica = createApp({ graph: server().graph, config: server().config, logger: createLogger('silent') });
        const listening = http.createServer(replica.app.callback());
        await new Promise<void>((resolve) => listening.listen(0, '127.0.0.1', resolve));
        try {
          const url = `http://127.0.0.1:${(listening.address() as AddressInfo).port}${server().config.basePath}${PATH}/${searchResultsDbId}`;
          const other = await fetch(url, { headers: { authorization: `Bearer ${ADMIN_TOKEN}`, accept: 'application/json' } });
          expect(other.status).to.equal(200);
          expect(phasesOf(other.headers.get('server-timing'))).to.include.members(['read', 'unpack']);
          expect(((await other.json()) as any).result.data).to.deep.equal(res.json.result.data);
        } finally {
          listening.closeAllConnections();
          await new Promise((resolve) => listening.close(resolve));
        }
      } finally {
        Object.assign(config, before);
      }
    });
  });

  describe('a simulated pedigree against numpy', () => {
    const A = 30;
    const E = 50;
    let trait: string;
    let study: string[];
    let reference: any;
    let python: string | null = null;
    const pedigree: Array<[string, string | null, string | null]> = [];
    const rows: Array<{ germplasm: string; study: string; rep: string; value: string }> = [];

    before(async function () {
      python = await numpyOrSkip(this);
      const rng = phenotypeRandom(20261127);
      // 40 founders, then three generations of 60 from parents of any earlier generation; 1 in 10 has no known dam.
      const bv = new Map<string, number>();
      const simulated = simulatePedigree(
        rng,
        { founders: 40, generations: 3, perGeneration: 60, name: (gen, i) => id(`s${gen}-${i}`) },
        (g) => bv.set(g, Math.sqrt(A) * rng.normal()),
        (g, sire, dam) => bv.set(g, (bv.get(sire)! + (dam ? bv.get(dam)! : 0)) / 2 + Math.sqrt((dam ? 0.5 : 0.75) * A) * rng.normal()),
      );
      pedigree.push(...simulated.pedigree);
      const { generations } = simulated;
      study = await studies(['sim S1', 'sim S2', 'sim S3']);
      const means = [100, 120, 90];
      // Generations 1..3 have records: one or two each, in a random study and rep.
      for (const g of generations.slice(1).flat()) {
        for (let k = rng.uniform() < 0.5 ? 1 : 2; k > 0; k--) {
          const s = Math.floor(rng.uniform() * 3);
          const rep = rng.uniform() < 0.5 ? 'R1' : 'R2';
          const value = means[s] + (rep === 'R2' ? 3 : 0) + bv.get(g)! + Math.sqrt(E) * rng.normal();
          rows.push({ germplasm: g, study: study[s], rep, value: value.toFixed(4) });
        }
      }
      await ok(await api('POST', '/pedigree', pedigree.map(([g, sire, dam]) => ({
        germplasmDbId: g, germplasmName: g.slice(run.length + 1),
        parents: [...(sire ? [{ germplasmDbId: sire, parentType: 'MALE' }] : []), ...(dam ? [{ germplasmDbId: dam, parentType: 'FEMALE' }] : [])],
      }))));
      trait = await variable('simulated');
      await record(trait, rows);
      reference = await runPython(python!, 'test/support/blup-reference.py', {
        pedigree, records: rows.map((r) => [r.germplasm, r.study, r.rep, Number(r.value)]), additive: A, residual: E,
      });
    });

    const compare = (result: any) => {
      expect(result.recordCount).to.equal(rows.length);
      expect(result.germplasmCount).to.equal(pedigree.length);
      for (const g of result.data) {
        expect(Math.abs(g.breedingValue - reference.ebv[g.germplasmDbId]), `EBV of ${g.germplasmDbId}`).to.be.below(1e-6);
        expect(Math.abs(g.inbreeding - reference.inbreeding[g.germplasmDbId])).to.be.below(1e-9);
      }
      for (const f of reference.fixed) {
        const mine = result.fixedEffects.find((x: any) => x.factor === f.factor && x.studyDbId === f.study && (f.factor === 'study' || x.rep === f.rep));
        expect(Math.abs(mine.estimate - f.estimate), `${f.factor} ${f.study} ${f.rep}`).to.be.below(1e-6);
      }
    };

    it('EBVs, PEVs and fixed effects (study and rep within study) equal numpy\'s dense solution to 1e-6', async () => {
      const res = await fit(PATH, { observationVariableDbId: trait, fixedEffects: ['rep'], additiveVariance: A, residualVariance: E });
      const result = await ok(res);
      await expectServedResponse('post', PATH, 200, res.json);
      expect(result.solver.method).to.equal('cholesky');
      compare(result);
      for (const g of result.data) {
        expect(Math.abs(g.predictionErrorVariance - reference.pev[g.germplasmDbId]), `PEV of ${g.germplasmDbId}`).to.be.below(1e-6);
        expect(g.reliability).to.be.closeTo(1 - reference.pev[g.germplasmDbId] / ((1 + reference.inbreeding[g.germplasmDbId]) * A), 1e-6);
      }
      // Each study has one reference rep (R1, estimate 0) and one estimated.
      expect(result.fixedEffects.filter((f: any) => f.factor === 'rep' && f.reference).map((f: any) => f.rep)).to.deep.equal(['R1', 'R1', 'R1']);
    });

    it('the same EBVs by PCG beyond exactLimit', async () => {
      const result = await ok(await fit(PATH, { observationVariableDbId: trait, fixedEffects: ['rep'], additiveVariance: A, residualVariance: E, exactLimit: 0 }));
      expect(result.solver.method).to.equal('pcg');
      expect(result.solver.relativeResidual).to.be.below(1e-10);
      compare(result);
    });

    it('AI-REML (default) and EM-REML: the variances within 1e-4 (relative) of numpy\'s REML maximum', async () => {
      for (const remlAlgorithm of ['AI-REML', 'EM-REML']) {
        const res = await fit(PATH, { observationVariableDbId: trait, fixedEffects: ['rep'], tolerance: 1e-10, maxIterations: 5000, ...(remlAlgorithm === 'EM-REML' ? { remlAlgorithm } : {}) });
        const result = await ok(res);
        await expectServedResponse('post', PATH, 200, res.json);
        const { additive, residual, reml } = result.variances;
        expect(reml).to.include({ algorithm: remlAlgorithm, converged: true, trace: 'exact' });
        if (remlAlgorithm === 'AI-REML') expect(reml.emSteps).to.equal(0);
        expect(reml.change).to.be.below(1e-10);
        expect(Math.abs(additive / reference.reml.additive - 1), `${remlAlgorithm} sigma_a^2 ${additive} vs ${reference.reml.additive}`).to.be.below(1e-4);
        expect(Math.abs(residual / reference.reml.residual - 1), `${remlAlgorithm} sigma_e^2 ${residual} vs ${reference.reml.residual}`).to.be.below(1e-4);
      }
    });

    it('AI-REML with Hutchinson traces beyond exactLimit: within 10% of numpy\'s REML maximum', async () => {
      const result = await ok(await fit(PATH, { observationVariableDbId: trait, fixedEffects: ['rep'], exactLimit: 0, probes: 50 }));
      const { additive, residual, reml } = result.variances;
      expect(reml).to.include({ algorithm: 'AI-REML', trace: 'hutchinson', probes: 50, converged: true });
      expect(Math.abs(additive / reference.reml.additive - 1), `sigma_a^2 ${additive} vs ${reference.reml.additive}`).to.be.below(0.1);
      expect(Math.abs(residual / reference.reml.residual - 1), `sigma_e^2 ${residual} vs ${reference.reml.residual}`).to.be.below(0.1);
    });
  });
});
