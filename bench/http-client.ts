// A client in a thread of its own, for timing single large answers: a client in the service's own thread would
// charge its decompression and decoding to the service's event loop, which no real client shares. (For small answers
// the thread's wake-up costs more, about 0.4 ms a GET, than the client's work in the service's thread.)
import { tsWorker } from './ts-worker.js';

export interface TimedGet {
  ms: number;
  status: number;
  bytes: number;
}

export interface HttpClient {
  /** Times one GET; a status other than 200 is an error. */
  get(url: string): Promise<TimedGet>;
  close(): Promise<void>;
}

export function startHttpClient(): HttpClient {
  const worker = tsWorker(new URL('./http-client-worker.ts', import.meta.url));
  const waiting = new Map<number, { resolve: (r: TimedGet) => void; reject: (e: Error) => void; url: string }>();
  let next = 0;
  worker.on('message', (m: { id: number; error?: string; ms: number; status: number; bytes: number; head: string }) => {
    const w = waiting.get(m.id);
    if (!w) return;
    waiting.delete(m.id);
    if (m.error) w.reject(new Error(`GET ${w.url}: ${m.error}`));
    else if (m.status !== 200) w.reject(new Error(`GET ${w.url} answered ${m.status}: ${m.head}`));
    else w.resolve({ ms: m.ms, status: m.status, bytes: m.bytes });
  });
  worker.on('error', (err) => {
    for (const w of waiting.values()) w.reject(err);
    waiting.clear();
  });
  return {
    get(url) {
      return new Promise((resolve, reject) => {
        const id = next++;
        waiting.set(id, { resolve, reject, url });
        worker.postMessage({ id, url });
      });
    },
    async close() {
      await worker.terminate();
    },
  };
}

/** Runs fn with a client in a thread of its own, closed afterwards. */
export async function withClient<T>(fn: (client: HttpClient) => Promise<T>): Promise<T> {
  const client = startHttpClient();
  try {
    return await fn(client);
  } finally {
    await client.close();
  }
}
