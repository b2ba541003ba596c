// The timing client of bench/http-client.ts: answers each {id, url} message with the time of one GET (http-get.ts).
import { parentPort } from 'node:worker_threads';
import { timedGet } from './http-get.js';

parentPort!.on('message', async ({ id, url }: { id: number; url: string }) => {
  try {
    const { ms, status, body } = await timedGet(url);
    parentPort!.postMessage({ id, ms, status, bytes: Buffer.byteLength(body), head: status === 200 ? '' : body.slice(0, 300) });
  } catch (err) {
    parentPort!.postMessage({ id, error: String(err) });
  }
});
