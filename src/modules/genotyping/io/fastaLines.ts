// The pure parts of the FASTA import: what a header line names, what a sequence line holds, and the checksums BrAPI
// defines on references and reference sets.
import { createHash } from 'node:crypto';

/**
 * The letters a stored sequence may hold: the IUPAC-IUB nucleotide codes BrAPI's ReferenceBases.sequence allows
 * (`[ACGTMRWSYKVHDBN]*`), upper case. Gaps (`-`, `.`), `*`, `X` and RNA's `U` are refused.
 */
export const IUPAC = 'ACGTMRWSYKVHDBN';
const ONLY_IUPAC = new RegExp(`^[${IUPAC}]*$`);
const WHITESPACE = /\s+/g;

/** The record name of a `>` header line: its first word (what follows is a description). Null when there is none. */
export function recordName(line: string): string | null {
  const name = line.slice(1).trim().split(/\s/, 1)[0];
  return name ? name : null;
}

/**
 * A sequence line as stored: whitespace removed, upper case (soft-masked lower-case bases are the same bases).
 * Throws a message naming the first character that is no IUPAC nucleotide code and its 1-based column.
 */
export function sequenceLine(line: string): string {
  const bases = line.replace(WHITESPACE, '').toUpperCase();
  if (ONLY_IUPAC.test(bases)) return bases;
  for (let column = 0; column < line.length; column++) {
    const c = line[column];
    if (/\s/.test(c) || IUPAC.includes(c.toUpperCase())) continue;
    const shown = c.charCodeAt(0) < 32 || c.charCodeAt(0) > 126 ? `U+${c.charCodeAt(0).toString(16).toUpperCase().padStart(4, '0')}` : `"${c}"`;
    throw new Error(`column ${column + 1}: ${shown} is not an IUPAC nucleotide code (${IUPAC.split('').join(' ')})`);
  }
  return bases;
}

/**
 * BrAPI ReferenceSet.md5checksum: the MD5 of the references' MD5s (lower-case hex), sorted and concatenated
 * (order-independent). Null unless every reference has one.
 */
export function referenceSetChecksum(md5s: Array<string | null>): string | null {
  if (!md5s.length || md5s.some((m) => !m)) return null;
  return createHash('md5').update([...(md5s as string[])].sort().join('')).digest('hex');
}
