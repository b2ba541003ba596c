// The transport's contract (src/graph/port.ts) against the suite's real Neo4j 5 over Bolt.
import { randomUUID } from 'node:crypto';
import net from 'node:net';
import { expect } from 'chai';
import { BoltGraph, COMMIT, WriteInReadError } from '../../src/graph/bolt-transport.js';
import { connectGraph } from '../../src/graph/connect.js';
import { seenNotifications } from '../../src/graph/notifications.js';
import type { Graph } from '../../src/graph/port.js';
import { Pipeline } from '../../src/graph/pipeline.js';
import { ensureSchema, type SchemaItem } from '../../src/graph/schema.js';
import { freePort } from '../../src/devdb/launcher.js';
import { ConflictError, DatabaseError, DatabaseUnavailableError } from '../../src/errors.js';
import { removeNodes } from '../support/graph.js';
import { relayTo } from '../support/relay.js';
import { server, testDatabase } from '../support/server.js';

const run = randomUUID();

/** A fresh connection to the suite's database, so round trips start at 0. */
function freshGraph(timeoutMs?: number): BoltGraph {
  const db = testDatabase();
  return new BoltGraph({ url: db.uri, user: db.user, password: db.password, timeoutMs });
}

/** Asserts that the promise rejects and returns the rejection. */
async function rejection(p: Promise<unknown>): Promise<any> {
  try {
    await p;
  } catch (err) {
    return err;
  }
  throw new Error('expected the promise to reject, but it resolved');
}

async function countTagged(graph: Graph, tag: string): Promise<number> {
  const [row] = await graph.read<{ c: number }>('MATCH (n:GraphTest {run: $run, tag: $tag}) RETURN count(n) AS c', { run, tag });
  return row.c;
}

describe('graph: Bolt transport against Neo4j 5', () => {
  let graph: Graph;

  before(() => {
    graph = server().graph;
    expect(graph).to.be.instanceOf(BoltGraph);
  });

  after(async () => {
    await removeNodes('GraphTest', 'run', [run]);
  });

  describe('rows and values', () => {
    const values = {
      i: 42,
      neg: -7,
      big: 9_007_199_254_740_991,
      f: 1.5,
      s: 'café 中文 ✓',
      b: true,
      no: false,
      n: null,
      l: [1, 2, 3],
      ls: ['é', '中'],
      m: { a: 1, b: 'x', c: null, d: [true, false] },
      nested: [{ a: 1, deep: [{ z: 'ü' }] }, { b: [1.25, 2] }],
      empty: [],
      emptyMap: {},
    };

    it('returns rows as plain objects keyed by column, with JSON value types', async () => {
      const rows = await graph.read(
        `RETURN 42 AS i, -7 AS neg, 1.5 AS f, 'café 中文 ✓' AS s, true AS b, false AS no, null AS n,
                [1, 2, 3] AS l, {a: 1, b: 'x', c: null, d: [true, false]} AS m,
                [{a: 1, deep: [{z: 'ü'}]}, {b: [1.25, 2]}] AS nested`,
      );
      expect(rows).to.have.length(1);
      const [row] = rows;
      expect(Object.getPrototypeOf(row)).to.equal(Object.prototype);
      expect(Object.keys(row)).to.deep.equal(['i', 'neg', 'f', 's', 'b', 'no', 'n', 'l', 'm', 'nested']);
      expect(row.i).to.be.a('number').and.equal(42);
      expect(Number.isInteger(row.i)).to.equal(true);
      expect(Number.isInteger(row.neg)).to.equal(true);
      expect(row.f).to.be.a('number').and.equal(1.5);
      expect(Number.isInteger(row.f)).to.equal(false);
      expect(row.s).to.equal('café 中文 ✓');
      expect(row.b).to.equal(true);
      expect(row.no).to.equal(false);
      expect(row.n).to.equal(null);
      expect(row.l).to.deep.equal([1, 2, 3]);
      expect(row.m).to.deep.equal({ a: 1, b: 'x', c: null, d: [true, false] });
      expect(row.nested).to.deep.equal([{ a: 1, deep: [{ z: 'ü' }] }, { b: [1.25, 2] }]);
    });

    it('returns several rows in order and [] when nothing matches', async () => {
      const rows = await graph.read('UNWIND range(1, 3) AS x RETURN x, x * 2 AS y ORDER BY x');
      expect(rows).to.deep.equal([{ x: 1, y: 2 }, { x: 2, y: 4 }, { x: 3, y: 6 }]);
      expect(await graph.read('MATCH (n:GraphTest {run: $run, tag: "never"}) RETURN n', { run })).to.deep.equal([]);
    });

    it('round-trips every value type as a parameter', async () => {
      const [row] = await graph.read(
        `RETURN $i AS i, $neg AS neg, $big AS big, $f AS f, $s AS s, $b AS b, $no AS no, $n AS n, $l AS l,
                $ls AS ls, $m AS m, $nested AS nested, $empty AS empty, $emptyMap AS emptyMap,
                $i + 1 AS iPlus, size($s) AS sLen, $m.b AS mb, $nested[0].deep[0].z AS deepZ`,
        values,
      );
      const { iPlus, sLen, mb, deepZ, ...echoed } = row;
      expect(echoed).to.deep.equal(values);
      expect(Number.isInteger(row.i) && Number.isInteger(row.big)).to.equal(true);
      // The database saw real values, not strings: arithmetic, code-point length and navigation work on them.
      expect(iPlus).to.equal(43);
      expect(sLen).to.equal([...values.s].length);
      expect(mb).to.equal('x');
      expect(deepZ).to.equal('ü');
    });

    it('stores parameters as properties and returns a node as its property map', async () => {
      const props = { run, tag: 'props', i: 7, f: 0.25, s: 'é 中文', b: false, l: ['a', 'ß'], li: [3, 1, 2] };
      const created = await graph.write<{ n: Record<string, unknown> }>('CREATE (n:GraphTest) SET n = $props RETURN n', { props });
      expect(created).to.deep.equal([{ n: props }]);
      const [read] = await graph.read<{ n: Record<string, unknown>; missing: unknown }>(
        'MATCH (n:GraphTest {run: $run, tag: "props"}) RETURN n, n.nope AS missing',
        { run },
      );
      expect(read.n).to.deep.equal(props);
      expect(Number.isInteger(read.n.i)).to.equal(true);
      expect(read.missing).to.equal(null);
    });

    it('rejects a Cypher error in an auto-commit statement with a DatabaseError carrying the Neo4j code', async () => {
      const syntax = await rejection(graph.read('RETURN RETURN'));
      expect(syntax).to.be.instanceOf(DatabaseError);
      expect(syntax.code).to.equal('Neo.ClientError.Statement.SyntaxError');
      const arithmetic = await rejection(graph.read('RETURN 1 / $zero AS x', { zero: 0 }));
      expect(arithmetic).to.be.instanceOf(DatabaseError);
      expect(arithmetic.code).to.equal('Neo.ClientError.Statement.ArithmeticError');
      expect(arithmetic.message).to.contain(arithmetic.code);
    });
  });

  describe('transaction()', () => {
    let lockedId: string;

    before(async () => {
      lockedId = randomUUID();
      await graph.write('CREATE (:GraphTest {run: $run, tag: "locked", id: $id, v: 1})', { run, id: lockedId });
    });

    /** A write to the shared node: it would block (and so time out) if a transaction left open still held its lock. */
    async function lockIsFree(): Promise<number> {
      const g = freshGraph(5_000);
      try {
        const [row] = await g.write<{ v: number }>(
          'MATCH (n:GraphTest {run: $run, id: $id}) SET n.touched = coalesce(n.touched, 0) + 1 RETURN n.v AS v',
          { run, id: lockedId },
        );
        return row.v;
      } finally {
        await g.close();
      }
    }

    it('commits several statements together, returning what work returns', async () => {
      const result = await graph.transaction(async (tx) => {
        const a = await tx.run<{ id: number }>('CREATE (n:GraphTest {run: $run, tag: "multi", k: 1}) RETURN n.k AS id', { run });
        const b = await tx.run('CREATE (n:GraphTest {run: $run, tag: "multi", k: 2}) RETURN n.k AS id', { run });
        // Statements see earlier ones of the same transaction.
        const [seen] = await tx.run<{ c: number }>('MATCH (n:GraphTest {run: $run, tag: "multi"}) RETURN count(n) AS c', { run });
        return { a, b, seen: seen.c };
      });
      expect(result).to.deep.equal({ a: [{ id: 1 }], b: [{ id: 2 }], seen: 2 });
      expect(await countTagged(graph, 'multi')).to.equal(2);
    });

    it('isolates uncommitted writes from reads outside the transaction', async () => {
      let outsideDuring = -1;
      let insideDuring = -1;
      await graph.transaction(async (tx) => {
        await tx.run('CREATE (:GraphTest {run: $run, tag: "iso"})', { run });
        const [inside] = await tx.run<{ c: number }>('MATCH (n:GraphTest {run: $run, tag: "iso"}) RETURN count(n) AS c', { run });
        insideDuring = inside.c;
        outsideDuring = await countTagged(graph, 'iso');
      });
      expect(insideDuring).to.equal(1);
      expect(outsideDuring).to.equal(0);
      expect(await countTagged(graph, 'iso')).to.equal(1);
    });

    it('rolls everything back and rethrows the same error when work throws after writing', async () => {
      const boom = new Error('boom from work');
      const err = await rejection(
        graph.transaction(async (tx) => {
          await tx.run('CREATE (:GraphTest {run: $run, tag: "jsRollback"})', { run });
          await tx.run('MATCH (n:GraphTest {run: $run, id: $id}) SET n.v = 2', { run, id: lockedId });
          throw boom;
        }),
      );
      expect(err).to.equal(boom);
      expect(await countTagged(graph, 'jsRollback')).to.equal(0);
      // Rolled back, not merely left open: the lock on the updated node is released and the old value stands.
      expect(await lockIsFree()).to.equal(1);
    });

    for (const [what, cypher, code] of [
      ['a syntax error', 'RETURN RETURN', 'Neo.ClientError.Statement.SyntaxError'],
      ['a division by zero', 'RETURN 1 / $zero AS x', 'Neo.ClientError.Statement.ArithmeticError'],
    ] as const) {
      it(`rolls back earlier writes and rejects with a DatabaseError on ${what}`, async () => {
        const tag = `cypherRollback-${what}`;
        let afterError = false;
        const err = await rejection(
          graph.transaction(async (tx) => {
            await tx.run('CREATE (:GraphTest {run: $run, tag: $tag})', { run, tag });
            await tx.run('MATCH (n:GraphTest {run: $run, id: $id}) SET n.v = 3', { run, id: lockedId });
            await tx.run(cypher, { zero: 0 });
            afterError = true;
          }),
        );
        expect(afterError).to.equal(false);
        expect(err).to.be.instanceOf(DatabaseError);
        expect(err.code).to.equal(code);
        expect(err.message).to.contain(err.code);
        expect(await countTagged(graph, tag)).to.equal(0);
        expect(await lockIsFree()).to.equal(1);
      });
    }

    it('runs statements started together one after another, in one transaction that commits them all', async () => {
      await graph.transaction((tx) =>
        Promise.all([1, 2, 3].map((k) => tx.run('CREATE (:GraphTest {run: $run, tag: "together", k: $k})', { run, k }))),
      );
      expect(await countTagged(graph, 'together')).to.equal(3);
    });

    it('answers a pipeline\'s failure with the statement that failed, leaves no rejection unhandled, and commits nothing', async () => {
      // The service has no handler: an unhandled rejection would end its process.
      const unhandled: unknown[] = [];
      const listener = (reason: unknown) => unhandled.push(reason);
      process.on('unhandledRejection', listener);
      try {
        const err = await rejection(
          graph.transaction(async (tx) => {
            const writes = new Pipeline();
            writes.send(tx.run('CREATE (:GraphTest {run: $run, tag: "piped"})', { run }));
            writes.send(tx.run('RETURN 1 / $zero AS x', { zero: 0 }));
            writes.send(tx.run('CREATE (:GraphTest {run: $run, tag: "piped"})', { run }));
            // The failure arrives while the work waits for something else.
            await new Promise((resolve) => setTimeout(resolve, 300));
            await writes.settle();
          }),
        );
        await new Promise((resolve) => setTimeout(resolve, 100));
        expect(err).to.be.instanceOf(DatabaseError);
        expect(err.code).to.equal('Neo.ClientError.Statement.ArithmeticError');
        expect(unhandled).to.deep.equal([]);
      } finally {
        process.off('unhandledRejection', listener);
      }
      expect(await countTagged(graph, 'piped')).to.equal(0);
      expect(await lockIsFree()).to.equal(1);
    });

    it('times a pipelined statement from the end of the one before, not from when it was sent', async () => {
      const slow = 'UNWIND range(1, $n) AS x WITH x WHERE x % 7 = 0 RETURN count(x) AS c';
      const quick = 'RETURN 1 AS c';
      const g = freshGraph();
      const seen: Array<[string, number]> = [];
      g.statementObserver = (cypher, ms) => seen.push([cypher, ms]);
      try {
        await g.transaction(async (tx) => {
          const writes = new Pipeline();
          writes.send(tx.run(slow, { n: 3_000_000 }));
          writes.send(tx.run(quick));
          await writes.settle();
        });
      } finally {
        await g.close();
      }
      expect(seen.map(([cypher]) => cypher)).to.deep.equal([slow, quick, COMMIT]);
      const [[, slowMs], [, quickMs]] = seen;
      expect(quickMs, `slow ${slowMs} ms, quick ${quickMs} ms`).to.be.below(slowMs / 4);
    });

    it('refuses further statements after a failed one, even when work catches the error, and commits nothing', async () => {
      const err = await rejection(
        graph.transaction(async (tx) => {
          await tx.run('CREATE (:GraphTest {run: $run, tag: "caught"})', { run });
          await tx.run('RETURN RETURN').catch(() => undefined);
          await tx.run('CREATE (:GraphTest {run: $run, tag: "caught"})', { run });
        }),
      );
      expect(err).to.be.instanceOf(DatabaseError);
      expect(await countTagged(graph, 'caught')).to.equal(0);
      expect(await lockIsFree()).to.equal(1);
    });

  });

  describe('roundTrips', () => {
    it('counts exactly 1 per statement, failed ones included, and nothing for a transaction without one', async () => {
      const g = freshGraph();
      try {
        expect(g.roundTrips).to.equal(0);
        await g.read('RETURN 1 AS x');
        expect(g.roundTrips).to.equal(1);
        await g.write('CREATE (:GraphTest {run: $run, tag: "rt"})', { run });
        expect(g.roundTrips).to.equal(2);
        await rejection(g.read('RETURN RETURN'));
        expect(g.roundTrips).to.equal(3);
        await g.transaction(async (tx) => {
          await tx.run('RETURN 1');
          await tx.run('RETURN 2');
        });
        expect(g.roundTrips).to.equal(5);
        expect(await g.transaction(async () => 'nothing')).to.equal('nothing');
        expect(g.roundTrips).to.equal(5);
      } finally {
        await g.close();
      }
    });
  });

  describe('whole numbers reach Cypher as integers', () => {
    it('at any depth of the parameters, where Cypher refuses floats (LIMIT, SKIP, list index, range)', async () => {
      const [row] = await graph.read<{ l: number[]; pick: string; r: number[]; deep: string }>(
        `UNWIND range(1, 10) AS x WITH x SKIP $skip LIMIT $limit
         WITH collect(x) AS l RETURN l, $names[$i] AS pick, range($p.from, $p.to) AS r, valueType($p.list[0]) AS deep`,
        { skip: 2, limit: 3, names: ['a', 'b', 'c'], i: 1, p: { from: 1, to: 3, list: [7, 8] } },
      );
      expect(row).to.deep.equal({ l: [3, 4, 5], pick: 'b', r: [1, 2, 3], deep: 'INTEGER NOT NULL' });
    });

    it('keeps fractions as floats, and a list holding one fraction all floats (a stored list has one type)', async () => {
      const [row] = await graph.write<{ a: string; b: string; c: string }>(
        `CREATE (n:GraphTest {run: $run, tag: 'mixed', mixed: $mixed, whole: $whole, f: $f})
         RETURN valueType(n.mixed) AS a, valueType(n.whole) AS b, valueType(n.f) AS c`,
        { run, mixed: [1, 2.5], whole: [1, 2], f: 0.5 },
      );
      expect(row).to.deep.equal({ a: 'LIST<FLOAT NOT NULL> NOT NULL', b: 'LIST<INTEGER NOT NULL> NOT NULL', c: 'FLOAT NOT NULL' });
    });
  });

  describe('access modes', () => {
    it('refuses a write hidden in a read (read transactions are read-only, as on a cluster secondary)', async () => {
      const err = await rejection(graph.read('CREATE (:GraphTest {run: $run, tag: "hidden"}) RETURN 1', { run }));
      expect(err).to.be.instanceOf(DatabaseError);
      expect(err.code).to.match(/AccessMode|Forbidden/);
      const inTx = await rejection(graph.transaction((tx) => tx.run('CREATE (:GraphTest {run: $run, tag: "hidden"})', { run }), 'read'));
      expect(inTx).to.be.instanceOf(DatabaseError);
      expect(await countTagged(graph, 'hidden')).to.equal(0);
    });

    it('a primary read answers like a read and refuses to change the graph', async () => {
      expect(await graph.read('RETURN $x AS x', { x: 'p' }, { primary: true })).to.deep.equal([{ x: 'p' }]);
      const err = await rejection(graph.read('CREATE (:GraphTest {run: $run, tag: "primaryWrite"}) RETURN 1', { run }, { primary: true }));
      expect(err).to.be.instanceOf(WriteInReadError);
      expect(await countTagged(graph, 'primaryWrite')).to.equal(0);
    });

    it('passes this instance\'s bookmarks on: a read after a write is causally after it', async () => {
      const g = freshGraph();
      try {
        expect(await g.bookmarks.getBookmarks()).to.deep.equal([]);
        await g.write('CREATE (:GraphTest {run: $run, tag: "bookmark"})', { run });
        const afterWrite = await g.bookmarks.getBookmarks();
        expect(afterWrite).to.have.length(1);
        expect(await countTagged(g, 'bookmark')).to.equal(1);
      } finally {
        await g.close();
      }
    });
  });

  describe('notifications', () => {
    it('records each distinct notification of a statement once (here a cartesian-product warning)', async () => {
      const cypher = 'MATCH (a:GraphTest {run: $run}), (b:GraphTest {run: $run}) RETURN count(*) AS c';
      await graph.read(cypher, { run });
      await graph.read(cypher, { run });
      const mine = seenNotifications().filter((n) => n.statement === cypher);
      expect(mine.map((n) => n.code)).to.deep.equal(['Neo.ClientNotification.Statement.CartesianProduct']);
    });
  });

  it('serverVersion() reports Neo4j 5 and is asked only once', async () => {
    const g = freshGraph();
    try {
      const version = await g.serverVersion();
      expect(version.major).to.be.at.least(5);
      expect(version.edition).to.be.a('string');
      const trips = g.roundTrips;
      expect(await g.serverVersion()).to.equal(version);
      expect(g.roundTrips).to.equal(trips);
    } finally {
      await g.close();
    }
  });

  describe('ensureSchema()', () => {
    const label = `GraphTestSchema_${run.replace(/-/g, '')}`;
    const items: SchemaItem[] = [
      { label, prop: 'testDbId', unique: true },
      { label, prop: 'name', unique: false },
    ];

    after(async () => {
      await graph.write(`MATCH (n:${label}) DETACH DELETE n`);
      await graph.write(`DROP CONSTRAINT unique_${label}_testDbId IF EXISTS`);
      await graph.write(`DROP INDEX index_${label}_name IF EXISTS`);
    });

    it('is idempotent and creates the constraint and index', async () => {
      await ensureSchema(graph, items);
      await ensureSchema(graph, items);
      const constraints = await graph.read<{ name: string }>('SHOW CONSTRAINTS YIELD name, labelsOrTypes, properties WHERE labelsOrTypes = [$label] RETURN name', { label });
      expect(constraints).to.deep.equal([{ name: `unique_${label}_testDbId` }]);
      const indexes = await graph.read<{ name: string; state: string }>(
        'SHOW INDEXES YIELD name, labelsOrTypes, properties, owningConstraint, state WHERE labelsOrTypes = [$label] AND owningConstraint IS NULL RETURN name, state', { label });
      expect(indexes).to.deep.equal([{ name: `index_${label}_name`, state: 'ONLINE' }]);
    });

    it('sends only what is missing by name: nothing over a schema in place, the one dropped index after a drop', async () => {
      await ensureSchema(graph, items);
      const sent = async () => {
        const g = freshGraph();
        const seen: string[] = [];
        g.statementObserver = (cypher) => seen.push(cypher);
        try {
          await ensureSchema(g, items);
        } finally {
          await g.close();
        }
        return seen.filter((s) => s.startsWith('CREATE'));
      };
      expect(await sent()).to.deep.equal([]);
      await graph.write(`DROP INDEX index_${label}_name`);
      expect(await sent()).to.deep.equal([`CREATE INDEX index_${label}_name IF NOT EXISTS FOR (n:${label}) ON (n.name)`]);
      const indexes = await graph.read<{ name: string; state: string }>('SHOW INDEXES YIELD name, state WHERE name = $name RETURN name, state', { name: `index_${label}_name` });
      expect(indexes).to.deep.equal([{ name: `index_${label}_name`, state: 'ONLINE' }]);
    });

    it('creates what is missing all or none: a constraint the data breaks leaves the index before it uncreated too', async () => {
      const broken = `${label}Broken`;
      await graph.write(`CREATE (:${broken} {testDbId: 'twice'}), (:${broken} {testDbId: 'twice'})`);
      try {
        const err = await rejection(ensureSchema(graph, [{ label: broken, prop: 'name', unique: false }, { label: broken, prop: 'testDbId', unique: true }]));
        expect(err.message).to.match(/twice|already exists|constraint/i);
        const made = await graph.read('SHOW INDEXES YIELD name, labelsOrTypes WHERE labelsOrTypes = [$label] RETURN name', { label: broken });
        expect(made).to.deep.equal([]);
      } finally {
        await graph.write(`MATCH (n:${broken}) DELETE n`);
        await graph.write(`DROP INDEX index_${broken}_name IF EXISTS`);
      }
    });

    it('enforces the uniqueness constraint with ConflictError (409), auto-commit and in a transaction', async () => {
      await graph.write(`CREATE (:${label} {testDbId: 'dup-1', name: 'first'})`);
      const err = await rejection(graph.write(`CREATE (:${label} {testDbId: 'dup-1', name: 'second'})`));
      expect(err).to.be.instanceOf(ConflictError);
      expect(err.status).to.equal(409);

      const inTx = await rejection(
        graph.transaction(async (tx) => {
          await tx.run(`CREATE (:${label} {testDbId: 'dup-2', name: 'a'})`);
          await tx.run(`CREATE (:${label} {testDbId: 'dup-2', name: 'b'})`);
        }),
      );
      expect(inTx).to.be.instanceOf(ConflictError);
      expect(inTx.status).to.equal(409);

      const rows = await graph.read<{ id: string; name: string }>(
        `MATCH (n:${label}) RETURN n.testDbId AS id, n.name AS name ORDER BY id, name`,
      );
      expect(rows).to.deep.equal([{ id: 'dup-1', name: 'first' }]);
    });
  });

  describe('an unavailable database', () => {
    it('rejects quickly with DatabaseUnavailableError (503, Retry-After) when nothing listens', async () => {
      const port = await freePort();
      const g = new BoltGraph({ url: `bolt://127.0.0.1:${port}`, timeoutMs: 1_000 });
      const started = Date.now();
      const err = await rejection(g.read('RETURN 1'));
      // Far below the driver's own 30 s connection timeout, with room for a loaded CI machine.
      expect(Date.now() - started).to.be.below(6_000);
      expect(err).to.be.instanceOf(DatabaseUnavailableError);
      expect(err.status).to.equal(503);
      expect(err.headers).to.have.property('Retry-After').that.matches(/^\d+$/);
      // Nothing is cached: the next call tries again (and fails the same way).
      expect(await rejection(g.ping())).to.be.instanceOf(DatabaseUnavailableError);
      await g.close();
    });

    it('retries a read while the database is away, and answers once it is back within the retry time', async function () {
      this.timeout(30_000);
      const target = testDatabase();
      const relay = relayTo(new URL(target.uri), { up: false });
      const g = new BoltGraph({ url: `bolt://127.0.0.1:${await relay.listen()}`, user: target.user, password: target.password, timeoutMs: 10_000 });
      try {
        const started = Date.now();
        const answer = g.read<{ one: number }>('RETURN 1 AS one');
        await new Promise((resolve) => setTimeout(resolve, 1_500));
        relay.setUp(true);
        expect(await answer).to.deep.equal([{ one: 1 }]);
        // Two refused attempts (at once and after about 1 s), the third after about 2 s more.
        expect(Date.now() - started).to.be.within(1_500, 9_000);
      } finally {
        await g.close();
        await relay.close();
      }
    });

    it('does not hang on a server that accepts but never answers: it times out as DatabaseUnavailableError', async () => {
      const sockets = new Set<net.Socket>();
      const silent = net.createServer((s) => {
        sockets.add(s);
        s.on('error', () => undefined);
      });
      await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
      try {
        const { port } = silent.address() as net.AddressInfo;
        const g = new BoltGraph({ url: `bolt://127.0.0.1:${port}`, timeoutMs: 300 });
        const started = Date.now();
        const err = await rejection(g.read('RETURN 1'));
        // Far below the driver's own 30 s connection timeout, with room for a loaded CI machine.
      expect(Date.now() - started).to.be.below(6_000);
        expect(err).to.be.instanceOf(DatabaseUnavailableError);
        expect(err.status).to.equal(503);
        expect(err.headers).to.have.property('Retry-After');
      } finally {
        for (const s of sockets) s.destroy();
        await new Promise<void>((resolve) => silent.close(() => resolve()));
      }
    });
  });

  describe('connectGraph()', () => {
    it('connects over Bolt to the suite\'s database', async () => {
      const db = testDatabase();
      const real = connectGraph({ uri: db.uri, user: db.user, password: db.password });
      try {
        expect(real).to.be.instanceOf(BoltGraph);
        expect(await real.read('RETURN 1 AS one')).to.deep.equal([{ one: 1 }]);
      } finally {
        await real.close();
      }
    });

    it('takes bolt://, neo4j:// and neo4j+s:// without connecting', async () => {
      for (const uri of ['bolt://127.0.0.1:1', 'neo4j://127.0.0.1:1', 'neo4j+s://neo4j.example.org', 'bolt+s://127.0.0.1:1']) {
        const g = connectGraph({ uri, user: 'neo4j', password: 'x' });
        try {
          expect(g, uri).to.be.instanceOf(BoltGraph);
          expect(g.roundTrips).to.equal(0);
        } finally {
          await g.close();
        }
      }
    });

    it('throws a clear error for HTTP endpoints and unsupported schemes', () => {
      expect(() => connectGraph({ uri: 'http://127.0.0.1:7474' })).to.throw(Error, /unsupported scheme "http".*Bolt/);
      expect(() => connectGraph({ uri: 'redis://127.0.0.1:6379' })).to.throw(/unsupported scheme "redis"/);
    });
  });
});
