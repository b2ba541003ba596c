// A VCF data line -> the Variant node's properties and its packed calls (../calls/codec.ts), for the columns kept.
import type { Variant as VcfVariant } from '@gmod/vcf';
import { BadRequestError } from '../../../errors.js';
import { importRecord } from '../../../entities/import-records.js';
import type { NewRecord } from '../../../entities/presenter.js';
import { ABSENT, MAX_ALLELE, MISSING, PHASED } from '../calls/codec.js';
import { variantEntity } from '../variants/variants.entity.js';

/** Alleles per call the packer accepts (hexaploid wheat needs 6; VCF allows more, rarely used). */
const MAX_PLOIDY = 8;
const SLASH = 47;
const PIPE = 124;
const DOT = 46;
const ZERO = 48;

export interface PackedRow {
  bytes: Uint8Array;
  ploidy: number;
  /** Calls with no allele known. */
  missing: number;
}

/**
 * Packs the GT of the kept columns (`columns[i]` = call set index of sample column i, or -1) into one row. Scans the
 * line's characters in place (the parser hands offsets into the line), one pass, no strings made per call.
 */
export function packCalls(variant: VcfVariant, columns: Int32Array, callSets: number, scratch: Uint8Array, lengths: Uint8Array): PackedRow {
  const alleleCount = 1 + (variant.ALT?.length ?? 0);
  lengths.fill(0, 0, callSets);
  let ploidy = 1;
  let problem: string | undefined;
  if (!variant.FORMAT || !/^GT(:|$)/.test(variant.FORMAT)) {
    throw new BadRequestError(`the FORMAT of ${variant.CHROM}:${variant.POS} has no GT first (${variant.FORMAT ?? 'none'})`);
  }
  variant.processGenotypes((str, start, end, sample) => {
    const column = columns[sample];
    if (column < 0 || problem) return;
    let n = 0;
    let value = -1;
    let phased = false;
    const base = column * MAX_PLOIDY;
    for (let p = start; p <= end; p++) {
      const c = p < end ? str.charCodeAt(p) : SLASH;
      if (c === SLASH || c === PIPE) {
        if (value < 0 || n >= MAX_PLOIDY) { problem = str.slice(start, end); return; }
        scratch[base + n] = n > 0 && phased ? value | PHASED : value;
        n++;
        phased = c === PIPE;
        value = -1;
      } else if (c === DOT && value < 0) value = MISSING;
      else if (c >= ZERO && c <= ZERO + 9 && value !== MISSING) {
        value = (value < 0 ? 0 : value * 10) + (c - ZERO);
        if (value >= alleleCount || value > MAX_ALLELE) { problem = str.slice(start, end); return; }
      } else { problem = str.slice(start, end); return; }
    }
    lengths[column] = n;
    if (n > ploidy) ploidy = n;
  }, );
  if (problem !== undefined) {
    throw new BadRequestError(`genotype "${problem}" at ${variant.CHROM}:${variant.POS} is not a VCF GT with alleles 0..${alleleCount - 1}`);
  }
  const bytes = new Uint8Array(callSets * ploidy).fill(ABSENT);
  let missing = 0;
  for (let c = 0; c < callSets; c++) {
    const n = lengths[c];
    // A column cut short (fewer fields than samples) is a missing call.
    if (n === 0) { bytes[c * ploidy] = MISSING; missing++; continue; }
    let known = false;
    for (let k = 0; k < n; k++) {
      const b = scratch[c * MAX_PLOIDY + k];
      bytes[c * ploidy + k] = b;
      if ((b & 0x7f) !== MISSING) known = true;
    }
    if (!known) missing++;
  }
  return { bytes, ploidy, missing };
}

/** Scratch buffers packCalls reuses from line to line. */
export function scratchFor(callSets: number) {
  return { scratch: new Uint8Array(callSets * MAX_PLOIDY), lengths: new Uint8Array(callSets) };
}

const text = (v: unknown): string => (Array.isArray(v) ? v.join(',') : v === true ? 'true' : String(v));

/** Where a variant belongs: its set, its reference (the contig's in the import's reference set), its import. */
export interface VariantPlace {
  variantSetDbId: string | null;
  referenceDbId: string | null;
  importId: string | null;
}

/**
 * The Variant record of a VCF line (BrAPI fields, positions 0-based with an exclusive end), taken through the
 * variant's declaration (importRecord): the plan's props are what the node stores, its links the set and reference.
 */
export function variantRecord(variant: VcfVariant, variantDbId: string, index: number, created: string, place: VariantPlace): NewRecord {
  const ref = variant.REF ?? 'N';
  const alts = variant.ALT ?? [];
  const start = variant.POS - 1;
  const info = variant.INFO;
  const infoInt = (key: string): number[] | null => {
    const v = info[key];
    return Array.isArray(v) && v.every((x) => typeof x === 'number' && Number.isInteger(x)) ? (v as number[]) : null;
  };
  const infoEnd = infoInt('END')?.[0];
  const filter = variant.FILTER;
  const failed = filter === undefined || filter === 'PASS' ? null : ([filter].flat() as string[]);
  const additionalInfo: Record<string, string> = {};
  if (variant.QUAL !== undefined) additionalInfo.QUAL = String(variant.QUAL);
  for (const [key, value] of Object.entries(info)) additionalInfo[key] = text(value);
  const type = alts.every((a) => a.length === ref.length) ? (ref.length === 1 ? 'SNV' : 'MNV') : alts.some((a) => a.startsWith('<')) ? 'SV' : 'INDEL';
  return importRecord(variantEntity, {
    variantDbId,
    variantSetDbId: place.variantSetDbId === null ? null : [place.variantSetDbId],
    referenceDbId: place.referenceDbId,
    variantNames: variant.ID ?? null,
    referenceName: variant.CHROM ?? null,
    start,
    end: infoEnd ?? start + ref.length,
    referenceBases: ref,
    alternateBases: alts.length ? alts : null,
    alternate_bases: alts.length ? alts : null,
    filtersApplied: filter !== undefined,
    filtersPassed: filter === undefined ? null : filter === 'PASS',
    filtersFailed: failed,
    variantType: type,
    svlen: infoInt('SVLEN')?.[0] ?? null,
    cipos: infoInt('CIPOS'),
    ciend: infoInt('CIEND'),
    created,
    updated: created,
    additionalInfo: Object.keys(additionalInfo).length ? additionalInfo : null,
    externalReferences: null,
  }, { variantIndex: index, importId: place.importId });
}

/** The stored properties of a VCF line's variant, placed nowhere (variantRecord's). */
export function variantProps(variant: VcfVariant, variantDbId: string, index: number, created: string): Record<string, unknown> {
  return variantRecord(variant, variantDbId, index, created, { variantSetDbId: null, referenceDbId: null, importId: null }).plan.props;
}
