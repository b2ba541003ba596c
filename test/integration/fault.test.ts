// Writes are transactions: a bundled Neo4j (the shared extra one, test/support/extra-neo4j.ts) is killed (SIGKILL) in
// the middle of a write, at a point the data chooses (its first write visible to the transaction) or during the
// commit, then restarted on the same store. Nothing of the request may be there (or, killed in the commit, all of
// it), and the same running service answers again once the database is back (no restart of the service). A restart
// is most of this file's time: writes killed at the same kind of point share one kill and one restart (the five held
// at their first visible write; the six frozen once a change of theirs is seen committed).
import { expect } from 'chai';
import fs from 'node:fs';
import http from 'node:http';
import type { ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { createApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { createEntities } from '../../src/entities/commands/createEntities.js';
import { connectGraph } from '../../src/graph/connect.js';
import type { Graph, Runner } from '../../src/graph/port.js';
import { ensureSchema } from '../../src/graph/schema.js';
import { createLogger } from '../../src/logger.js';
import { crossEntity } from '../../src/modules/germplasm/crosses/crosses.entity.js';
import { schemaItems } from '../../src/server.js';
import { cli, cliProcess, type Run } from '../support/cli.js';
import { count as countIn } from '../support/graph.js';
import { extraNeo4j, type ExtraNeo4j } from '../support/extra-neo4j.js';
import { onBundledNeo4j } from '../support/server.js';

const CROSSES = 2000;
/** Between two reads of a point polled from outside (an import process's committed rows). */
const POLL_MS = 20;

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
 * The real graph, with two hooks. `armKill(point)` kills the database at that point of the next write transactions
 * (for `second`: of the one after the first); `disarm()` says whether it fired; `killNow()` kills at once what is
 * armed (a request answered before its point was reached must not leave the others held). `holdOnceCommitted(point)`
 * checks `point` (through `seen`, a connection of its own) after each write transaction commits, and once it counts a
 * row holds that transaction's request there, before it goes on, until `release()`: the request is frozen right after
 * the commit that made its change visible, as if the database had died at that moment.
 */
function killable(inner: Graph, kill: () => Promise<void>, seen: (point: Visible) => Promise<number>) {
  let armed: 'commit' | 'second' | undefined;
  /** Visible points not reached yet; the kill comes when none is left. */
  let waiting: Visible[] = [];
  let killing: Promise<void> | undefined;
  /** Resolves once the kill has been started (held transactions wait for it). */
  let gate = opened();
  let writes = 0;
  let fired = false;
  let afterCommit: { point: Visible; reached: () => void } | undefined;
  let released = opened();
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
        }, mode).then(async (result) => {
          const held = afterCommit;
          if (mode !== 'read' && held && (await seen(held.point)) > 0) {
            afterCommit = undefined;
            held.reached();
            await released.promise;
          }
          return result;
        }).finally(() => killing);
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
    holdOnceCommitted: (point: Visible) => new Promise<void>((reached) => {
      afterCommit = { point, reached };
    }),
    /** Lets every held request go on (those held since the last release). */
    release: () => {
      afterCommit = undefined;
      released.open();
      released = opened();
    },
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
  let holdOnceCommitted: (point: Visible) => Promise<void>;
  let release: () => void;
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
  const count = (cypher: string, params = {}) => countIn(cypher, params, graph);
  const killDatabase = () => db.kill();
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
    watcher = connectGraph({ uri: db.boltUrl, timeoutMs: 60_000 });
    const seen = async (p: Visible) => (await watcher.read<{ n: number }>(p.visible, p.params ?? {}))[0].n;
    ({ graph, armKill, disarm, killNow, holdOnceCommitted, release } = killable(real, killDatabase, seen));
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

  const crossesNamed = 'MATCH (c:Cross) WHERE c.crossName STARTS WITH $prefix RETURN count(c) AS n';
  const renameAll = (prefix: string) => Object.fromEntries(Array.from({ length: CROSSES }, (_, i) => [`fault-cross-${i}`, { crossName: `${prefix}${i}` }]));

  // A germplasm merge moving many relationships.
  const CHILDREN = 1500;
  /** What a merge of `d` into `s` has done: none of it, or all (children moved, history, names, the duplicate gone). */
  const mergeState = async (s: string, d: string) => {
    const [row] = await graph.read<{ duplicate: number; ofS: number; ofD: number; changes: number; history: number; synonyms: string | null }>(
      `MATCH (s:Germplasm {germplasmDbId: $s})
       RETURN count { MATCH (:Germplasm {germplasmDbId: $d}) } AS duplicate,
         count { (:Germplasm)-[:PARENT]->(s) } AS ofS, count { (:Germplasm)-[:PARENT]->(:Germplasm {germplasmDbId: $d}) } AS ofD,
         count { MATCH (h:PedigreeChange {source: $source}) } AS changes,
         count { MATCH (:PedigreeChange {source: $source})-[l:CHANGES_CHILD]->() RETURN l } AS history, s.synonyms AS synonyms`,
      { s, d, source: `merge ${d} into ${s}` },
    );
    const synonym = (row.synonyms ?? '').includes(`"Fault duplicate ${d}"`);
    return { ...row, synonyms: synonym };
  };
  const untouched = { duplicate: 1, ofS: 0, ofD: CHILDREN, changes: 0, history: 0, synonyms: false };
  // History: one node for the merge, linked to every moved child and to the survivor (its MERGED entry).
  const whole = { duplicate: 0, ofS: CHILDREN, ofD: 0, changes: 1, history: CHILDREN + 1, synonyms: true };
  /** A survivor and a duplicate with CHILDREN children, as posted (nothing merged yet). */
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
  describe('killed during a commit, or when a second write transaction starts', function () {
    // A restart of the database takes up to two minutes on a loaded machine.
    this.timeout(600_000);
    it('POST /pedigree killed during its commit: all of it or none of it, never a part', async () => {
      armKill('commit');
      const res = await call('POST', '/pedigree', nodes('fault-c-', 3000));
      await start();
      const stored = await count("MATCH (g:Germplasm) WHERE g.germplasmDbId STARTS WITH 'fault-c-' RETURN count(g) AS n");
      const edges = await count("MATCH (g:Germplasm)-[r:PARENT]->() WHERE g.germplasmDbId STARTS WITH 'fault-c-' RETURN count(r) AS n");
      // History entries naming a fault-c- child (one per relationship added).
      const history = await count("MATCH (h:PedigreeChange) UNWIND h.germplasmDbIds AS c WITH c WHERE c STARTS WITH 'fault-c-' RETURN count(c) AS n");
      expect([[0, 0, 0], [3000, 2999, 2999]].map((x) => x.join())).to.include([stored, edges, history].join(), `answered ${res.status}`);
      // A 200 promises the write: it must be there.
      if (res.status === 200) expect(stored).to.equal(3000);
    });

    // `second` (the service starts a second write transaction): a write that is one transaction never reaches it; a
    // write that commits in parts is caught there with a part stored.
    it(`bulk PUT /crosses of ${CROSSES} records, killed if a second write transaction starts: all of it or none`, async () => {
      armKill('second');
      const res = await call('PUT', '/crosses', renameAll('second '));
      const killed = disarm();
      if (killed) await start();
      const renamed = await count(crossesNamed, { prefix: 'second ' });
      expect(renamed, `answered ${res.status}${killed ? ', killed as its second transaction started' : ''}`).to.be.oneOf([0, CROSSES]);
      if (res.status === 200) expect(renamed).to.equal(CROSSES);
    });

    it('a germplasm merge moving many relationships, killed if a second write transaction starts: all of it or none', async () => {
      const [s, d] = await pair('a');
      armKill('second');
      const res = await call('POST', `/extensions/germplasm/${s}/merge`, { duplicateDbId: d });
      const killed = disarm();
      if (killed) await start();
      const state = await mergeState(s, d);
      expect([untouched, whole], `answered ${res.status}${killed ? ', killed as its second transaction started' : ''}: ${JSON.stringify(state)}`).to.deep.include(state);
      if (res.status === 200) expect(state).to.deep.equal(whole);
    });
  });

  // Six writes, each killed once a change of its own is seen committed from another connection: the first row of the
  // write, or of its last batch (a write that is one transaction shows all of itself at once; one that commits in
  // parts is caught with a part stored). Each is frozen there (a service request held right after that commit, an
  // import process stopped with SIGSTOP) before the next is sent, so none waits on a lock a frozen one holds; then one
  // kill ends them all, the imports are let go (SIGCONT) into a dead database, and the database restarts once.
  describe('killed once a change is seen committed (six writes frozen at their points, one kill for all)', function () {
    // Six writes one after the other, two of them processes, and a restart, on a loaded machine.
    this.timeout(900_000);
    const N = 1200;
    const BATCH = 300;
    const VARIANTS = 2000;
    let study: string;
    let vcf: string;
    /** Whether each write reached its point before it ended, and how its process (or request) ended. */
    const reached = {} as Record<'crosses' | 'merge' | 'importA' | 'importB' | 'vcfA' | 'vcfB', boolean>;
    const ended = {} as Record<'importA' | 'importB' | 'vcfA' | 'vcfB', Run>;
    const answered = {} as Record<'crosses' | 'merge', Answer>;
    let merged: string[];

    /** A chain of N lines, each the mother of the next, as a CSV; the import writes it in batches of BATCH. */
    const importFile = (tag: string) => {
      const name = (i: number) => `fault-imp-${tag}-${i}`;
      const csv = path.join(dir, `${tag}.csv`);
      fs.writeFileSync(csv, `Name,Mother,Father\n${Array.from({ length: N }, (_, i) => `${name(i)},${i ? name(i - 1) : ''},`).join('\n')}\n`);
      const args = [csv, '--id-prefix', `fault-imp-${tag}-`, '--crop', 'Soybean', '--batch-size', String(BATCH)];
      return { name, args };
    };
    /** The names of lines from..to (exclusive) of import `tag`. */
    const lineNames = (tag: string, from: number, to: number) => Array.from({ length: to - from }, (_, i) => `fault-imp-${tag}-${from + i}`);
    const stored = (tag: string) => count('MATCH (g:Germplasm) WHERE g.germplasmDbId STARTS WITH $p RETURN count(g) AS n', { p: `fault-imp-${tag}-` });
    /** Stored lines whose mother (the line before) is missing or not linked: 0 when every stored batch is whole. */
    const broken = (tag: string) => count(
      `MATCH (g:Germplasm) WHERE g.germplasmDbId STARTS WITH $p AND g.germplasmName <> $first
       AND NOT EXISTS { (g)-[:PARENT {parentType: 'FEMALE'}]->(:Germplasm) } RETURN count(g) AS n`,
      { p: `fault-imp-${tag}-`, first: `fault-imp-${tag}-0` },
    );
    /** History entries naming a stored line as the child (one per line with a mother). */
    const history = (tag: string) => count('MATCH (h:PedigreeChange) UNWIND h.germplasmDbIds AS c WITH c WHERE c STARTS WITH $p RETURN count(c) AS n', { p: `fault-imp-${tag}-` });
    let importArgs: { a: string[]; b: string[] };
    const vcfArgs = (set: string) => [vcf, '--crop', 'Soybean', '--study', study, '--variant-set-id', set, '--batch-size', '200'];
    const vcfRun = (set: string) => cliProcess('import-vcf', vcfArgs(set), { uri: db.boltUrl }, dir);
    /** The variant set as a client sees it: its counts, and the variants and call sets served. */
    const served = async (set: string) => {
      const one = await call('GET', `/variantsets/${set}`);
      if (one.status === 404) return null;
      const { variantCount, callSetCount } = JSON.parse(one.text).result;
      const total = async (p: string) => JSON.parse((await call('GET', `${p}?variantSetDbId=${set}&pageSize=1`)).text).metadata.pagination.totalCount;
      return { variantCount, callSetCount, variants: await total('/variants'), callSets: await total('/callsets') };
    };
    const complete = { variantCount: VARIANTS, callSetCount: 3, variants: VARIANTS, callSets: 3 };

    before(async function () {
      if (!db) return this.skip();
      importArgs = { a: importFile('a').args, b: importFile('b').args };
      merged = await pair('b');
      const samples = ['fault-vcf-1', 'fault-vcf-2', 'fault-vcf-3'];
      expect((await call('POST', '/germplasm', samples.map((germplasmName) => ({ germplasmName, commonCropName: 'Soybean' })))).status).to.equal(200);
      study = JSON.parse((await call('POST', '/studies', [{ studyName: 'fault vcf study' }])).text).result.data[0].studyDbId;
      vcf = path.join(dir, 'fault.vcf');
      const lines = Array.from({ length: VARIANTS }, (_, i) => `1\t${i + 1}\t.\tA\tG\t.\tPASS\t.\tGT\t0/1\t1/1\t0/0`);
      fs.writeFileSync(vcf, ['##fileformat=VCFv4.2', '##FORMAT=<ID=GT,Number=1,Type=String,Description="Genotype">',
        `#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT\t${samples.join('\t')}`, ...lines].join('\n') + '\n');

      /** A service write, held right after the commit that makes `point` count a row. */
      const serviceWrite = async (name: 'crosses' | 'merge', point: Visible, send: () => Promise<Answer>) => {
        const held = holdOnceCommitted(point);
        const answer = send();
        reached[name] = await Promise.race([held.then(() => true), answer.then(() => false)]);
        // In an object: returned bare, the answer (held until the kill) would be awaited here.
        return { answer: answer.then((a) => (answered[name] = a)) };
      };
      /**
       * An import process, stopped (SIGSTOP) as soon as `point` counts a committed row, polled from outside. Read back to
       * back, the polls kept Neo4j and this process busy through the second or more an import takes to load, taking
       * CPU from it; so they pause POLL_MS between reads (a batch takes longer: a point in the middle of an import is
       * still frozen within the next batch). A point the import reaches just before it ends (its last batch, its
       * commit) would be missed in a pause: for it, `near` (reached a batch or two earlier) is polled with pauses,
       * then `point` back to back.
       */
      const frozenProcess = async (name: 'importA' | 'importB' | 'vcfA' | 'vcfB', run: { child: ChildProcess; done: Promise<Run> }, point: Visible, near?: Visible) => {
        let over = false;
        const done = run.done.then((r) => {
          over = true;
          return (ended[name] = r);
        });
        const counts = async (p: Visible) => (await watcher.read<{ n: number }>(p.visible, p.params ?? {}))[0].n > 0;
        let close = !near;
        reached[name] = false;
        while (!over) {
          if (!close) {
            close = await counts(near!);
            if (!close) await sleep(POLL_MS);
          } else if (await counts(point)) {
            // Seen: the kill counts as coming now, even if the process ended meanwhile (no signal then).
            reached[name] = true;
            run.child.kill('SIGSTOP');
            break;
          } else if (!near) await sleep(POLL_MS);
        }
        return { child: run.child, done };
      };

      const [s, d] = merged;
      const answers = [
        await serviceWrite('crosses', { visible: crossesNamed, params: { prefix: 'third ' } }, () => call('PUT', '/crosses', renameAll('third '))),
        await serviceWrite('merge', {
          visible: `MATCH (s:Germplasm {germplasmDbId: $s})
            RETURN count { (:Germplasm)-[:PARENT]->(s) } + count { MATCH (h:PedigreeChange {source: $source}) }
              + CASE WHEN EXISTS { MATCH (:Germplasm {germplasmDbId: $d}) } THEN 0 ELSE 1 END AS n`,
          params: { s, d, source: `merge ${d} into ${s}` },
        }, () => call('POST', `/extensions/germplasm/${s}/merge`, { duplicateDbId: d })),
      ];
      // The VCF import whose set commits first: its staging is gone by then (the commit ends it), so the other's
      // first staged batch is the only staging there. The pedigree import that may be frozen inside a batch (holding
      // the pedigree lock) comes last.
      const processes = [
        // Staged: eight of its ten batches (the set is committed after the last).
        await frozenProcess('vcfB', vcfRun('fault-vs-b'), { visible: 'MATCH (vs:VariantSet {variantSetDbId: $set}) RETURN count(vs) AS n', params: { set: 'fault-vs-b' } },
          { visible: 'MATCH (v:StagedVariant) RETURN CASE WHEN count(v) >= $k THEN 1 ELSE 0 END AS n', params: { k: VARIANTS - 400 } }),
        await frozenProcess('importB', cliProcess('import', importArgs.b, { uri: db.boltUrl }, dir),
          { visible: 'MATCH (g:Germplasm) WHERE g.germplasmName IN $last RETURN count(g) AS n', params: { last: lineNames('b', N - BATCH, N) } },
          { visible: 'MATCH (g:Germplasm) WHERE g.germplasmName IN $before RETURN count(g) AS n', params: { before: lineNames('b', N - 2 * BATCH, N - BATCH) } }),
        await frozenProcess('vcfA', vcfRun('fault-vs-a'), { visible: 'MATCH (v:StagedVariant) RETURN count(v) AS n' }),
        await frozenProcess('importA', cliProcess('import', importArgs.a, { uri: db.boltUrl }, dir),
          { visible: "MATCH (g:Germplasm) WHERE g.germplasmDbId STARTS WITH 'fault-imp-a-' RETURN count(g) AS n" }),
      ];
      await killDatabase();
      release();
      for (const p of processes) p.child.kill('SIGCONT');
      await Promise.all([...answers.map((a) => a.answer), ...processes.map((p) => p.done)]);
      await start();
    });

    it(`bulk PUT /crosses of ${CROSSES} records, killed once its first rename is committed: all of it is there`, async () => {
      const res = answered.crosses;
      expect(reached.crosses, `answered ${res.status}: ${res.text.slice(0, 300)}`).to.equal(true);
      expect(await count(crossesNamed, { prefix: 'third ' }), `answered ${res.status}`).to.equal(CROSSES);
    });

    it('a germplasm merge moving many relationships, killed once the first of its changes is committed: all of it is there', async () => {
      const res = answered.merge;
      expect(reached.merge, `answered ${res.status}: ${res.text.slice(0, 300)}`).to.equal(true);
      expect(await mergeState(merged[0], merged[1]), `answered ${res.status}`).to.deep.equal(whole);
    });

    it('the pedigree import (npm run import), killed once its first row is committed: whole batches only, and a second run completes it', async () => {
      const first = ended.importA;
      expect(reached.importA, `the import ended (${first.code}) before a row was seen: ${first.stderr}`).to.equal(true);
      const left = await stored('a');
      expect(left % BATCH, `${left} lines stored: a batch was left in part`).to.equal(0);
      expect(await broken('a'), 'stored lines without their mother').to.equal(0);
      expect(await history('a'), 'history entries of the stored lines').to.equal(Math.max(left - 1, 0));
      // The second run in the test process: the process boundary is the point of the first run (killed), not of this one.
      const again = await cli('import', importArgs.a, { uri: db.boltUrl }, dir);
      expect(again.code, again.stderr).to.equal(0);
      expect([await stored('a'), await broken('a'), await history('a')]).to.deep.equal([N, 0, N - 1]);
      console.log(`      ${left} of ${N} lines stored when killed (exit ${first.code}); the second run completed it`);
    });

    it('the pedigree import (npm run import), killed once a row of its last batch is committed: every batch is there, whole', async () => {
      const first = ended.importB;
      expect(reached.importB, `the import ended (${first.code}) before a row of its last batch was seen: ${first.stderr}`).to.equal(true);
      expect([await stored('b'), await broken('b'), await history('b')], `exit ${first.code}`).to.deep.equal([N, 0, N - 1]);
    });

    it('the VCF import (npm run import-vcf), killed once its first batch is staged: nothing of it is served, and a second run imports it all', async () => {
      const first = ended.vcfA;
      expect(reached.vcfA, `the import ended (${first.code}) before a staged variant was seen: ${first.stderr}`).to.equal(true);
      expect(first.code).to.not.equal(0);
      expect(await served('fault-vs-a')).to.equal(null);
      expect(await count("MATCH (v:Variant) WHERE v.variantDbId STARTS WITH 'fault-vs-a' RETURN count(v) AS n")).to.equal(0);
      const staged = await count('MATCH (v:StagedVariant) RETURN count(v) AS n');
      const again = await cli('import-vcf', vcfArgs('fault-vs-a'), { uri: db.boltUrl }, dir);
      expect(again.code, again.stderr).to.equal(0);
      expect(await served('fault-vs-a')).to.deep.equal(complete);
      console.log(`      ${staged} staged variants of the killed import were left in the store (no call reads them)`);
    });

    it('the VCF import (npm run import-vcf), killed once its variant set is committed: the whole set is served', async () => {
      const first = ended.vcfB;
      expect(reached.vcfB, `the import ended (${first.code}) before its variant set was seen: ${first.stderr}`).to.equal(true);
      expect(await served('fault-vs-b'), `exit ${first.code}`).to.deep.equal(complete);
    });
  });
  // The demo load (several transactions) is being changed to mark its completion with a marker node; its kill points
  // belong with that change.
});
