// Readiness follows the database: 503 (plain text, Retry-After) while it does not answer, 200 again as soon as it
// does, with no restart. A TCP relay in front of the bundled Neo4j plays the database going away and coming back.
import { expect } from 'chai';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { BoltGraph } from '../../src/graph/bolt-transport.js';
import { createLogger } from '../../src/logger.js';
import { relayTo } from '../support/relay.js';
import { testDatabase } from '../support/server.js';

describe('readiness and an unavailable database', () => {
  it('answers 503 while the database is away and recovers by itself when it returns', async function () {
    // Each call to the absent database takes the driver's retry budget (about 1-3 s here) before it answers 503.
    this.timeout(90_000);
    const target = testDatabase();
    const db = relayTo(new URL(target.uri), { up: false });
    const graph = new BoltGraph({ url: `bolt://127.0.0.1:${await db.listen()}`, user: target.user, password: target.password, timeoutMs: 1000 });
    const config = loadConfig({ LOG_LEVEL: 'silent' });
    const { app } = createApp({ graph, config, logger: createLogger('silent') });
    const web = http.createServer(app.callback());
    await new Promise<void>((r) => web.listen(0, '127.0.0.1', () => r()));
    const base = `http://127.0.0.1:${(web.address() as AddressInfo).port}`;
    try {
      const ready = await fetch(`${base}/ready`);
      expect(ready.status).to.equal(503);
      expect(ready.headers.get('retry-after')).to.match(/^\d+$/);
      expect(ready.headers.get('content-type')).to.match(/^text\/plain/);
      const list = await fetch(`${base}/brapi/v2/programs`);
      expect(list.status).to.equal(503);
      expect(await list.text()).to.match(/database/i);
      expect((await fetch(`${base}/health`)).status).to.equal(200);

      db.setUp(true);
      expect((await fetch(`${base}/ready`)).status).to.equal(200);
      expect((await fetch(`${base}/brapi/v2/programs`)).status).to.equal(200);
    } finally {
      web.closeAllConnections();
      await new Promise<void>((r) => web.close(() => r()));
      // The driver first: the relay's close waits for the connections through it to end.
      await graph.close();
      await db.close();
    }
  });
});
