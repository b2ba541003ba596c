// The timing client of bench/http-client.ts: answers each {id, url} message with the time of one GET (http-get.ts),
// and each {id, url, body, headers} with the time of one POST and its answer's text.
import { parentPort } from 'node:worker_threads';
import { timedGet, timedPost } from './http-get.js';

parentPort!.on('message', async ({ id, url, body, headers }: { id: number; url: string; body?: string; headers?: Record<string, string> }) => {
  try {
    const answer = body === undefined ? await timedGet(url) : await timedPost(url, body, headers);
    parentPort!.postMessage({ id, ms: answer.ms, status: answer.status, bytes: Buffer.byteLength(answer.body), head: answer.status === 200 ? '' : answer.body.slice(0, 300), ...(body === undefined ? {} : { text: answer.body }) });
  } catch (err) {
    parentPort!.postMessage({ id, error: String(err) });
  }
});
