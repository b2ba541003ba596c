// The first start as a new user meets it: the service listens before the demo data is loaded, answers data calls
// with 503 and the step being loaded until it is whole, and a start killed anywhere inside the load is completed by
// the next one, never served as half a demo. The service runs as `npm start` runs it (src/main.ts, a process of its
// own) on the shared extra bundled Neo4j (test/support/extra-neo4j.ts), which outlives its restarts.
import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { connectGraph } from '../../src/graph/connect.js';
import type { Graph } from '../../src/graph/port.js';
import { cpuQuota, type CpuQuota } from '../support/cpu-quota.js';
import { demoCounts } from '../support/demo-counts.js';
import { extraNeo4j } from '../support/extra-neo4j.js';
import { demoCountsAtStart, onBundledNeo4j } from '../support/server.js';

interface Service {
  child: ChildProcess;
  output: () => string;
  /** Resolves with the BrAPI base URL once the start banner printed it. */
  base: Promise<string>;
  exited: Promise<number | null>;
}

function startService(boltUrl: string, env: Record<string, string> = {}, command: string[] = [process.execPath, '--import', 'tsx', 'src/main.ts']): Service {
  const child = spawn(command[0], command.slice(1), {
    env: { ...process.env, NEO4J_URI: boltUrl, BRAPI_DEMO_DATA: 'true', PORT: '0', HOST: '127.0.0.1', LOG_LEVEL: 'info', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout!.on('data', (chunk) => (out += chunk));
  child.stderr!.on('data', (chunk) => (out += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const base = (async () => {
    for (;;) {
      const found = /BrAPI v2\.1 base URL: (\S+)/.exec(out);
      if (found) return found[1];
      if (child.exitCode !== null || child.signalCode !== null) throw new Error(`The service did not start:\n${out}`);
      await new Promise((r) => setTimeout(r, 100));
    }
  })();
  return { child, output: () => out, base, exited };
}

async function waitFor(service: Service, pattern: RegExp, what: string): Promise<void> {
  while (!pattern.test(service.output())) {
    if (service.child.exitCode !== null) throw new Error(`The service ended before ${what}:\n${service.output().slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** Until the service holds a write transaction open on the database (one that has taken locks): then it is inside a write. */
async function waitForWriteTransaction(graph: Graph, service: Service): Promise<void> {
  for (;;) {
    const rows = await graph.read('SHOW TRANSACTIONS YIELD activeLockCount WHERE activeLockCount > 0 RETURN 1 AS found');
    if (rows.length) return;
    if (service.child.exitCode !== null) throw new Error(`The service ended before its write:\n${service.output().slice(-3000)}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

async function kill(service: Service): Promise<void> {
  service.child.kill('SIGKILL');
  await service.exited;
}

/** A data call while the demo loads: 503 with Retry-After and the step, never a half-loaded answer. */
async function expectLoading(base: string): Promise<void> {
  const res = await fetch(`${base}/germplasm?germplasmName=Williams%2082`);
  const text = await res.text();
  expect(res.status, text).to.equal(503);
  expect(res.headers.get('retry-after')).to.match(/^\d+$/);
  expect(text).to.match(/The demo data is loading: .+ \(\d+ s so far\)/);
  const info = await (await fetch(`${base}/serverinfo`)).json() as { metadata: { status: Array<{ message: string }> } };
  expect(info.metadata.status.map((s) => s.message).join(' ')).to.match(/The demo data is loading/);
}

describe('The first start: listen early, never serve half a demo', function () {
  // Four starts, three of them cut off, and one whole demo load, on a machine the rest of the suite shares.
  this.timeout(900_000);
  let boltUrl: string;
  let graph: Graph | undefined;
  const running: Service[] = [];

  before(async function () {
    if (!onBundledNeo4j()) {
      console.log('    (skipped: starts a bundled Neo4j of its own; the suite runs on TEST_NEO4J_URI)');
      return this.skip();
    }
    // Empty, as a new user's database is (the next test to take it empties it again).
    ({ boltUrl } = await extraNeo4j());
    graph = connectGraph({ uri: boltUrl, timeoutMs: 120_000 });
  });

  after(async function () {
    for (const s of running) if (s.child.exitCode === null) await kill(s);
    await graph?.close();
  });

  // The first kill comes after the first batch of SoyBase germplasm, not after all of them: the second start loads
  // them all again and is killed inside the pedigree write (one transaction), so it leaves the state a kill after the
  // germplasm would, and the first start need not load the rest (each start loads the demo from the beginning).
  const killAt: Array<[string, RegExp, { insideWrite?: boolean }]> = [
    ['inside the SoyBase germplasm', /demo data: 5000 of \d+ SoyBase germplasm/, {}],
    ['inside the SoyBase pedigree write', /demo data: writing the SoyBase pedigree/, { insideWrite: true }],
    ['after the barley pedigree', /demo data: importing the demo genotypes/, {}],
  ];
  for (const [where, pattern, { insideWrite }] of killAt) {
    it(`a start killed ${where} leaves a demo the next start does not serve as whole`, async function () {
      const service = startService(boltUrl);
      running.push(service);
      const base = await service.base;
      // Listening already, with the load still to come.
      await expectLoading(base);
      await waitFor(service, pattern, where);
      if (insideWrite) await waitForWriteTransaction(graph!, service);
      await kill(service);
      const [marker] = await graph!.read<{ state: string }>('MATCH (d:DemoData) RETURN d.state AS state');
      expect(marker?.state, 'the demo marker').to.equal('loading');
      if (insideWrite) expect(service.output(), 'killed before the next step').to.not.match(/demo data: importing the barley/);
    });
  }

  it('the next start removes the incomplete load and loads the demo again: the counts of a clean load', async function () {
    const service = startService(boltUrl);
    running.push(service);
    const base = await service.base;
    await expectLoading(base);
    await waitFor(service, /Demo data: +loaded/, 'the demo was loaded');
    expect(service.output()).to.match(/The database holds an incomplete demo load \(started .+, stopped during: importing the demo genotypes/);
    const res = await fetch(`${base}/germplasm/soy-williams-82/pedigree`);
    const body = await res.json() as { result: { parents: Array<{ germplasmDbId: string; parentType: string }> } };
    expect(res.status).to.equal(200);
    // SoyBase's Williams 82 is Williams 7 x Kingwa: the pedigree write of the reload is there.
    expect(body.result.parents.map(({ germplasmDbId, parentType }) => ({ germplasmDbId, parentType }))).to.have.deep.members([
      { germplasmDbId: 'soy-williams-7', parentType: 'FEMALE' },
      { germplasmDbId: 'soy-kingwa', parentType: 'MALE' },
    ]);
    expect((await fetch(`${base.replace(/\/brapi\/v2$/, '')}/ready`)).status).to.equal(200);
    expect(await demoCounts(graph!)).to.deep.equal(await demoCountsAtStart());
    service.child.kill('SIGTERM');
    expect(await service.exited).to.equal(0);
  });

  it('BRAPI_DEMO_DATA=false over an incomplete demo stops the start and says what to do', async function () {
    await graph!.write("MATCH (d:DemoData) SET d.state = 'loading', d.step = 'importing the demo genotypes (VCF)'");
    const service = startService(boltUrl, { BRAPI_DEMO_DATA: 'false' });
    running.push(service);
    const code = await service.exited;
    expect(code).to.equal(1);
    expect(service.output()).to.match(/incomplete demo load .*stopped during: importing the demo genotypes.*BRAPI_DEMO_DATA=true/s);
    await graph!.write("MATCH (d:DemoData) SET d.state = 'complete', d.step = null");
  });
});

describe('The first start on a starved machine', function () {
  this.timeout(600_000);
  const children: ChildProcess[] = [];
  let dir: string | undefined;
  let quota: CpuQuota | undefined;

  after(async function () {
    for (const c of children) if (c.exitCode === null && c.signalCode === null) c.kill('SIGTERM');
    await Promise.all(children.map((c) => (c.exitCode !== null || c.signalCode !== null) ? undefined : new Promise((r) => c.once('exit', r))));
    quota?.remove();
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('answers with the JVM and Node on one core, given half of it', async function () {
    if (!onBundledNeo4j()) return this.skip();
    if (spawnSync('taskset', ['-c', '0', 'true']).status !== 0) {
      console.log('    (skipped: taskset cannot pin processes to one core here)');
      return this.skip();
    }
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'brapi-starved-'));
    // Half the core: a CPU quota on the service and its JVM (support/cpu-quota.ts), or where none can be made, a
    // burner pinned to the same core (bounded: it ends by itself after 5 minutes, and is stopped when the test ends).
    quota = cpuQuota('brapi-starved', 0.5);
    if (!quota) {
      children.push(spawn('taskset', ['-c', '0', process.execPath, '-e', 'const end = Date.now() + 300000; while (Date.now() < end) {}'], { stdio: 'ignore' }));
    }
    const started = Date.now();
    // npm start's own entry point with a user's defaults (no JVM options: a cheaper JVM would make the test milder
    // than the start it stands for); the JVM it starts inherits the core and the quota.
    const entry = ['taskset', '-c', '0', process.execPath, '--import', 'tsx', 'src/main.ts'];
    const service = startService('', {
      NEO4J_URI: '', BRAPI_DEMO_DATA: '', BRAPI_DEV_DB_DIR: dir, BRAPI_DEV_DB_HTTP_PORT: '0', BRAPI_DEV_DB_BOLT_PORT: '0',
    }, quota ? ['sh', '-c', 'echo $$ > "$0" && exec "$@"', quota.procs, ...entry] : entry);
    children.push(service.child);
    const base = await service.base;
    const front = await fetch(base.replace(/\/brapi\/v2$/, '/'));
    expect(front.status).to.equal(200);
    expect((await fetch(`${base}/serverinfo`)).status).to.equal(200);
    const data = await fetch(`${base}/germplasm?pageSize=1`);
    // Listening while the demo loads: a 503 that says so, or (a fast machine) the whole demo.
    expect([200, 503]).to.include(data.status);
    if (data.status === 503) expect(data.headers.get('retry-after')).to.match(/^\d+$/);
    // The quota did hold the start back (a cgroup that caps nothing would make this a start on a whole machine).
    if (quota) expect(quota.throttled(), 'periods the quota held the start back').to.be.above(0);
    console.log(`    first answer after ${((Date.now() - started) / 1000).toFixed(1)} s on ${quota ? 'half a core (a CPU quota)' : 'one core beside a burner'}`);
    // Stopped in the middle of its demo load, it ends promptly (the load is cut off, not waited for) and takes its
    // Neo4j with it.
    service.child.kill('SIGTERM');
    let waited: NodeJS.Timeout | undefined;
    const code = await Promise.race([service.exited, new Promise((r) => (waited = setTimeout(() => r('still running'), 120_000)))]);
    // Cleared: a pending timer keeps the lane alive after its last file, and the runner fails a lane that does not end.
    clearTimeout(waited);
    expect(code, service.output().slice(-2000)).to.equal(0);
  });
});
