// The two bulk loads compared: POST /pedigree over real HTTP (what a client gets, with validation, the lock, the
// parent-type and cycle checks and the response), and the least Cypher that writes the same graph (UNWIND CREATE
// of the germplasm, then of the relationships), in equal batches, one transaction per batch each.
import { COMMIT, type BoltGraph } from '../src/graph/bolt-transport.js';
import { BENCH_TOKEN } from './db.js';
import { withClient } from './http-client.js';
import { refreshStatistics } from '../src/graph/schema.js';
import type { RunningServer } from '../src/server.js';
import type { PedigreeNode } from './generate.js';
import { Ledger, round, timed } from './stats.js';

export interface LoadResult {
  nodes: number;
  edges: number;
  batches: number;
  ms: number;
  nodesPerSecond: number;
  /** Slowest batch, to see whether batches slow down as the graph grows. */
  batchMs: { first: number; last: number; max: number };
  /** Database requests per batch (service: per POST). */
  roundTripsPerBatch: number;
  /** Time per statement, summed over the load. */
  statements: ReturnType<Ledger['toJSON']>;
}

function batchesOf<T>(items: T[], size: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

function result(nodes: PedigreeNode[], times: number[], trips: number, ledger: Ledger): LoadResult {
  const ms = times.reduce((a, b) => a + b, 0);
  return {
    nodes: nodes.length,
    edges: nodes.reduce((n, x) => n + x.parents.length, 0),
    batches: times.length,
    ms: round(ms, 0),
    nodesPerSecond: round((nodes.length / ms) * 1000, 0),
    batchMs: { first: round(times[0], 0), last: round(times[times.length - 1], 0), max: round(Math.max(...times), 0) },
    roundTripsPerBatch: round(trips / times.length, 2),
    statements: ledger.toJSON(),
  };
}

/**
 * POSTs the nodes in batches, as a client would (`onAnswer` sees each answer, for a checksum). The upload creates
 * every germplasm (each node is named). A client cannot refresh the index statistics, so none is asked for: whatever
 * the service does about them is measured. The client is a thread of its own (http-client.ts), so its work is not
 * charged to the service's event loop, and each body is written before its POST is timed, as the raw load makes its
 * rows before its transaction.
 */
export async function serviceLoad(running: RunningServer, nodes: PedigreeNode[], batchSize: number, ledger: Ledger, log: (s: string) => void, onAnswer?: (batch: number, text: string) => void): Promise<LoadResult> {
  const times: number[] = [];
  const before = running.graph.roundTrips;
  const batches = batchesOf(nodes, batchSize);
  await withClient(async (client) => {
    for (const [i, batch] of batches.entries()) {
      const body = JSON.stringify(batch);
      const { ms, text } = await client.post(`${running.baseUrl}/pedigree`, body, { authorization: `Bearer ${BENCH_TOKEN}` })
        .catch((err: Error) => { throw new Error(`POST /pedigree batch ${i}: ${err.message.slice(0, 500)}`); });
      onAnswer?.(i, text);
      times.push(ms);
      if (i % 10 === 9 || i === batches.length - 1) log(`  service load: ${i + 1}/${batches.length} batches, last ${Math.round(ms)} ms`);
    }
  });
  return result(nodes, times, running.graph.roundTrips - before, ledger);
}

const CREATE_NODES = 'UNWIND $rows AS r CREATE (:Germplasm {germplasmDbId: r.id, germplasmName: r.name})';
const CREATE_EDGES = [
  'UNWIND $edges AS e',
  'MATCH (c:Germplasm {germplasmDbId: e.child})',
  'MATCH (p:Germplasm {germplasmDbId: e.parent})',
  'CREATE (c)-[:PARENT {parentType: e.parentType}]->(p)',
].join('\n');

/**
 * The same batches written with plain Cypher on a direct connection. Germplasm a batch references but does not
 * describe (and that no earlier batch created) are created with the name the reference gives, as the service does.
 * The index statistics are refreshed after each batch, as the service does after a large write.
 */
export async function rawLoad(graph: BoltGraph, nodes: PedigreeNode[], batchSize: number, log: (s: string) => void): Promise<LoadResult> {
  const ledger = new Ledger();
  const created = new Set<string>();
  const times: number[] = [];
  const before = graph.roundTrips;
  graph.statementObserver = (text, ms) => {
    if (text === COMMIT) ledger.add('commit', ms);
  };
  const batches = batchesOf(nodes, batchSize);
  for (const [i, batch] of batches.entries()) {
    const rows: Array<{ id: string; name: string }> = [];
    const add = (id: string, name: string) => {
      if (!created.has(id)) {
        created.add(id);
        rows.push({ id, name });
      }
    };
    for (const n of batch) add(n.germplasmDbId, n.germplasmName);
    for (const n of batch) for (const p of n.parents) add(p.germplasmDbId, p.germplasmName);
    const edges = batch.flatMap((n) => n.parents.map((p) => ({ child: n.germplasmDbId, parent: p.germplasmDbId, parentType: p.parentType })));
    const { ms } = await timed(async () => {
      await graph.transaction(async (tx) => {
        const a = await timed(() => tx.run(CREATE_NODES, { rows }));
        ledger.add('raw: create germplasm', a.ms);
        const b = await timed(() => tx.run(CREATE_EDGES, { edges }));
        ledger.add('raw: create PARENT relationships', b.ms);
      });
      const c = await timed(() => refreshStatistics(graph));
      ledger.add('refreshStatistics', c.ms);
    });
    times.push(ms);
    if (i % 10 === 9 || i === batches.length - 1) log(`  raw load: ${i + 1}/${batches.length} batches, last ${Math.round(ms)} ms`);
  }
  graph.statementObserver = undefined;
  ledger.add('client work', round(times.reduce((a, b) => a + b, 0) - ledger.total(), 0));
  return result(nodes, times, graph.roundTrips - before, ledger);
}
