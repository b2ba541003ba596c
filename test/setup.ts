// Mocha root hooks: the bundled Neo4j and the service run once for every test file that needs them. A run of unit
// tests alone (test/unit) starts nothing: they need no database, and starting one costs about 20 s.
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeprecation, seenNotifications } from '../src/graph/notifications.js';
import { stopExtraNeo4j } from './support/extra-neo4j.js';
import { NO_LANE_SERVER_ENV } from './support/lanes.js';
import { startTestServer, stopTestServer } from './support/server.js';

const UNIT = path.join(path.dirname(fileURLToPath(import.meta.url)), 'unit') + path.sep;

/** Whether any loaded test file lies outside test/unit (a test without a file counts as needing the database). */
function needsDatabase(root: Mocha.Suite): boolean {
  const files = [...root.suites.map((s) => s.file), ...root.tests.map((t) => t.file)];
  return files.some((file) => !file || !path.resolve(file).startsWith(UNIT));
}

let started = false;

export const mochaHooks = {
  async beforeAll(this: Mocha.Context) {
    // Starting Neo4j and loading the demo data takes about 25 s alone on 2 cores; a shared, loaded machine needs more.
    this.timeout(600_000);
    const root = this.test?.parent;
    if (root && !needsDatabase(root)) return;
    // The lane beside the demo load (support/lanes.ts): its files start the databases they use.
    if (process.env[NO_LANE_SERVER_ENV]) return;
    started = true;
    await startTestServer();
  },
  async afterAll(this: Mocha.Context) {
    // Two JVMs to stop on a loaded machine (each given 30 s to shut down cleanly before it is killed).
    this.timeout(120_000);
    // The second Neo4j that some tests share (test/support/extra-neo4j.ts), if one of them started it.
    await stopExtraNeo4j();
    if (started) await stopTestServer();
    // A deprecated syntax works today and breaks on the next Neo4j: the suite fails on any it saw.
    const deprecated = seenNotifications().filter(isDeprecation);
    if (deprecated.length) {
      throw new Error(`Neo4j reported ${deprecated.length} deprecation(s):\n` +
        deprecated.map((n) => `- ${n.code}: ${n.description}\n  in: ${n.statement.replace(/\s+/g, ' ').slice(0, 300)}`).join('\n'));
    }
  },
};
