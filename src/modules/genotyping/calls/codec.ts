// Genotype calls packed as bytes: one row per variant, `ploidy` bytes per call set, call sets in their column order
// (CallSet.callSetIndex). A byte holds one allele: its low 7 bits are the allele index (0 = REF, 1.. = ALT), MISSING
// ('.') or ABSENT (a call of lower ploidy than the row); the high bit says the allele is phased to the one before it
// ('|' rather than '/'). A 1,000 call set diploid row is 2,000 bytes, stored as one byte-array property.
import { BadRequestError } from '../../../errors.js';

export const MISSING = 126;
export const ABSENT = 127;
export const PHASED = 0x80;
/** Allele indexes a byte holds (0..125). */
export const MAX_ALLELE = 125;

/** A VCF GT value ("0/1", "1|0", ".", "./.", "1") as allele bytes; throws on anything else. */
export function parseGenotype(text: string, alleleCount: number): number[] {
  const out: number[] = [];
  let i = 0;
  let phased = false;
  while (i <= text.length) {
    let j = i;
    while (j < text.length && text[j] !== '/' && text[j] !== '|') j++;
    const token = text.slice(i, j);
    let value: number;
    if (token === '.') value = MISSING;
    else if (/^\d+$/.test(token) && Number(token) < alleleCount && Number(token) <= MAX_ALLELE) value = Number(token);
    else throw new BadRequestError(`genotype "${text}" is not a VCF GT value with alleles 0..${Math.min(alleleCount, MAX_ALLELE + 1) - 1}`);
    out.push(out.length && phased ? value | PHASED : value);
    if (j >= text.length) break;
    phased = text[j] === '|';
    i = j + 1;
  }
  return out;
}

export interface CallText {
  unknownString: string;
  sepPhased: string;
  sepUnphased: string;
  /** false: a homozygote is written once ("1" for 1/1), as the spec's expandHomozygotes=false asks. */
  expandHomozygotes: boolean;
}

export const DEFAULT_TEXT: CallText = { unknownString: '.', sepPhased: '|', sepUnphased: '/', expandHomozygotes: true };

/** The alleles (indexes, or null for missing) of call `column` in a row. */
export function allelesAt(row: Uint8Array, ploidy: number, column: number): Array<number | null> {
  const out: Array<number | null> = [];
  for (let k = 0; k < ploidy; k++) {
    const b = row[column * ploidy + k] & 0x7f;
    if (b === ABSENT) break;
    out.push(b === MISSING ? null : b);
  }
  return out;
}

/** Call `column` of a row as GT text ("0/1", "1|0", "."), shaped by `text`. */
export function genotypeText(row: Uint8Array, ploidy: number, column: number, text: CallText = DEFAULT_TEXT): string {
  const base = column * ploidy;
  let homozygous = true;
  let first = -1;
  let out = '';
  for (let k = 0; k < ploidy; k++) {
    const byte = row[base + k];
    const b = byte & 0x7f;
    if (b === ABSENT) break;
    if (k === 0) first = b;
    else {
      if (b !== first) homozygous = false;
      out += byte & PHASED ? text.sepPhased : text.sepUnphased;
    }
    out += b === MISSING ? text.unknownString : String(b);
  }
  if (!text.expandHomozygotes && homozygous) return first === MISSING ? text.unknownString : String(first);
  return out;
}

/**
 * genotypeText for many cells of one answer: the text of a haploid or diploid call remembered by its bytes (an allele
 * matrix page repeats a handful of distinct calls a million times, and building each string again took most of its
 * time). Other ploidies are written each time.
 */
export function cellTexts(text: CallText = DEFAULT_TEXT): (row: Uint8Array, ploidy: number, column: number) => string {
  // Diploid calls by their two bytes (0 .. 0xffff), haploid ones past those.
  const memo: Array<string | undefined> = new Array(0x10100);
  return (row, ploidy, column) => {
    if (ploidy > 2) return genotypeText(row, ploidy, column, text);
    const key = ploidy === 1 ? 0x10000 + row[column] : (row[2 * column] << 8) | row[2 * column + 1];
    let out = memo[key];
    if (out === undefined) memo[key] = out = genotypeText(row, ploidy, column, text);
    return out;
  };
}

/** Packs rows of alleles (one list per call set) at the largest ploidy among them. */
export function packRow(calls: number[][]): { bytes: Uint8Array; ploidy: number } {
  const ploidy = Math.max(1, ...calls.map((c) => c.length));
  const bytes = new Uint8Array(calls.length * ploidy).fill(ABSENT);
  calls.forEach((alleles, i) => alleles.forEach((a, k) => { bytes[i * ploidy + k] = a; }));
  return { bytes, ploidy };
}

/** A stored byte array (the driver gives signed bytes) as unsigned, without copying. */
export function unsigned(bytes: Int8Array | Uint8Array): Uint8Array {
  return bytes instanceof Uint8Array ? bytes : new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/** The form the driver sends as a Neo4j byte array. */
export function signed(bytes: Uint8Array): Int8Array {
  return new Int8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}
