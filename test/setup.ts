// Mocha root hooks for a plain mocha (docs/testing.md): the bundled Neo4j and the service run once for every test
// file that needs them. A run of unit tests alone (test/unit) starts nothing: they need no database, and starting one
// costs about 20 s. scripts/test.ts's lanes do the same per lane (test/support/lane-runner.ts).
import { endLane, startLane } from './support/lane-hooks.js';
import { isUnitFile } from './support/lanes.js';

/** Whether any loaded test file lies outside test/unit (a test without a file counts as needing the database). */
function needsDatabase(root: Mocha.Suite): boolean {
  const files = [...root.suites.map((s) => s.file), ...root.tests.map((t) => t.file)];
  return files.some((file) => !file || !isUnitFile(file));
}

export const mochaHooks = {
  async beforeAll(this: Mocha.Context) {
    // Starting Neo4j and loading the demo data takes about 25 s alone on 2 cores; a shared, loaded machine needs more.
    this.timeout(600_000);
    const root = this.test?.parent;
    if (root && !needsDatabase(root)) return;
    await startLane();
  },
  async afterAll(this: Mocha.Context) {
    // Two JVMs to stop on a loaded machine (each given 30 s to shut down cleanly before it is killed).
    this.timeout(120_000);
    await endLane();
  },
};
