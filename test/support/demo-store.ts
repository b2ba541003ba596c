// The demo data loaded once for all lanes of `npm test` and test:fast: scripts/test.ts starts the test server's
// configuration on a store of its own, waits for the demo load, stops it cleanly and names the store in
// TEST_DEMO_STORE; each lane's root hooks copy it before their Neo4j starts, so the service finds the demo complete and
// loads nothing. Each lane still starts its own Neo4j and service, and counts the demo it starts with
// (demoCountsAtStart); the load's own counts are written to TEST_DEMO_COUNTS for the lane that starts none
// (support/lanes.ts). The load took a lane some 40 CPU-s of Neo4j and Node while the three lanes' loads ran at once; a
// copy takes well under one.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Config } from '../../src/config.js';
import { isDeprecation, seenNotifications } from '../../src/graph/notifications.js';
import { createLogger } from '../../src/logger.js';
import { startServer } from '../../src/server.js';
import { demoCounts } from './demo-counts.js';
import { SHORT_LIVED_NEO4J_JVM_OPTIONS } from './jvm-options.js';

export const DEMO_STORE_ENV = 'TEST_DEMO_STORE';
/** The file buildDemoStore writes the loaded demo's counts to (demoCountsAtStart reads it where no lane server ran). */
export const DEMO_COUNTS_ENV = 'TEST_DEMO_COUNTS';

/**
 * Loads the demo into a new store with the test server's configuration and answers the store's data folder (under
 * `dir`) once its Neo4j has stopped; the demo's counts are written to `countsFile` (whole, or not at all). A
 * deprecation Neo4j reported during the load fails it, as the root hooks would.
 */
export async function buildDemoStore(config: Config, countsFile: string): Promise<string> {
  // Its JVM lives for one load: C1 only took 0.58 of the load's CPU seconds (support/jvm-options.ts, docs/testing.md).
  const running = await startServer({ ...config, devDbJvmOptions: SHORT_LIVED_NEO4J_JVM_OPTIONS }, createLogger(config.logLevel));
  let home: string | undefined;
  try {
    if (!running.devDb) throw new Error('The demo store is made on the bundled Neo4j only (TEST_NEO4J_URI is set).');
    home = running.devDb.dir;
    await running.demoLoaded;
    fs.writeFileSync(`${countsFile}.part`, JSON.stringify(await demoCounts(running.graph)));
  } finally {
    await running.stop();
  }
  const deprecated = seenNotifications().filter(isDeprecation);
  if (deprecated.length) {
    throw new Error(`Neo4j reported ${deprecated.length} deprecation(s) during the demo load:\n` +
      deprecated.map((n) => `- ${n.code}: ${n.description}\n  in: ${n.statement.replace(/\s+/g, ' ').slice(0, 300)}`).join('\n'));
  }
  fs.renameSync(`${countsFile}.part`, countsFile);
  return path.join(home, 'data');
}

/**
 * Copies the demo store TEST_DEMO_STORE names (if any) to where the bundled Neo4j of `workDir` keeps its data: the
 * same folder name under `workDir` as under the store's own directory. Answers whether it did.
 */
export function copyDemoStore(workDir: string): boolean {
  const store = process.env[DEMO_STORE_ENV];
  if (!store) return false;
  if (!fs.existsSync(store)) throw new Error(`${DEMO_STORE_ENV} names ${store}, which does not exist.`);
  const home = path.basename(path.dirname(store));
  fs.cpSync(store, path.join(workDir, home, 'data'), { recursive: true });
  return true;
}

/** A folder for the demo store, removed by the caller when the lanes have ended. */
export function demoStoreDir(): string {
  return fs.mkdtempSync(path.join(os.tmpdir(), 'brapi-test-demo-store-'));
}
