// The load generator, in a worker thread of its own so that it does not share the service's event loop: autocannon
// with `connections` clients cycling through the mix for `seconds`, every response time kept (for exact p50/p95).
import { parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';

interface Job {
  url: string;
  connections: number;
  seconds: number;
  requests: Array<{ method: 'GET' | 'POST'; path: string; body?: string; headers?: Record<string, string> }>;
}

const job = workerData as Job;
const times: number[] = [];
const statuses: Record<string, number> = {};
const instance = autocannon(
  { url: job.url, connections: job.connections, duration: job.seconds, requests: job.requests, timeout: 60 },
  (err, result) => {
    if (err) parentPort!.postMessage({ error: String(err) });
    else parentPort!.postMessage({ result: { requests: times.length, errors: result.errors, timeouts: result.timeouts, non2xx: result.non2xx, durationS: result.duration, bytes: result.throughput.total }, times, statuses });
  },
);
instance.on('response', (_client: unknown, statusCode: number, _bytes: number, responseTime: number) => {
  times.push(responseTime);
  statuses[statusCode] = (statuses[statusCode] ?? 0) + 1;
});
