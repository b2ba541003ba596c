// Graceful shutdown: stop() lets a request in flight finish, then refuses new ones. A relay in front of the suite's
// Neo4j delays its answers, so the request is certainly in flight when stop() is called.
import { expect } from 'chai';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/logger.js';
import { startServer } from '../../src/server.js';
import { relayTo } from '../support/relay.js';
import { testDatabase } from '../support/server.js';

describe('graceful shutdown', () => {
  it('finishes the request in flight, then refuses new ones', async () => {
    const db = testDatabase();
    const relay = relayTo(new URL(db.uri));
    const port = await relay.listen();
    const running = await startServer(
      loadConfig({ NEO4J_URI: `bolt://127.0.0.1:${port}`, NEO4J_USER: db.user ?? '', NEO4J_PASSWORD: db.password ?? '', PORT: '0', HOST: '127.0.0.1', BRAPI_DEMO_DATA: 'false', LOG_LEVEL: 'silent' }),
      createLogger('silent'),
    );
    try {
      relay.setDelay(800);
      const inFlight = fetch(`${running.baseUrl}/programs`).then(async (res) => ({ status: res.status, body: await res.json() }));
      await new Promise((r) => setTimeout(r, 200));
      const stopped = running.stop();
      const answer = await inFlight;
      expect(answer.status).to.equal(200);
      expect(answer.body.result.data).to.be.an('array');
      await stopped;
      const after = await fetch(`${running.baseUrl}/programs`).then(() => 'answered', () => 'refused');
      expect(after).to.equal('refused');
    } finally {
      await relay.close();
    }
  });
});
