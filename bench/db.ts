// A fresh bundled Neo4j per measurement, the service on top of it (in-process, over real HTTP), and a per-statement
// profile of what the service sends to Neo4j. Every Neo4j started here is registered so that it is stopped (by
// PID, through the launcher) whatever happens, including Ctrl-C.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadConfig } from '../src/config.js';
import { startDevNeo4j, type DevNeo4j } from '../src/devdb/launcher.js';
import { createQuery, getQuery } from '../src/entities/cypher.js';
import { cypher } from '../src/graph/cypher-files.js';
import { BoltGraph, COMMIT } from '../src/graph/bolt-transport.js';
import { ensureSchema } from '../src/graph/schema.js';
import { createLogger } from '../src/logger.js';
import { germplasmEntity } from '../src/modules/germplasm/germplasm/germplasm.entity.js';
import { purdyWalksQuery } from '../src/modules/germplasm/pedigree/traversal.js';
import { schemaItems, startServer, type RunningServer } from '../src/server.js';
import { Ledger } from './stats.js';

/** Same memory for every dataset, sized for the largest, so that graph size is the only thing that differs. */
/** The admin token the benchmark's service accepts (writes need a token since authentication arrived). */
export const BENCH_TOKEN = 'bench-admin-token-0123456789';

// One transaction may take most of the heap here (the bundled default, 384 MB, is sized for a 512 MB heap): the bulk
// loads send 20,000 germplasm per request.
export const NEO4J_MEMORY = {
  heap: process.env.BENCH_NEO4J_HEAP || '2g',
  pageCache: process.env.BENCH_NEO4J_PAGECACHE || '1g',
  transaction: process.env.BENCH_NEO4J_TRANSACTION_MEMORY || '1536m',
};

const live = new Set<{ db: DevNeo4j; dir: string }>();

export async function stopAll(): Promise<void> {
  for (const entry of [...live]) await release(entry);
}

async function release(entry: { db: DevNeo4j; dir: string }): Promise<void> {
  live.delete(entry);
  await entry.db.stop();
  fs.rmSync(entry.dir, { recursive: true, force: true });
}

for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    void stopAll().finally(() => process.exit(130));
  });
}

export interface Database {
  db: DevNeo4j;
  /** A direct connection, for the raw Cypher loads (the service has its own). */
  graph: BoltGraph;
  stop(): Promise<void>;
}

/** A fresh Neo4j in a throwaway directory, with the service's schema (constraints and indexes). */
export async function freshDatabase(): Promise<Database> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'brapi-bench-'));
  const db = await startDevNeo4j({ dir, heap: NEO4J_MEMORY.heap, pageCache: NEO4J_MEMORY.pageCache, transactionMemory: NEO4J_MEMORY.transaction, httpPort: 0, boltPort: 0, startTimeoutMs: 120_000 });
  const entry = { db, dir };
  live.add(entry);
  const graph = new BoltGraph({ url: db.boltUrl, timeoutMs: 600_000 });
  await ensureSchema(graph, schemaItems());
  return { db, graph, stop: () => release(entry) };
}

/** The service as `npm start` runs it, on the given database, listening on a free loopback port. */
export async function startService(database: Database, { demoData = false } = {}): Promise<RunningServer> {
  const config = loadConfig({
    NEO4J_URI: database.db.boltUrl,
    PORT: '0',
    HOST: '127.0.0.1',
    BRAPI_DEMO_DATA: String(demoData),
    BRAPI_ADMIN_TOKEN: BENCH_TOKEN,
    LOG_LEVEL: 'silent',
    BRAPI_MAX_BODY_BYTES: String(512 * 1024 * 1024),
    // Large uploads legitimately take long on this small machine; the default 30 s would turn them into 503s.
    NEO4J_TIMEOUT_MS: '600000',
  });
  const running = await startServer(config, createLogger('silent'));
  await running.demoLoaded;
  return running;
}

const PEDIGREE_CYPHER = path.join(path.dirname(fileURLToPath(import.meta.url)), '../cypher/germplasm/pedigree');
let pedigreeFiles: Map<string, string> | undefined;

/** Names the statements the pedigree code sends, so the profile reads as the Cypher files it runs (read at run
 * time, so the profile follows whatever files the upload uses). */
export function statementName(text: string): string {
  pedigreeFiles ??= new Map(
    ['', 'history/'].flatMap((sub) =>
      fs.readdirSync(path.join(PEDIGREE_CYPHER, sub))
        .filter((f) => f.endsWith('.cypher'))
        .map((f): [string, string] => [cypher(`germplasm/pedigree/${sub}${f.replace(/\.cypher$/, '')}`), `${sub}${f}`]),
    ),
  );
  const file = pedigreeFiles.get(text);
  if (file) return file;
  if (text === createQuery(germplasmEntity)) return 'create germplasm (createQuery)';
  if (text === getQuery(germplasmEntity)) return 'response read-back (getQuery)';
  if (text.startsWith('OPTIONAL MATCH (n:Germplasm)')) return 'response read-back (traversalQuery)';
  if (text.startsWith('UNWIND $ids AS id MATCH (n:Germplasm {germplasmDbId: id})\nWITH n ORDER BY')) return 'response read-back (readPedigreeNodes)';
  if (text === purdyWalksQuery()) return 'stored Purdy walks (readPurdyWalks)';
  if (text.startsWith('CALL db.resample')) return 'refreshStatistics';
  if (text === COMMIT) return 'commit';
  return text.replace(/\s+/g, ' ').slice(0, 60);
}

/** Times every statement the service sends to Neo4j, by statement (through the transport's observer). */
export function profileStatements(graph: unknown): Ledger {
  const ledger = new Ledger();
  if (!(graph instanceof BoltGraph)) return ledger;
  graph.statementObserver = (text, ms) => ledger.add(statementName(text), ms);
  return ledger;
}
