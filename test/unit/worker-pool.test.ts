// The worker pool (src/work/pool.ts) on real worker threads: a typed error thrown in a task keeps its class, a task
// beyond those running and waiting is a 503 with Retry-After, and stopping ends a running task with a 503.
import { expect } from 'chai';
import { BadRequestError, BusyError } from '../../src/errors.js';
import { breedingValuesRequest } from '../../src/modules/extensions/breeding-values/params.js';
import { phenotypeRandom } from '../support/breeding-records.js';
import { WorkerPool } from '../../src/work/pool.js';

const record = (germplasmDbId: string, studyDbId: string, value: number) => ({ value, germplasmDbId, studyDbId, studyName: null, levelNames: null, levelCodes: null });

/** A simulated pedigree whose EM-REML with probes takes seconds: records and pedigree. */
function longFit() {
  const rng = phenotypeRandom(5);
  const pedigree = [];
  const records = [];
  for (let i = 0; i < 1000; i++) {
    const sire = i < 50 ? -1 : Math.floor(rng.uniform() * i);
    pedigree.push({ germplasmDbId: `g${i}`, germplasmName: null, parents: i < 50 ? [] : [{ germplasmDbId: `g${sire}`, parentType: 'MALE' }] });
    records.push(record(`g${i}`, `s${i % 3}`, 100 + 7 * rng.normal()));
  }
  const request = breedingValuesRequest({ observationVariableDbId: 'x', remlAlgorithm: 'EM-REML', tolerance: 1e-12, maxIterations: 5000, exactLimit: 0 });
  return [records, pedigree, request] as const;
}

describe('worker pool', function () {
  this.timeout(60_000);

  it('a typed error thrown in the worker comes back as the same class and message', async () => {
    const pool = new WorkerPool(1, 0, 'fits');
    try {
      const err = await pool.run('breedingValues', [record('a', 's1', 1), record('b', 's2', 2)],
        [{ germplasmDbId: 'a', germplasmName: null, parents: [] }, { germplasmDbId: 'b', germplasmName: null, parents: [] }],
        breedingValuesRequest({ observationVariableDbId: 'x' })).catch((e) => e);
      expect(err).to.be.instanceOf(BadRequestError);
      expect(err.message).to.contain('leave no degrees of freedom');
    } finally {
      await pool.stop();
    }
  });

  it('beyond the running and waiting tasks a 503 with Retry-After; stopping ends the running one with a 503', async () => {
    const pool = new WorkerPool(1, 1, 'fits');
    const running = pool.run('breedingValues', ...longFit()).catch((e) => e);
    const waiting = pool.run('breedingValues', ...longFit()).catch((e) => e);
    const refused = await pool.run('breedingValues', ...longFit()).catch((e) => e);
    expect(refused).to.be.instanceOf(BusyError);
    expect(refused.status).to.equal(503);
    expect(refused.headers['Retry-After']).to.equal('30');
    await pool.stop();
    for (const ended of [await running, await waiting]) {
      expect(ended).to.be.instanceOf(BusyError);
      expect(ended.message).to.contain('stopping');
    }
  });
});
