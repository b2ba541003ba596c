// A long breeding-value fit runs in a worker thread (src/work/pool.ts): the service answers other requests while it
// runs, its POST answers 202 after the search wait, and the GET then answers what a POST answering the fit itself
// does. The fit: EM-REML with Hutchinson traces (exactLimit 0) on 1,000 simulated germplasm, seconds of computation.
// Order is asserted, never a duration: /serverinfo is answered while the saved fit's GET still says 202.
import { expect } from 'chai';
import { setTimeout as sleep } from 'node:timers/promises';
import { phenotypeRandom, postRecords, postStudies, postVariable } from '../support/breeding-records.js';
import { api, postResult as post, resultOf as ok, server } from '../support/server.js';
import { removeBreedingRecords } from '../support/graph.js';
import { runIds } from '../support/run-ids.js';

const { run, id } = runIds('bvw-');
const PATH = '/extensions/breeding-values';


describe('breeding-values: a long fit in a worker thread', function () {
  this.timeout(600_000);
  const GERMPLASM = 1000;
  // The search wait: the reads take under it (0.5 s on an idle 2-core machine, 1.5 to 2.0 s in the whole suite, once
  // 3.02 s), and the reads and the fit's REML rounds over it (7.1 s idle, 16 to 17 s in the whole suite), so the fit is
  // still running when POST answers. (1.5 s and 200 rounds, then 3 s, failed in the whole suite: the reads outlasted
  // the wait.)
  const WAIT_MS = 4000;
  let body: Record<string, unknown>;
  let small: string;
  after(() => removeBreedingRecords(run));

  before(async () => {
    const rng = phenotypeRandom(38);
    const bv: number[] = [];
    const tree = [];
    for (let i = 0; i < GERMPLASM; i++) {
      // 50 founders; each later germplasm has two parents drawn from those before it.
      const sire = i < 50 ? -1 : Math.floor(rng.uniform() * i);
      const dam = i < 50 ? -1 : Math.floor(rng.uniform() * i);
      bv.push(i < 50 ? 5 * rng.normal() : (bv[sire] + bv[dam]) / 2 + 3.5 * rng.normal());
      tree.push({
        germplasmDbId: id(`g${i}`), germplasmName: `${run} g${i}`,
        parents: i < 50 ? [] : [{ germplasmDbId: id(`g${sire}`), parentType: 'MALE' }, ...(dam !== sire ? [{ germplasmDbId: id(`g${dam}`), parentType: 'FEMALE' }] : [])],
      });
    }
    await ok(await api('POST', '/pedigree', tree));
    const study = await postStudies(post, [id('S1'), id('S2'), id('S3')]);
    const trait = await postVariable(post, id('yield'));
    await postRecords(post, trait, bv.map((v, i) => ({ germplasm: id(`g${i}`), study: study[i % 3], value: (100 + v + 7 * rng.normal()).toFixed(4) })), `${run} plot`);
    body = { observationVariableDbId: trait, remlAlgorithm: 'EM-REML', tolerance: 1e-12, maxIterations: 400, exactLimit: 0, probes: 20 };
    // Two records in two studies: REML has no degrees of freedom left (a 400 raised inside the fit).
    small = await postVariable(post, id('small'));
    await postRecords(post, small, [{ germplasm: id('g60'), study: study[0], value: '1' }, { germplasm: id('g61'), study: study[1], value: '2' }], `${run} small`);
  });

  it('POST answers 202 after the search wait; /serverinfo is answered while the fit runs; the GET answers what a direct fit does', async () => {
    const search = server().config.search;
    const before = { ...search };
    let saved: any;
    const served: string[] = [];
    Object.assign(search, { style: 'saved', testDelayMs: 0, waitMs: WAIT_MS });
    try {
      const started = await api('POST', PATH, body);
      expect(started.status, started.text.slice(0, 200)).to.equal(202);
      const searchResultsDbId = started.json.result.searchResultsDbId;
      const path = `${PATH}/${searchResultsDbId}`;
      // While the fit runs, another call is answered, and after it the fit is still running (its GET says 202).
      expect((await api('GET', '/serverinfo')).status).to.equal(200);
      served.push('serverinfo');
      let res = await api('GET', path);
      served.push(res.status === 202 ? 'fit running' : 'fit done');
      for (let i = 0; i < 3000 && res.status === 202; i++) (await sleep(200), (res = await api('GET', path)));
      served.push('fit done');
      expect(served).to.deep.equal(['serverinfo', 'fit running', 'fit done']);
      saved = await ok(res);
      // The order above says something only if the fit's computation had begun when POST answered: its reads took
      // less than the wait (else POST answers 202 before any computation, worker or not).
      const phase = (name: string) => Number(new RegExp(`${name};dur=([\\d.]+)`).exec(res.headers.get('server-timing') ?? '')?.[1]);
      expect(phase('records') + phase('pedigree'), 'the reads outlasted the search wait: the test cannot tell').to.be.below(WAIT_MS);
      console.log(`      reads ${Math.round(phase('records') + phase('pedigree'))} ms, REML ${Math.round(phase('reml'))} ms (${saved.variances.reml.iterations} rounds) against a wait of ${WAIT_MS} ms`);
    } finally {
      Object.assign(search, before);
    }
    Object.assign(search, { style: 'immediate' });
    try {
      const direct = await ok(await api('POST', PATH, body));
      expect(saved).to.deep.equal(direct);
      expect(direct.variances.reml.iterations).to.be.above(0);
      expect(direct.data).to.have.length(GERMPLASM);
    } finally {
      Object.assign(search, before);
    }
  });

  it('a 400 raised inside the fit is a 400 with its message', async () => {
    const search = server().config.search;
    const before = { ...search };
    search.style = 'immediate';
    try {
      const res = await api('POST', PATH, { observationVariableDbId: small });
      expect(res.status, res.text).to.equal(400);
      expect(res.text).to.contain('leave no degrees of freedom');
    } finally {
      Object.assign(search, before);
    }
  });
});
