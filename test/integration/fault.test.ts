// Writes are transactions: a bundled Neo4j (the shared extra one, test/support/extra-neo4j.ts) is killed (SIGKILL) in
// the middle of a write, at a point the data chooses (its first write visible to the transaction) or during the
// commit, then restarted on the same store. Nothing of the request may be there (or, killed in the commit, all of
// it), and the same running service answers again once the database is back (no restart of the service). A restart
// is most of this file's time: writes killed at the same kind of point share one kill and one restart.
import { expect } from 'chai';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createEntities } from '../../src/entities/commands/createEntities.js';
import { connectGraph } from '../../src/graph/connect.js';
import type { Graph, Runner } from '../../src/graph/port.js';
import { ensureSchema } from '../../src/graph/schema.js';
import { createLogger } from '../../src/logger.js';
import { crossEntity } from '../../src/modules/germplasm/crosses/crosses.entity.js';
import { schemaItems } from '../../src/server.js';
import { cliProcess } from '../support/cli.js';
import { extraNeo4j, type ExtraNeo4j } from '../support/extra-neo4j.js';
import { onBundledNeo4j } from '../support/server.js';

const CROSSES = 2000;

/** Kill points chosen by the data, not by a statement number (a new statement before the writes, or a commit per batch,
 * cannot make these pass). `visible`: checked after every statement of every write transaction while armed, it is
 * reached as soon as it counts a row, i.e. the transaction's first write is visible to it and not committed (the
 * rows it counts are ones only that transaction writes, so no other transaction reaches it). */
type Visible = { visible: string; params?: Record<string, unknown> };
/**
 * When to kill the database: at `visible` points (several at once: each transaction is held at its point until every
 * point is reached, then one kill ends them all, which costs one restart instead of one each); `commit` kills it
 * while the next write transaction commits (the work is done, the commit in flight); `second` kills it as a second
 * write transaction starts, i.e. after the first one committed (a write that should be one transaction and commits in
 * parts is caught there, whatever its parts write).
 */
type KillPoint = Visible | Visible[] | 'commit' | 'second';

/** A promise and the function that resolves it. */
function opened() {
  let open!: () => void;
  const promise = new Promise<void>((r) => (open = r));
  return { promise, open };
}

/**
 * The real graph, with one hook: `armKill(point)` kills the database at that point of the next write transactions
 * (for `second`: of the one after the first); `disarm()` says whether it fired; `killNow()` kills at once what is
 * armed (a request answered before its point was reached must not leave the others held).
 */
function killable(inner: Graph, kill: () => Promise<void>) {
  let armed: 'commit' | 'second' | undefined;
  /** Visible points not reached yet; the kill comes when none is left. */
  let waiting: Visible[] = [];
  let killing: Promise<void> | undefined;
  /** Resolves once the kill has been started (held transactions wait for it). */
  let gate = opened();
  let writes = 0;
  let fired = false;
  const killNow = () => {
    if (!killing) {
      fired = true;
      killing = kill();
      gate.open();
    }
    return killing;
  };
  const graph = new Proxy(inner, {
    get(target, prop, receiver) {
      if (prop !== 'transaction') return Reflect.get(target, prop, receiver);
      return <T>(work: (tx: Runner) => Promise<T>, mode?: 'read' | 'write') => {
        if (armed === 'second' && mode !== 'read' && ++writes === 2) {
          armed = undefined;
          // The transaction then starts on a dead database, as it would have had the database died right here.
          return killNow().then(() => target.transaction(work, mode));
        }
        const commit = mode !== 'read' && armed === 'commit';
        if (commit) armed = undefined;
        let reached = mode === 'read';
        return target.transaction(async (tx) => {
          const result = await work({
            run: async (cypher, params) => {
              const rows = await tx.run(cypher, params);
              for (const point of reached ? [] : waiting) {
                const [{ n }] = await tx.run<{ n: number }>(point.visible, point.params ?? {});
                if (n > 0) {
                  reached = true;
                  waiting = waiting.filter((p) => p !== point);
                  if (!waiting.length) killNow();
                  await gate.promise;
                  await killing;
                  break;
                }
              }
              return rows as never;
            },
          });
          // Not awaited: the kill races the commit that follows this return.
          if (commit) killNow();
          return result;
        }, mode).finally(() => killing);
      };
    },
  });
  return {
    graph,
    armKill: (point: KillPoint) => {
      armed = point === 'commit' || point === 'second' ? point : undefined;
      waiting = Array.isArray(point) ? [...point] : typeof point === 'object' ? [point] : [];
      writes = 0;
      fired = false;
      killing = undefined;
      gate = opened();
    },
    disarm: () => {
      armed = undefined;
      waiting = [];
      return fired;
    },
    killNow,
  };
}

describe('a database killed in the middle of a write', function () {
  this.timeout(240_000);
  /** The shared extra Neo4j (test/support/extra-neo4j.ts): killed and restarted on the same store and ports. */
  let db: ExtraNeo4j;
  /** Files the CLI tests write (CSV, VCF). */
  let dir: string;
  let graph: Graph;
  let armKill: (point: KillPoint) => void;
  let disarm: () => boolean;
  let killNow: () => Promise<void>;
  /** A connection of its own, watching what is committed, as a client outside the service would. */
  let watcher: Graph;
  let web: http.Server;
  let base: string;

  const start = () => db.start();
  const call = async (method: string, p: string, body?: unknown) => {
    const res = await fetch(base + p, { method, headers: { 'content-type': 'application/json' }, body: body === undefined ? undefined : JSON.stringify(body) });
    return { status: res.status, text: await res.text(), headers: res.headers };
  };
  type Answer = Awaited<ReturnType<typeof call>>;
  const count = async (cypher: string, params = {}) => (await graph.read<{ n: number }>(cypher, params))[0].n;
  const killDatabase = () => db.kill();
  /**
   * Kills the database as soon as `cypher` counts a committed row, polled from outside the service: `fired` resolves
   * once it has (true), or false when `stop()` ends the watch first.
   */
  const killOnceCommitted = (cypher: string, params: Record<string, unknown> = {}) => {
    let stopped = false;
    const fired = (async () => {
      while (!stopped) {
        if ((await watcher.read<{ n: number }>(cypher, params))[0].n > 0) {
          await killDatabase();
          return true;
        }
      }
      return false;
    })();
    return { fired, stop: () => ((stopped = true), fired) };
  };

  before(async function () {
    if (!onBundledNeo4j()) {
      console.log('    (skipped: kills and restarts a bundled Neo4j of its own; the suite runs on TEST_NEO4J_URI)');
      return this.skip();
    }
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'brapi-fault-'));
    db = await extraNeo4j();
    const real = connectGraph({ uri: db.boltUrl, timeoutMs: 60_000 });
    await ensureSchema(real, schemaItems());
    const rows = Array.from({ length: CROSSES }, (_, i) => ({ crossName: `original ${i}`, crossType: 'BIPARENTAL' }));
    await createEntities(real, { entity: crossEntity, records: rows, ids: rows.map((_, i) => `fault-cross-${i}`), readBack: false });
    ({ graph, armKill, disarm, killNow } = killable(real, killDatabase));
    watcher = connectGraph({ uri: db.boltUrl, timeoutMs: 60_000 });
    const config = loadConfig({ LOG_LEVEL: 'silent', BRAPI_AUTH_DISABLED: 'true', NEO4J_TIMEOUT_MS: '60000' });
    const { app } = createApp({ graph, config, logger: createLogger('silent') });
    web = http.createServer(app.callback());
    await new Promise<void>((r) => web.listen(0, '127.0.0.1', () => r()));
    base = `http://127.0.0.1:${(web.address() as AddressInfo).port}${config.basePath}`;
  });

  after(async () => {
    await watcher?.close();
    await graph?.close();
    web?.closeAllConnections();
    await new Promise<void>((r) => (web ? web.close(() => r()) : r()));
    // The extra Neo4j stays for the next test that takes it (emptied then), or is stopped by the root hooks; a test
    // that failed between a kill and its restart leaves it stopped, and the next user starts it again.
    if (dir) fs.rmSync(dir, { recursive: true, force: true });
  });

  const faultGermplasm = "MATCH (g:Germplasm) WHERE g.germplasmDbId STARTS WITH 'fault-g-' RETURN count(g) AS n";
  const nodes = (prefix: string, n: number) => Array.from({ length: n }, (_, i) => ({
    germplasmDbId: `${prefix}${i}`,
    germplasmName: `Fault line ${prefix}${i}`,
    parents: i ? [{ germplasmDbId: `${prefix}${i - 1}`, parentType: 'FEMALE' }] : [],
  }));

  // Five writes of different kinds, sent together, each killed once its first write is visible to its transaction:
  // each is held at its point until all are there, then one kill (and one restart) ends them all. The tests below
  // check one write each.
  describe('killed once the first write is visible (five writes held at their points, one kill for all)', function () {
    // A restart of the database takes up to two minutes on a loaded machine.
    this.timeout(600_000);
    // Records to append to and to delete, committed first.
    let list: { listDbId: string };
    let program: string;
    let images: string[];
    const answers = {} as Record<'pedigree' | 'crosses' | 'trials' | 'list' | 'images', Answer>;
    /** A data call while the database is down. */
    let whileDown: Answer;

    before(async function () {
      if (!db) return this.skip();
      [list] = JSON.parse((await call('POST', '/lists', [{ listName: 'fault list', listType: 'germplasm' }])).text).result.data;
      expect((await call('POST', '/programs', [{ programName: 'fault program' }])).status).to.equal(200);
      program = JSON.parse((await call('GET', '/programs?programName=fault%20program')).text).result.data[0].programDbId;
      images = JSON.parse((await call('POST', '/images', Array.from({ length: 50 }, (_, i) => ({ imageName: `fault image ${i}` })))).text).result.data
        .map((i: { imageDbId: string }) => i.imageDbId);

      armKill([
        { visible: faultGermplasm },
        { visible: "MATCH (c:Cross) WHERE c.crossName STARTS WITH 'renamed ' RETURN count(c) AS n" },
        { visible: "MATCH (t:Trial) WHERE t.trialName STARTS WITH 'fault trial ' RETURN count(t) AS n" },
        { visible: 'MATCH (l:List {listDbId: $id}) WHERE size(coalesce(l.data, [])) > 0 RETURN count(l) AS n', params: { id: list.listDbId } },
        { visible: 'MATCH (i:Image) WHERE i.imageDbId IN $ids RETURN size($ids) - count(i) AS n', params: { ids: images } },
      ]);
      const sent = {
        pedigree: call('POST', '/pedigree', nodes('fault-g-', 5000)),
        crosses: call('PUT', '/crosses', Object.fromEntries(Array.from({ length: CROSSES }, (_, i) => [`fault-cross-${i}`, { crossName: `renamed ${i}`, crossType: 'SELF' }]))),
        trials: call('POST', '/trials', Array.from({ length: 500 }, (_, i) => ({ trialName: `fault trial ${i}`, programDbId: program }))),
        list: call('POST', `/lists/${list.listDbId}/data`, Array.from({ length: 1000 }, (_, i) => `fault-item-${i}`)),
        images: call('POST', '/delete/images', { imageDbIds: images }),
      };
      // A write answered before the kill never reached its point (its test fails): the others are not held for it.
      await Promise.all(Object.entries(sent).map(async ([name, answer]) => {
        answers[name as keyof typeof answers] = await answer.finally(() => killNow());
      }));
      whileDown = await call('GET', '/germplasm?pageSize=1');
      disarm();
      await start();
    });

    it('POST /pedigree of 5,000 nodes: 503, and after the restart none exists', async () => {
      const res = answers.pedigree;
      expect(res.status, res.text).to.equal(503);
      expect(res.headers.get('retry-after')).to.match(/^\d+$/);
      expect(whileDown.status).to.equal(503);

      expect(await count(faultGermplasm)).to.equal(0);
      expect(await count('MATCH (:Germplasm)-[r:PARENT]->(:Germplasm) RETURN count(r) AS n')).to.equal(0);
      expect(await count('MATCH (h:PedigreeChange) RETURN count(h) AS n')).to.equal(0);
      // The same service answers again, and the upload goes through when retried.
      expect((await call('POST', '/pedigree', nodes('fault-g-', 50))).status).to.equal(200);
      expect(await count(faultGermplasm)).to.equal(50);
    });

    it(`bulk PUT /crosses of ${CROSSES} records: every record as before`, async () => {
      const res = answers.crosses;
      expect(res.status, res.text).to.equal(503);
      expect(await count("MATCH (c:Cross) WHERE c.crossName STARTS WITH 'original ' AND c.crossType = 'BIPARENTAL' RETURN count(c) AS n")).to.equal(CROSSES);
      expect(await count("MATCH (c:Cross) WHERE c.crossName STARTS WITH 'renamed ' RETURN count(c) AS n")).to.equal(0);
      const after = await call('GET', '/crosses?crossDbId=fault-cross-7');
      expect(after.status, after.text).to.equal(200);
      expect(JSON.parse(after.text).result.data[0].crossName).to.equal('original 7');
    });

    it('a multi-record POST with links, a list append and a delete: nothing of them', async () => {
      expect(answers.trials.status, answers.trials.text).to.equal(503);
      expect(await count("MATCH (t:Trial) WHERE t.trialName STARTS WITH 'fault trial ' RETURN count(t) AS n")).to.equal(0);
      expect(await count('MATCH (:Trial)-[r:IN_PROGRAM]->(:Program {programDbId: $p}) RETURN count(r) AS n', { p: program })).to.equal(0);

      expect(answers.list.status, answers.list.text).to.equal(503);
      expect(JSON.parse((await call('GET', `/lists/${list.listDbId}`)).text).result.data).to.deep.equal([]);

      expect(answers.images.status, answers.images.text).to.equal(503);
      expect(await count('MATCH (i:Image) WHERE i.imageDbId IN $ids RETURN count(i) AS n', { ids: images })).to.equal(50);
    });
  });

  // Mocha runs a suite's own tests before its nested suites: these come after the five above (which need the crosses
  // as first written), in a suite of their own.
  describe('killed during a commit, or after a first one', function () {
    it('POST /pedigree killed during its commit: all of it or none of it, never a part', async () => {
      armKill('commit');
      const res = await call('POST', '/pedigree', nodes('fault-c-', 3000));
      await start();
      const stored = await count("MATCH (g:Germplasm) WHERE g.germplasmDbId STARTS WITH 'fault-c-' RETURN count(g) AS n");
      const edges = await count("MATCH (g:Germplasm)-[r:PARENT]->() WHERE g.germplasmDbId STARTS WITH 'fault-c-' RETURN count(r) AS n");
      const history = await count("MATCH (h:PedigreeChange) WHERE h.germplasmDbId STARTS WITH 'fault-c-' RETURN count(h) AS n");
      expect([[0, 0, 0], [3000, 2999, 2999]].map((x) => x.join())).to.include([stored, edges, history].join(), `answered ${res.status}`);
      // A 200 promises the write: it must be there.
      if (res.status === 200) expect(stored).to.equal(3000);
    });

    // Kill points after a first commit, for every write of several transactions or that must stay one: `second` (the
    // service starts a second write transaction) and killOnceCommitted (the first row of the write, or of its last
    // batch, seen committed from outside). A write that is one transaction never reaches `second`, and shows all of
    // itself at once; a write that commits in parts is caught with a part stored.
    const crossesNamed = 'MATCH (c:Cross) WHERE c.crossName STARTS WITH $prefix RETURN count(c) AS n';
    const renameAll = (prefix: string) => Object.fromEntries(Array.from({ length: CROSSES }, (_, i) => [`fault-cross-${i}`, { crossName: `${prefix}${i}` }]));

    it(`bulk PUT /crosses of ${CROSSES} records, killed if a second write transaction starts: all of it or none`, async () => {
      armKill('second');
      const res = await call('PUT', '/crosses', renameAll('second '));
      const killed = disarm();
      if (killed) await start();
      const renamed = await count(crossesNamed, { prefix: 'second ' });
      expect(renamed, `answered ${res.status}${killed ? ', killed as its second transaction started' : ''}`).to.be.oneOf([0, CROSSES]);
      if (res.status === 200) expect(renamed).to.equal(CROSSES);
    });

    it(`bulk PUT /crosses of ${CROSSES} records, killed once its first rename is committed: all of it is there`, async () => {
      const watch = killOnceCommitted(crossesNamed, { prefix: 'third ' });
      const res = await call('PUT', '/crosses', renameAll('third '));
      const killed = await (res.status === 200 ? watch.fired : watch.stop());
      expect(killed, `answered ${res.status}: ${res.text.slice(0, 300)}`).to.equal(true);
      await start();
      expect(await count(crossesNamed, { prefix: 'third ' }), `answered ${res.status}`).to.equal(CROSSES);
    });
  });

  describe('a germplasm merge moving many relationships', function () {
    // A restart of the database takes up to two minutes on a loaded machine; these add a process or a setup.
    this.timeout(600_000);
    const CHILDREN = 1500;
    /** What a merge of `d` into `s` has done: none of it, or all (children moved, history, names, the duplicate gone). */
    const mergeState = async (s: string, d: string) => {
      const [row] = await graph.read<{ duplicate: number; ofS: number; ofD: number; history: number; synonyms: string | null }>(
        `MATCH (s:Germplasm {germplasmDbId: $s})
         RETURN count { MATCH (:Germplasm {germplasmDbId: $d}) } AS duplicate,
           count { (:Germplasm)-[:PARENT]->(s) } AS ofS, count { (:Germplasm)-[:PARENT]->(:Germplasm {germplasmDbId: $d}) } AS ofD,
           count { MATCH (h:PedigreeChange {source: $source}) } AS history, s.synonyms AS synonyms`,
        { s, d, source: `merge ${d} into ${s}` },
      );
      const synonym = (row.synonyms ?? '').includes(`"Fault duplicate ${d}"`);
      return { ...row, synonyms: synonym };
    };
    const untouched = { duplicate: 1, ofS: 0, ofD: CHILDREN, history: 0, synonyms: false };
    // History: an entry per moved child and the MERGED entry of the survivor.
    const whole = { duplicate: 0, ofS: CHILDREN, ofD: 0, history: CHILDREN + 1, synonyms: true };
    const pair = async (tag: string) => {
      const [s, d] = [`fault-ms-${tag}`, `fault-md-${tag}`];
      const res = await call('POST', '/pedigree', [
        { germplasmDbId: s, germplasmName: `Fault survivor ${s}` },
        { germplasmDbId: d, germplasmName: `Fault duplicate ${d}` },
        ...Array.from({ length: CHILDREN }, (_, i) => ({ germplasmDbId: `${d}-c${i}`, germplasmName: `Fault child ${d}-${i}`, parents: [{ germplasmDbId: d, parentType: 'FEMALE' }] })),
      ]);
      expect(res.status, res.text).to.equal(200);
      expect(await mergeState(s, d)).to.deep.equal(untouched);
      return [s, d];
    };

    it('killed if a second write transaction starts: all of it or none', async () => {
      const [s, d] = await pair('a');
      armKill('second');
      const res = await call('POST', `/extensions/germplasm/${s}/merge`, { duplicateDbId: d });
      const killed = disarm();
      if (killed) await start();
      const state = await mergeState(s, d);
      expect([untouched, whole], `answered ${res.status}${killed ? ', killed as its second transaction started' : ''}: ${JSON.stringify(state)}`).to.deep.include(state);
      if (res.status === 200) expect(state).to.deep.equal(whole);
    });

    it('killed once the first of its changes is committed: all of it is there', async () => {
      const [s, d] = await pair('b');
      const watch = killOnceCommitted(
        `MATCH (s:Germplasm {germplasmDbId: $s})
         RETURN count { (:Germplasm)-[:PARENT]->(s) } + count { MATCH (h:PedigreeChange {source: $source}) }
           + CASE WHEN EXISTS { MATCH (:Germplasm {germplasmDbId: $d}) } THEN 0 ELSE 1 END AS n`,
        { s, d, source: `merge ${d} into ${s}` },
      );
      const res = await call('POST', `/extensions/germplasm/${s}/merge`, { duplicateDbId: d });
      const killed = await (res.status === 200 ? watch.fired : watch.stop());
      expect(killed, `answered ${res.status}: ${res.text.slice(0, 300)}`).to.equal(true);
      await start();
      expect(await mergeState(s, d), `answered ${res.status}`).to.deep.equal(whole);
    });
  });

  describe('the pedigree import (npm run import), which commits batch by batch', function () {
    // A restart of the database takes up to two minutes on a loaded machine; these add a process or a setup.
    this.timeout(600_000);
    const N = 1200;
    const BATCH = 300;
    /** A chain of N lines, each the mother of the next, as a CSV; the import writes it in batches of BATCH. */
    const importFile = (tag: string) => {
      const name = (i: number) => `fault-imp-${tag}-${i}`;
      const csv = path.join(dir, `${tag}.csv`);
      fs.writeFileSync(csv, `Name,Mother,Father\n${Array.from({ length: N }, (_, i) => `${name(i)},${i ? name(i - 1) : ''},`).join('\n')}\n`);
      const args = [csv, '--id-prefix', `fault-imp-${tag}-`, '--crop', 'Soybean', '--batch-size', String(BATCH)];
      return { name, args };
    };
    const stored = (tag: string) => count('MATCH (g:Germplasm) WHERE g.germplasmDbId STARTS WITH $p RETURN count(g) AS n', { p: `fault-imp-${tag}-` });
    /** Stored lines whose mother (the line before) is missing or not linked: 0 when every stored batch is whole. */
    const broken = (tag: string) => count(
      `MATCH (g:Germplasm) WHERE g.germplasmDbId STARTS WITH $p AND g.germplasmName <> $first
       AND NOT EXISTS { (g)-[:PARENT {parentType: 'FEMALE'}]->(:Germplasm) } RETURN count(g) AS n`,
      { p: `fault-imp-${tag}-`, first: `fault-imp-${tag}-0` },
    );
    const history = (tag: string) => count('MATCH (h:PedigreeChange) WHERE h.germplasmDbId STARTS WITH $p RETURN count(h) AS n', { p: `fault-imp-${tag}-` });
    const run = (args: string[]) => cliProcess('import', args, { uri: db.boltUrl }, dir);

    it('killed once its first row is committed: whole batches only, and a second run completes it', async () => {
      const { args } = importFile('a');
      const watch = killOnceCommitted("MATCH (g:Germplasm) WHERE g.germplasmDbId STARTS WITH 'fault-imp-a-' RETURN count(g) AS n");
      const first = run(args);
      const killed = await Promise.race([watch.fired, first.done.then(() => watch.stop())]);
      const ended = await first.done;
      expect(killed, `the import ended (${ended.code}) before a row was seen: ${ended.stderr}`).to.equal(true);
      await start();
      const left = await stored('a');
      expect(left % BATCH, `${left} lines stored: a batch was left in part`).to.equal(0);
      expect(await broken('a'), 'stored lines without their mother').to.equal(0);
      expect(await history('a'), 'history entries of the stored lines').to.equal(Math.max(left - 1, 0));
      const again = await run(args).done;
      expect(again.code, again.stderr).to.equal(0);
      expect([await stored('a'), await broken('a'), await history('a')]).to.deep.equal([N, 0, N - 1]);
      console.log(`      ${left} of ${N} lines stored when killed (exit ${ended.code}); the second run completed it`);
    });

    it('killed once a row of its last batch is committed: every batch is there, whole', async () => {
      const { name, args } = importFile('b');
      const last = Array.from({ length: BATCH }, (_, i) => name(N - BATCH + i));
      const watch = killOnceCommitted('MATCH (g:Germplasm) WHERE g.germplasmName IN $last RETURN count(g) AS n', { last });
      const first = run(args);
      const killed = await Promise.race([watch.fired, first.done.then(() => watch.stop())]);
      const ended = await first.done;
      expect(killed, `the import ended (${ended.code}) before a row of its last batch was seen: ${ended.stderr}`).to.equal(true);
      await start();
      expect([await stored('b'), await broken('b'), await history('b')], `exit ${ended.code}`).to.deep.equal([N, 0, N - 1]);
    });
  });

  describe('the VCF import (npm run import-vcf): staged in batches, committed in one transaction', function () {
    // A restart of the database takes up to two minutes on a loaded machine; these add a process or a setup.
    this.timeout(600_000);
    const VARIANTS = 2000;
    let study: string;
    let vcf: string;
    before(async () => {
      const samples = ['fault-vcf-1', 'fault-vcf-2', 'fault-vcf-3'];
      expect((await call('POST', '/germplasm', samples.map((germplasmName) => ({ germplasmName, commonCropName: 'Soybean' })))).status).to.equal(200);
      study = JSON.parse((await call('POST', '/studies', [{ studyName: 'fault vcf study' }])).text).result.data[0].studyDbId;
      vcf = path.join(dir, 'fault.vcf');
      const lines = Array.from({ length: VARIANTS }, (_, i) => `1\t${i + 1}\t.\tA\tG\t.\tPASS\t.\tGT\t0/1\t1/1\t0/0`);
      fs.writeFileSync(vcf, ['##fileformat=VCFv4.2', '##FORMAT=<ID=GT,Number=1,Type=String,Description="Genotype">',
        `#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT\t${samples.join('\t')}`, ...lines].join('\n') + '\n');
    });
    const run = (set: string) => cliProcess('import-vcf', [vcf, '--crop', 'Soybean', '--study', study, '--variant-set-id', set, '--batch-size', '200'], { uri: db.boltUrl }, dir);
    /** The variant set as a client sees it: its counts, and the variants and call sets served. */
    const served = async (set: string) => {
      const one = await call('GET', `/variantsets/${set}`);
      if (one.status === 404) return null;
      const { variantCount, callSetCount } = JSON.parse(one.text).result;
      const total = async (p: string) => JSON.parse((await call('GET', `${p}?variantSetDbId=${set}&pageSize=1`)).text).metadata.pagination.totalCount;
      return { variantCount, callSetCount, variants: await total('/variants'), callSets: await total('/callsets') };
    };
    const complete = { variantCount: VARIANTS, callSetCount: 3, variants: VARIANTS, callSets: 3 };

    it('killed once its first batch is staged: nothing of it is served, and a second run imports it all', async () => {
      const watch = killOnceCommitted('MATCH (v:StagedVariant) RETURN count(v) AS n');
      const first = run('fault-vs-a');
      const killed = await Promise.race([watch.fired, first.done.then(() => watch.stop())]);
      const ended = await first.done;
      expect(killed, `the import ended (${ended.code}) before a staged variant was seen: ${ended.stderr}`).to.equal(true);
      expect(ended.code).to.not.equal(0);
      await start();
      expect(await served('fault-vs-a')).to.equal(null);
      expect(await count("MATCH (v:Variant) WHERE v.variantDbId STARTS WITH 'fault-vs-a' RETURN count(v) AS n")).to.equal(0);
      const staged = await count('MATCH (v:StagedVariant) RETURN count(v) AS n');
      const again = await run('fault-vs-a').done;
      expect(again.code, again.stderr).to.equal(0);
      expect(await served('fault-vs-a')).to.deep.equal(complete);
      console.log(`      ${staged} staged variants of the killed import were left in the store (no call reads them)`);
    });

    it('killed once its variant set is committed: the whole set is served', async () => {
      const watch = killOnceCommitted('MATCH (vs:VariantSet {variantSetDbId: $set}) RETURN count(vs) AS n', { set: 'fault-vs-b' });
      const first = run('fault-vs-b');
      const killed = await Promise.race([watch.fired, first.done.then(() => watch.stop())]);
      const ended = await first.done;
      expect(killed, `the import ended (${ended.code}) before its variant set was seen: ${ended.stderr}`).to.equal(true);
      await start();
      expect(await served('fault-vs-b'), `exit ${ended.code}`).to.deep.equal(complete);
    });
  });
  // The demo load (several transactions) is being changed to mark its completion with a marker node; its kill points
  // belong with that change.
});
