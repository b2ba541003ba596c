// The benchmark's timing GET: Node's http module on a kept-alive connection, asking for gzip as the HTTP clients of
// Python (requests) and R (httr) do, timed from sending the request to the whole body decompressed, as a client uses
// it. fetch would add about 0.3 ms of its own per request (web streams, abort signals), which such clients do not pay.
import http from 'node:http';
import https from 'node:https';
import zlib from 'node:zlib';
import { performance } from 'node:perf_hooks';

export interface HttpAnswer {
  ms: number;
  status: number;
  /** The decompressed body. */
  body: string;
}

const agent = new http.Agent({ keepAlive: true });
const secureAgent = new https.Agent({ keepAlive: true });

/** `through`: a kept-alive agent of the caller's (one connection per concurrent client); https URLs too. */
export function timedGet(url: string, through?: http.Agent): Promise<HttpAnswer> {
  return timedRequest(url, through);
}

/** A POST of a JSON body (a bulk write), timed the same way: from sending its first byte to the whole answer. */
export function timedPost(url: string, body: string, headers: Record<string, string> = {}): Promise<HttpAnswer> {
  return timedRequest(url, undefined, { body, headers });
}

function timedRequest(url: string, through?: http.Agent, post?: { body: string; headers: Record<string, string> }): Promise<HttpAnswer> {
  const started = performance.now();
  const secure = url.startsWith('https:');
  const headers = { accept: 'application/json', 'accept-encoding': 'gzip', ...(post ? { 'content-type': 'application/json', ...post.headers } : {}) };
  return new Promise((resolve, reject) => {
    const req = (secure ? https : http).request(url, { method: post ? 'POST' : 'GET', agent: through ?? (secure ? secureAgent : agent), headers }, (res) => {
      const gzipped = res.headers['content-encoding'] === 'gzip';
      // A body of known length is decoded in one call; a streamed one as it arrives.
      const source = gzipped && !res.headers['content-length'] ? res.pipe(zlib.createGunzip()) : res;
      const parts: Buffer[] = [];
      source.on('data', (c: Buffer) => parts.push(c));
      source.on('error', reject);
      source.on('end', () => {
        const whole = Buffer.concat(parts);
        const body = (gzipped && source === res ? zlib.gunzipSync(whole) : whole).toString('utf8');
        resolve({ ms: performance.now() - started, status: res.statusCode ?? 0, body });
      });
    });
    req.on('error', reject);
    req.end(post?.body);
  });
}

/** A timed GET that must answer 200. */
export async function getOk(url: string): Promise<HttpAnswer> {
  const answer = await timedGet(url);
  if (answer.status !== 200) throw new Error(`GET ${url} answered ${answer.status}: ${answer.body.slice(0, 300)}`);
  return answer;
}
