// A second bundled Neo4j for the tests that need one the suite's service does not use: one to kill and restart
// (fault.test.ts), one with a small transaction memory (engine-limits.test.ts), an empty one (all of SoyBase imported
// in pedigree-cli.test.ts), one behind a slow relay (shutdown.test.ts) and one demo-start.test.ts starts the service
// on. Starting a JVM costs 10-60 s on a loaded machine, so a lane's tests share one: started on first use, restarted
// only when a test asks for other settings, emptied for each test that takes it, and stopped by the root hooks
// (test/setup.ts) at the end of the run. It keeps its ports across restarts, so a driver connected to it reconnects
// after a kill.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startDevNeo4j, type DevNeo4j } from '../../src/devdb/launcher.js';
import { connectGraph } from '../../src/graph/connect.js';
import { SHORT_LIVED_NEO4J_JVM_OPTIONS } from './jvm-options.js';
import { emptyDatabase } from './server.js';

/** Settings fixed when the JVM starts (Neo4j community cannot change them on a running database). */
export interface ExtraSettings {
  /** db.memory.transaction.max; the launcher's default when absent. */
  transactionMemory?: string;
}

export interface ExtraNeo4j {
  readonly boltUrl: string;
  readonly httpUrl: string;
  /** Kills the JVM (SIGKILL: no checkpoint, as a crash or an out-of-memory kill would end it). */
  kill(): Promise<void>;
  /** Starts it again on the same store and ports, with the same settings (after kill()). */
  start(): Promise<void>;
}

// C1 only (SHORT_LIVED_NEO4J_JVM_OPTIONS): this JVM is restarted often and lives a minute or two each time. Measured on
// this machine (2026-11-27, 3 rounds, load 20-30): a start with a small workload took 0.59 of the CPU seconds with it,
// and 0.41 with the class archive as well (docs/testing.md).

let dir: string | undefined;
let ports: { http: number; bolt: number } | undefined;
let running: DevNeo4j | undefined;
let settings: ExtraSettings = {};
/** The address it had when it last ran (a killed database keeps it: the same ports come back). */
let urls = { bolt: '', http: '' };

async function start(): Promise<void> {
  dir ??= fs.mkdtempSync(path.join(os.tmpdir(), 'brapi-extra-neo4j-'));
  running = await startDevNeo4j({ dir, httpPort: ports?.http ?? 0, boltPort: ports?.bolt ?? 0, clientTimeoutMs: 120_000, jvmOptions: SHORT_LIVED_NEO4J_JVM_OPTIONS, ...settings });
  urls = { bolt: running.boltUrl, http: running.httpUrl };
  ports ??= { http: Number(new URL(running.httpUrl).port), bolt: Number(new URL(running.boltUrl).port) };
}

const handle: ExtraNeo4j = {
  get boltUrl() {
    return urls.bolt;
  },
  get httpUrl() {
    return urls.http;
  },
  async kill() {
    if (!running) return;
    process.kill(running.pid, 'SIGKILL');
    await running.stop();
    running = undefined;
  },
  start,
};

/**
 * The shared extra Neo4j, running with `wanted` settings and empty (no nodes; the schema the last user made stays).
 * Only on the bundled Neo4j: callers skip when the suite runs on TEST_NEO4J_URI.
 */
export async function extraNeo4j(wanted: ExtraSettings = {}): Promise<ExtraNeo4j> {
  if (running && JSON.stringify(wanted) !== JSON.stringify(settings)) {
    // Emptied under the settings it ran with: a whole demo left by the last user may not fit, in the batches
    // emptyDatabase deletes, into a small transaction memory the next one asks for.
    await empty(running.boltUrl);
    await running.stop();
    running = undefined;
  }
  settings = wanted;
  if (!running) await start();
  await empty(running!.boltUrl);
  return handle;
}

async function empty(uri: string): Promise<void> {
  const graph = connectGraph({ uri, timeoutMs: 120_000 });
  try {
    await emptyDatabase(graph);
  } finally {
    await graph.close();
  }
}

/** Stops it if it runs and removes its store (root hooks, end of the run). */
export async function stopExtraNeo4j(): Promise<void> {
  await running?.stop();
  running = undefined;
  if (dir) fs.rmSync(dir, { recursive: true, force: true });
  dir = undefined;
  ports = undefined;
}
