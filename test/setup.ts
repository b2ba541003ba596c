// Mocha root hooks: the bundled Neo4j and the service run once for every test file.
import { startTestServer, stopTestServer } from './support/server.js';

export const mochaHooks = {
  async beforeAll(this: Mocha.Context) {
    this.timeout(120_000);
    await startTestServer();
  },
  async afterAll(this: Mocha.Context) {
    this.timeout(60_000);
    await stopTestServer();
  },
};
