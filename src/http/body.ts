// Writing answers without a second copy of a big body: the JSON of a response object (and delimited text) is
// produced piece by piece, a batch of records at a time, and an answer over WHOLE_BYTES is streamed in chunks of
// about 64 KiB, so a 10 MB answer exists as its objects and one chunk at a time, never also as a whole string (or a
// whole string and its gzip). A smaller answer stays a string, so it keeps its Content-Length and answers under the
// compression threshold are not compressed (koa-compress compares that length with it).
import { Readable } from 'node:stream';

export const CHUNK_BYTES = 64 * 1024;

/**
 * Answers up to this size (in characters) are produced as one string, compressed in one call and sent with their
 * length: through the stream and its compressor, pedigree slices of 0.1 to 1 MB took 0.6 to 2 ms more a GET (2 to
 * 6 %), and the full tree of Williams 82 (2.1 MB) 0.81 of the service's CPU time whole (56 against 69 ms a GET,
 * paired, bench/results/read-targets.md). Holding such an answer whole costs its text and its compressed copy for the
 * time of the request, next to the presented records it is written from, which take more; a bigger answer is
 * streamed, so its text never exists whole.
 */
export const WHOLE_BYTES = 4 * 1024 * 1024;

// Containers down to this depth are written member by member (envelope, result, result.data / a matrix); deeper
// values are whole records or rows, written by one JSON.stringify each.
const SPLIT_DEPTH = 3;

type Json = unknown;

const isPlainObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v) && typeof (v as { toJSON?: unknown }).toJSON !== 'function';

/**
 * Rows of numbers held as columns (typed arrays of one length), written as JSON.stringify writes the array of rows
 * ([[r, c, v], ...]) without an array and a JSON.stringify per row: A-inverse's triplets (66,545 for SoyBase, 352,377
 * for the 100k benchmark pedigree). JSON.stringify of the object itself gives the same text (toJSON).
 */
export class NumberRows {
  constructor(readonly columns: ReadonlyArray<ArrayLike<number>>) {}

  get length(): number {
    return this.columns.length ? this.columns[0].length : 0;
  }

  toJSON(): number[][] {
    return Array.from({ length: this.length }, (_, i) => this.columns.map((c) => c[i]));
  }

  /** The JSON text in pieces of ROWS_PER_PIECE rows. */
  *pieces(): Generator<string> {
    const n = this.length;
    yield '[';
    for (let start = 0; start < n; start += ROWS_PER_PIECE) {
      let text = start ? ',' : '';
      const end = Math.min(n, start + ROWS_PER_PIECE);
      for (let i = start; i < end; i++) {
        text += i > start ? ',[' : '[';
        for (let c = 0; c < this.columns.length; c++) text += (c ? ',' : '') + jsonNumber(this.columns[c][i]);
        text += ']';
      }
      yield text;
    }
    yield ']';
  }
}

const ROWS_PER_PIECE = 1000;

/** A number as JSON.stringify writes it (NaN and the infinities as null). */
function jsonNumber(x: number): string {
  return Number.isFinite(x) ? String(x) : 'null';
}

/**
 * The pieces of JSON.stringify(value), in order: their concatenation is exactly JSON.stringify(value) (same member
 * order, undefined members left out, undefined array items as null).
 */
export function* jsonPieces(value: Json, depth = 0): Generator<string> {
  if (value instanceof NumberRows) {
    yield* value.pieces();
    return;
  }
  if (depth >= SPLIT_DEPTH || !(Array.isArray(value) || isPlainObject(value))) {
    yield JSON.stringify(value) ?? 'null';
    return;
  }
  if (Array.isArray(value) && depth === SPLIT_DEPTH - 1) {
    yield* itemsInBatches(value);
    return;
  }
  if (Array.isArray(value)) {
    yield '[';
    for (let i = 0; i < value.length; i++) {
      if (i) yield ',';
      const item = value[i];
      if (item === undefined || typeof item === 'function' || typeof item === 'symbol') yield 'null';
      else yield* jsonPieces(item, depth + 1);
    }
    yield ']';
    return;
  }
  yield '{';
  let first = true;
  for (const key of Object.keys(value)) {
    const member = value[key];
    if (member === undefined || typeof member === 'function' || typeof member === 'symbol') continue;
    yield `${first ? '' : ','}${JSON.stringify(key)}:`;
    first = false;
    yield* jsonPieces(member, depth + 1);
  }
  yield '}';
}

/** About how long a piece of records written by one JSON.stringify is (see itemsInBatches). */
const PIECE_BYTES = 16 * 1024;

/**
 * The items of an array of records (result.data, a matrix's rows), written as JSON.stringify writes the array, by
 * one JSON.stringify per batch of items rather than one per item: a call per record cost the full tree of Williams
 * 82 (2,928 records, 2.1 MB) about 2.5 times as long as one call for the whole. The batch grows or shrinks so that
 * each piece is about PIECE_BYTES (the first is a single item), which keeps a piece far below a chunk whatever the
 * records' size.
 */
function* itemsInBatches(items: unknown[]): Generator<string> {
  if (items.length === 0) {
    yield '[]';
    return;
  }
  let batch = 1;
  for (let at = 0; at < items.length; ) {
    // An array's JSON.stringify writes undefined, function and symbol items as null, as jsonPieces does.
    const text = JSON.stringify(items.slice(at, at + batch));
    yield (at === 0 ? '[' : ',') + text.slice(1, -1);
    at += batch;
    batch = Math.max(1, Math.floor((batch * PIECE_BYTES) / text.length));
  }
  yield ']';
}

/** Pieces gathered into chunks of about CHUNK_BYTES (string length, close enough for mostly ASCII JSON). */
function* chunks(pieces: Iterator<string>, first: string[]): Generator<string> {
  let buffer = first.join('');
  for (let next = pieces.next(); !next.done; next = pieces.next()) {
    buffer += next.value;
    if (buffer.length >= CHUNK_BYTES) {
      yield buffer;
      buffer = '';
    }
  }
  if (buffer) yield buffer;
}

/**
 * The body for a sequence of pieces: the whole string when it comes to at most WHOLE_BYTES, else a stream whose
 * first chunk is what was read so far and that writes the rest lazily, in chunks, as the socket (or the compressor)
 * takes it. The first WHOLE_BYTES are produced here, so an error in them still reaches the error handler as a 500.
 */
export function chunkedBody(pieces: Iterable<string>): string | Readable {
  const it = pieces[Symbol.iterator]();
  const head: string[] = [];
  let size = 0;
  for (let next = it.next(); !next.done; next = it.next()) {
    head.push(next.value);
    size += next.value.length;
    if (size > WHOLE_BYTES) return Readable.from(chunks(it, head), { objectMode: false });
  }
  return head.join('');
}
