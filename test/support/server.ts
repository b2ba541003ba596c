// One Neo4j 5 and one service for each lane of the suite (or a plain mocha), started before its first database file
// with the demo data loaded (test/support/lane-hooks.ts), and always stopped at its end. The database is the bundled
// one in a fresh throwaway directory, or the server TEST_NEO4J_URI names (TEST_NEO4J_USER, TEST_NEO4J_PASSWORD): that
// one must be empty, or TEST_NEO4J_ALLOW_WIPE=true must say the suite may empty it, so a curator's data is never wiped
// by accident.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/logger.js';
import { connectGraph } from '../../src/graph/connect.js';
import type { Graph } from '../../src/graph/port.js';
import { startServer, type RunningServer } from '../../src/server.js';
import { demoCounts } from './demo-counts.js';
import { copyDemoStore, DEMO_COUNTS_ENV } from './demo-store.js';
import { LANE_NEO4J_JVM_OPTIONS } from './jvm-options.js';
import { NO_LANE_SERVER_ENV } from './lanes.js';

let running: RunningServer | undefined;
let cleanDemoCounts: Record<string, number> | undefined;

/**
 * What a clean demo load wrote (support/demo-counts.ts): the suite's own load's, counted when it completed, or in the
 * lane without a server (support/lanes.ts) the shared demo store's, which scripts/test.ts writes once that store is
 * loaded (the lane starts meanwhile, so this waits for it).
 */
export async function demoCountsAtStart(): Promise<Record<string, number>> {
  if (cleanDemoCounts) return cleanDemoCounts;
  const file = process.env[DEMO_COUNTS_ENV];
  if (!file) throw new Error('No clean demo load to compare with: the test server has not loaded the demo, and no shared demo store is being loaded.');
  while (!fs.existsSync(file)) await sleep(500);
  return JSON.parse(fs.readFileSync(file, 'utf8')) as Record<string, number>;
}

/** The suite's admin token (BRAPI_ADMIN_TOKEN of the test server); api() sends it unless told otherwise. */
export const ADMIN_TOKEN = 'test-admin-token-0123456789';
let workDir: string | undefined;

/** The database the suite runs on, as a client connects to it (CLIs and direct connections use this). */
export interface TestDatabase {
  uri: string;
  user?: string;
  password?: string;
}

const external: TestDatabase | undefined = process.env.TEST_NEO4J_URI
  ? { uri: process.env.TEST_NEO4J_URI, user: process.env.TEST_NEO4J_USER || undefined, password: process.env.TEST_NEO4J_PASSWORD || undefined }
  : undefined;

/** Deletes every node, in batches (a whole database in one transaction could exceed its memory). */
export async function emptyDatabase(graph: Graph): Promise<void> {
  for (;;) {
    const [row] = await graph.write<{ n: number }>('MATCH (n) WITH n LIMIT 10000 DETACH DELETE n RETURN count(*) AS n');
    if (!row || row.n === 0) return;
  }
}

async function prepareExternal(db: TestDatabase): Promise<void> {
  const graph = connectGraph({ ...db, timeoutMs: 120_000 });
  try {
    const holdsData = (await graph.read('MATCH (n) RETURN 1 AS found LIMIT 1')).length > 0;
    if (holdsData && process.env.TEST_NEO4J_ALLOW_WIPE !== 'true') {
      throw new Error(`TEST_NEO4J_URI (${db.uri}) names a database that holds data. The suite empties the database it ` +
        'runs on: point it at an empty Neo4j 5, or set TEST_NEO4J_ALLOW_WIPE=true if this data may be deleted.');
    }
    if (holdsData) await emptyDatabase(graph);
  } finally {
    await graph.close();
  }
}

export function testDatabase(): TestDatabase {
  if (external) return external;
  const devDb = server().devDb;
  if (!devDb) throw new Error('The test server has no database yet.');
  return { uri: devDb.boltUrl };
}

/** True when the suite runs on the bundled Neo4j (tests that start, stop or kill it need that). */
export function onBundledNeo4j(): boolean {
  return !external;
}

/** The test server's configuration, its bundled Neo4j's store under `workDir` (also the lanes' shared demo store's). */
export function testServerConfig(workDir: string) {
  return loadConfig({
    ...(external ? {
      NEO4J_URI: external.uri,
      NEO4J_USER: external.user ?? '',
      NEO4J_PASSWORD: external.password ?? '',
      BRAPI_DEMO_DATA: 'true',
    } : {}),
    PORT: '0',
    HOST: '127.0.0.1',
    BRAPI_DEV_DB_DIR: workDir,
    BRAPI_DEV_DB_HTTP_PORT: '0',
    BRAPI_DEV_DB_BOLT_PORT: '0',
    // The lanes' JVM options (support/jvm-options.ts); the demo store's load replaces them with its own.
    BRAPI_DEV_DB_JVM_OPTIONS: LANE_NEO4J_JVM_OPTIONS.join(' '),
    BRAPI_MAX_BODY_BYTES: String(1024 * 1024),
    BRAPI_MAX_PAGE_SIZE: '5000',
    BRAPI_ADMIN_TOKEN: ADMIN_TOKEN,
    // TEST_LOG_LEVEL=error (or info) shows the service's log while debugging a test; silent otherwise.
    LOG_LEVEL: process.env.TEST_LOG_LEVEL || 'silent',
    // A loaded 2-core machine can take longer than the default 30 s over the demo load's large batches.
    NEO4J_TIMEOUT_MS: '120000',
  });
}

export async function startTestServer(): Promise<RunningServer> {
  workDir = fs.mkdtempSync(path.join(os.tmpdir(), 'brapi-neo4j-test-'));
  if (external) await prepareExternal(external);
  // With several lanes, `npm test` loads the demo once into a store the lanes start from (support/demo-store.ts):
  // the service finds the demo complete and loads nothing.
  if (!external) copyDemoStore(workDir);
  const config = testServerConfig(workDir);
  running = await startServer(config, createLogger(config.logLevel));
  // The service listens before the demo is loaded (data calls answer 503 meanwhile); the tests need it whole.
  await running.demoLoaded;
  // A clean load's counts, before any test changes them: a reload after a killed start must end with the same.
  cleanDemoCounts = await demoCounts(running.graph);
  return running;
}

export async function stopTestServer(): Promise<void> {
  // An external database was empty (or might be emptied) when the suite began: leave it empty again.
  if (external && running) await emptyDatabase(running.graph).catch(() => undefined);
  await running?.stop();
  running = undefined;
  if (workDir) fs.rmSync(workDir, { recursive: true, force: true });
}

export function server(): RunningServer {
  if (!running) {
    throw new Error(process.env[NO_LANE_SERVER_ENV]
      ? 'This lane runs without the test server (test/support/lanes.ts): a file that uses it does not belong in OWN_DATABASE_FILES.'
      : 'The test server is not running (a lane starts it before its first database file: test/support/lane-hooks.ts).');
  }
  return running;
}

/**
 * fetch against the BrAPI base URL as the admin; JSON bodies are sent as JSON. Pass `authorization` in headers to
 * call as someone else, or as '' to send no token.
 */
export async function api(method: string, pathAndQuery: string, body?: unknown, headers: Record<string, string> = {}) {
  const all: Record<string, string> = {
    accept: 'application/json',
    authorization: `Bearer ${ADMIN_TOKEN}`,
    ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    ...headers,
  };
  if (all.authorization === '') delete all.authorization;
  const res = await fetch(server().baseUrl + pathAndQuery, {
    method,
    headers: all,
    body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
  });
  const text = await res.text();
  let json: any;
  try {
    json = JSON.parse(text);
  } catch {
    json = undefined;
  }
  return { status: res.status, headers: res.headers, text, json };
}

/** The envelope's `result` of an answer that must be a 200 (else the assertion shows its status and body). */
export function resultOf(res: { status: number; text: string; json: any }): any {
  if (res.status !== 200) throw new Error(`expected 200, answered ${res.status}: ${res.text.slice(0, 500)}`);
  return res.json.result;
}

/** POSTs a body as the admin and answers the envelope's `result` (a 200, as resultOf). */
export async function postResult(path: string, body: unknown): Promise<any> {
  return resultOf(await api('POST', path, body));
}

/** POSTs records to /<path> as the admin, expects 200, and returns the records as created. */
export async function createRecords(path: string, records: object[]): Promise<any[]> {
  const res = await api('POST', `/${path}`, records);
  if (res.status !== 200) throw new Error(`POST /${path}: ${res.status} ${res.text}`);
  return res.json.result.data;
}
