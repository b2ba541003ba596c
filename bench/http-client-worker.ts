// The timing client of bench/http-client.ts: answers each {id, url} message with the time from sending the GET to
// receiving the whole body (decompressed, as a client uses it).
import { parentPort } from 'node:worker_threads';
import { performance } from 'node:perf_hooks';

parentPort!.on('message', async ({ id, url }: { id: number; url: string }) => {
  try {
    const started = performance.now();
    const res = await fetch(url, { headers: { accept: 'application/json' } });
    const body = await res.text();
    parentPort!.postMessage({ id, ms: performance.now() - started, status: res.status, bytes: Buffer.byteLength(body), head: res.status === 200 ? '' : body.slice(0, 300) });
  } catch (err) {
    parentPort!.postMessage({ id, error: String(err) });
  }
});
