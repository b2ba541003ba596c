// Graceful shutdown: stop() lets a request in flight finish, then refuses new ones. A relay in front of the bundled
// Neo4j delays its answers, so the request is certainly in flight when stop() is called.
import { expect } from 'chai';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import { loadConfig } from '../../src/config.js';
import { createLogger } from '../../src/logger.js';
import { startServer } from '../../src/server.js';
import { server } from '../support/server.js';

function slowRelay(target: URL) {
  let delayMs = 0;
  const relay = net.createServer((client) => {
    const upstream = net.connect(Number(target.port), target.hostname);
    client.pipe(upstream);
    upstream.on('data', (chunk) => setTimeout(() => client.write(chunk), delayMs));
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', close);
    upstream.on('error', close);
    upstream.on('end', () => setTimeout(() => client.end(), delayMs));
  });
  return {
    listen: () => new Promise<number>((r) => relay.listen(0, '127.0.0.1', () => r((relay.address() as AddressInfo).port))),
    delay: (ms: number) => (delayMs = ms),
    close: () => new Promise<void>((r) => relay.close(() => r())),
  };
}

describe('graceful shutdown', () => {
  it('finishes the request in flight, then refuses new ones', async () => {
    const relay = slowRelay(new URL(server().devDb!.httpUrl));
    const port = await relay.listen();
    const running = await startServer(
      loadConfig({ NEO4J_URI: `http://127.0.0.1:${port}`, PORT: '0', HOST: '127.0.0.1', BRAPI_DEMO_DATA: 'false', LOG_LEVEL: 'silent' }),
      createLogger('silent'),
    );
    try {
      relay.delay(800);
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
