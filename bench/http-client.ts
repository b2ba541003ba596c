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
  /** Times one POST of a JSON text, with its answer's text; a status other than 200 is an error. */
  post(url: string, body: string, headers?: Record<string, string>): Promise<TimedGet & { text: string }>;
  close(): Promise<void>;
}

export function startHttpClient(): HttpClient {
  const worker = tsWorker(new URL('./http-client-worker.ts', import.meta.url));
  type Answer = TimedGet & { text: string };
  const waiting = new Map<number, { resolve: (r: Answer) => void; reject: (e: Error) => void; what: string }>();
  let next = 0;
  worker.on('message', (m: { id: number; error?: string; ms: number; status: number; bytes: number; head: string; text?: string }) => {
    const w = waiting.get(m.id);
    if (!w) return;
    waiting.delete(m.id);
    if (m.error) w.reject(new Error(`${w.what}: ${m.error}`));
    else if (m.status !== 200) w.reject(new Error(`${w.what} answered ${m.status}: ${m.head}`));
    else w.resolve({ ms: m.ms, status: m.status, bytes: m.bytes, text: m.text ?? '' });
  });
  const send = (what: string, message: { url: string; body?: string; headers?: Record<string, string> }) =>
    new Promise<Answer>((resolve, reject) => {
      const id = next++;
      waiting.set(id, { resolve, reject, what });
      worker.postMessage({ id, ...message });
    });
  worker.on('error', (err) => {
    for (const w of waiting.values()) w.reject(err);
    waiting.clear();
  });
  return {
    async get(url) {
      const { ms, status, bytes } = await send(`GET ${url}`, { url });
      return { ms, status, bytes };
    },
    post(url, body, headers) {
      return send(`POST ${url}`, { url, body, headers });
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
