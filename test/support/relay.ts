// A TCP relay in front of the bundled Neo4j, for tests that play the database going away (`up`) or answering
// slowly (`delayMs`) without touching the real server.
import net from 'node:net';
import type { AddressInfo } from 'node:net';

export interface Relay {
  /** Starts listening on a free loopback port and returns it. */
  listen(): Promise<number>;
  /** While false, connections are dropped at once (the database is "away"). */
  setUp(value: boolean): void;
  /** Delay added to everything the database sends back. */
  setDelay(ms: number): void;
  close(): Promise<void>;
}

export function relayTo(target: URL, { up = true, delayMs = 0 } = {}): Relay {
  const server = net.createServer((client) => {
    if (!up) return client.destroy();
    const upstream = net.connect(Number(target.port), target.hostname);
    client.pipe(upstream);
    upstream.on('data', (chunk) => (delayMs ? setTimeout(() => client.write(chunk), delayMs) : client.write(chunk)));
    upstream.on('end', () => (delayMs ? setTimeout(() => client.end(), delayMs) : client.end()));
    const close = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('error', close);
    upstream.on('error', close);
  });
  return {
    listen: () => new Promise<number>((r) => server.listen(0, '127.0.0.1', () => r((server.address() as AddressInfo).port))),
    setUp: (value) => (up = value),
    setDelay: (ms) => (delayMs = ms),
    close: () => new Promise<void>((r) => server.close(() => r())),
  };
}
