// Mocha root hooks: the bundled Neo4j and the service run once for every test file.
import { isDeprecation, seenNotifications } from '../src/graph/notifications.js';
import { startTestServer, stopTestServer } from './support/server.js';

export const mochaHooks = {
  async beforeAll(this: Mocha.Context) {
    this.timeout(120_000);
    await startTestServer();
  },
  async afterAll(this: Mocha.Context) {
    this.timeout(60_000);
    await stopTestServer();
    // A deprecated syntax works today and breaks on the next Neo4j: the suite fails on any it saw.
    const deprecated = seenNotifications().filter(isDeprecation);
    if (deprecated.length) {
      throw new Error(`Neo4j reported ${deprecated.length} deprecation(s):\n` +
        deprecated.map((n) => `- ${n.code}: ${n.description}\n  in: ${n.statement.replace(/\s+/g, ' ').slice(0, 300)}`).join('\n'));
    }
  },
};
