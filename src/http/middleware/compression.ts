import { Stream } from 'node:stream';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import type { Middleware } from 'koa';
import compress from 'koa-compress';
import Negotiator from 'negotiator';
import { chunkedBody, jsonPieces } from '../body.js';
import type { BrapiContextExtras, BrapiState } from '../types.js';

/** Answers smaller than this go as they are: the encoding would save less than its overhead and a round of CPU. */
export const COMPRESS_THRESHOLD_BYTES = 1024;

const BROTLI = { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } };
const GZIP = { level: 1 };
const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * gzip or brotli (koa-compress) for every compressible type (JSON, CSV/TSV, HTML, scripts, stylesheets, plain-text
 * errors) when the client's Accept-Encoding allows it and the answer is at least COMPRESS_THRESHOLD_BYTES or
 * streamed (a streamed answer is over a chunk, see body.ts). Answers carry Vary: Accept-Encoding; HEAD and
 * already-encoded answers are left alone (koa-compress). Brotli (browsers) at quality 4: 7 % of a full pedigree tree's
 * JSON for about 15 ms a megabyte. gzip (the HTTP clients of R, Python and Node) at level 1, as nginx's default:
 * 10 % of it, four to six times faster than level 5 for a quarter more bytes, which a local network carries in less
 * time than the slower level takes.
 */
export function compression(): Middleware<BrapiState, BrapiContextExtras> {
  return compress({
    threshold: COMPRESS_THRESHOLD_BYTES,
    br: BROTLI,
    gzip: GZIP,
    deflate: false,
    // Node 22's zstd would win over brotli where a client offers it; keep to the two every client knows.
    zstd: false,
    // Neither named in Accept-Encoding nor '*': no encoding.
    defaultEncoding: 'identity',
  }) as Middleware<BrapiState, BrapiContextExtras>;
}

/**
 * The encoding koa-compress would choose for this request (same candidates, same server preference, the same
 * answers to a missing Accept-Encoding and to '*'), or null for none.
 */
function negotiatedEncoding(ctx: Parameters<Middleware>[0]): 'br' | 'gzip' | null {
  const accept = ctx.get('Accept-Encoding');
  if (!accept) return null;
  const headers = { 'accept-encoding': accept === '*' ? 'gzip' : accept };
  const chosen = new Negotiator({ headers }).encoding(['br', 'gzip', 'identity'], { preferred: ['br', 'gzip', 'identity'] });
  return chosen === 'br' || chosen === 'gzip' ? chosen : null;
}

/**
 * Brotli of more than this runs in the thread pool: it takes about 12 ms a megabyte, which would hold up every other
 * request for as long (a streamed answer's chunks, of the same size, are compressed there too).
 */
const BROTLI_SYNC_BYTES = 64 * 1024;

/**
 * gzip of more than this runs in the thread pool (one call): at level 1 it takes about 4 ms a megabyte, which would
 * hold up every other request for as long.
 */
const GZIP_SYNC_BYTES = 1024 * 1024;

/**
 * A JSON answer held whole (up to WHOLE_BYTES), compressed in one call so that it keeps its length. koa-compress
 * would pipe it through a new zlib stream, answered in chunks without a length, which for a 3 KB pedigree slice cost
 * half a millisecond of the round trip (a fifth of the whole GET); one synchronous call takes about 30 microseconds.
 * gzip at level 1 takes about 4 ms a megabyte, no more than writing the JSON did. koa-compress leaves an answer that
 * already has an encoding alone, and compresses the streamed ones.
 */
async function compressWhole(ctx: Parameters<Middleware>[0], body: string): Promise<void> {
  const bytes = Buffer.byteLength(body);
  if (ctx.method === 'HEAD' || bytes < COMPRESS_THRESHOLD_BYTES) return;
  const encoding = negotiatedEncoding(ctx);
  if (!encoding) return;
  if (encoding === 'gzip') ctx.body = bytes <= GZIP_SYNC_BYTES ? zlib.gzipSync(body, GZIP) : await gzip(body, GZIP);
  else if (bytes <= BROTLI_SYNC_BYTES) ctx.body = zlib.brotliCompressSync(body, BROTLI);
  else ctx.body = await brotli(body, BROTLI);
  ctx.set('Content-Encoding', encoding);
}

/**
 * Turns an object body (the envelope, openapi.json) into its JSON text written piece by piece (body.ts), instead of
 * Koa's one JSON.stringify of the whole (which koa-compress and the length check would each repeat).
 */
export function jsonBody(): Middleware<BrapiState, BrapiContextExtras> {
  return async function jsonBody(ctx, next) {
    await next();
    const body: unknown = ctx.body;
    if (body === null || typeof body !== 'object' || Buffer.isBuffer(body) || body instanceof Stream) return;
    const type = ctx.response.get('Content-Type');
    const json = chunkedBody(jsonPieces(body));
    ctx.body = json;
    ctx.type = type || 'application/json; charset=utf-8';
    if (typeof json === 'string') await compressWhole(ctx, json);
  };
}
