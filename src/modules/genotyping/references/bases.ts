// A reference's bases (GET /references/{referenceDbId}/bases): a 0-based, half-open range [start, end) of the
// sequence a FASTA import stored (io/importFasta.ts), in pages of at most BASES_PAGE bases. A page reads only the
// blocks it spans: one index seek on (referenceDbId, index).
import { BadRequestError, NotFoundError } from '../../../errors.js';
import { cypher } from '../../../graph/cypher-files.js';
import type { Graph } from '../../../graph/port.js';

/** Bases per answer; `nextPageToken` leads to the rest of the range. */
export const BASES_PAGE = 100_000;

export interface BasesPage {
  offset: number;
  sequence: string;
  /** The next page's token (its number within the range), null on the last page. */
  nextPageToken: string | null;
  page: number;
  pages: number;
  /** Bases in the whole range. */
  total: number;
}

/** A query value that must be a non-negative whole number, or undefined when absent (the last of repeated values). */
export function position(raw: string | string[] | undefined, name: string): number | undefined {
  if (raw === undefined) return undefined;
  const value = Array.isArray(raw) ? raw[raw.length - 1] : raw;
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value))) {
    throw new BadRequestError(`${name} must be a non-negative integer (a 0-based position); got "${value}".`);
  }
  return Number(value);
}

/** The range a request names, checked against the reference's length: 0 <= start <= end <= length. */
export function range(start: number | undefined, end: number | undefined, length: number): { start: number; end: number } {
  const s = start ?? 0;
  const e = end ?? length;
  if (s > e) throw new BadRequestError(`start (${s}) is after end (${e}): the range is 0-based and half-open, start <= end.`);
  if (e > length) throw new BadRequestError(`end (${e}) is past the end of the reference (length ${length}).`);
  return { start: s, end: e };
}

export async function readBases(graph: Graph, referenceDbId: string, start: number | undefined, end: number | undefined, page: number): Promise<BasesPage> {
  const [ref] = await graph.read<{ length: number | null; blockSize: number | null; referenceSetDbId: string | null }>(cypher('genotyping/sequence/reference'), { referenceDbId });
  if (!ref) throw new NotFoundError(`No reference has referenceDbId "${referenceDbId}".`);
  if (ref.blockSize === null || ref.length === null) {
    const set = ref.referenceSetDbId ?? '<referenceSetDbId>';
    throw new NotFoundError(`Reference "${referenceDbId}" has no stored sequence: import its assembly's FASTA (npm run import-fasta -- <file.fasta> --reference-set ${set}).`);
  }
  const r = range(start, end, ref.length);
  const total = r.end - r.start;
  const pages = Math.max(1, Math.ceil(total / BASES_PAGE));
  if (page >= pages) throw new BadRequestError(`pageToken ${page} is past the last page (${pages - 1}) of bases ${r.start}..${r.end}.`);
  const from = r.start + page * BASES_PAGE;
  const to = Math.min(r.end, from + BASES_PAGE);
  return { offset: from, sequence: await slice(graph, referenceDbId, ref.blockSize, from, to), nextPageToken: page + 1 < pages ? String(page + 1) : null, page, pages, total };
}

/** Bases [from, to) of a stored sequence, from the blocks that hold them. */
async function slice(graph: Graph, referenceDbId: string, blockSize: number, from: number, to: number): Promise<string> {
  if (from === to) return '';
  const first = Math.floor(from / blockSize);
  const last = Math.floor((to - 1) / blockSize);
  const blocks = await graph.read<{ index: number; bases: string }>(cypher('genotyping/sequence/blocks'), { referenceDbId, first, last });
  if (blocks.length !== last - first + 1 || blocks.some((b, i) => b.index !== first + i)) {
    throw new Error(`Reference "${referenceDbId}": blocks ${first}..${last} of its sequence are not all stored.`);
  }
  return blocks.map((b) => b.bases).join('').slice(from - first * blockSize, to - first * blockSize);
}
