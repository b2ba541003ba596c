// Calls as BrAPI records, paged over the (variant set, variant, call set) order: variant sets by DbId, variants in
// file order, call sets in column order. A page reads only the call rows it covers.
import { BadRequestError } from '../../../errors.js';
import type { Graph } from '../../../graph/port.js';
import { allelesAt, DEFAULT_TEXT, genotypeText, type CallText } from './codec.js';
import { readRows, readScope, type CallFilter, type CallRowRecord, type CallSetRef, type SetScope } from './queries.js';

export interface CallRecord {
  additionalInfo: null;
  callSetDbId: string;
  callSetName: string | null;
  genotype: { values: string[] };
  genotypeMetadata: null;
  genotypeValue: string;
  genotype_likelihood: null;
  phaseSet: null;
  variantDbId: string;
  variantName: string | null;
  variantSetDbId: string;
  variantSetName: string | null;
}

/** One call as a record: genotypeValue is the GT text, genotype.values the alleles' bases. */
export function callRecord(set: SetScope, row: CallRowRecord, cs: CallSetRef, text: CallText): CallRecord {
  const bases = [row.ref, ...row.alts];
  return {
    additionalInfo: null,
    callSetDbId: cs.callSetDbId,
    callSetName: cs.callSetName,
    genotype: { values: allelesAt(row.calls, row.ploidy, cs.callSetIndex).map((a) => (a === null ? text.unknownString : bases[a] ?? text.unknownString)) },
    genotypeMetadata: null,
    genotypeValue: genotypeText(row.calls, row.ploidy, cs.callSetIndex, text),
    genotype_likelihood: null,
    phaseSet: null,
    variantDbId: row.variantDbId,
    variantName: row.variantName,
    variantSetDbId: set.variantSetDbId,
    variantSetName: set.variantSetName,
  };
}

/** Calls `skip`..`skip + limit` of those the filter selects, and how many it selects. */
export async function pageOfCalls(graph: Graph, filter: CallFilter, text: CallText, skip: number, limit: number): Promise<{ total: number; data: CallRecord[] }> {
  const scope = await readScope(graph, filter);
  const total = scope.reduce((n, s) => n + s.variantCount * s.callSets.length, 0);
  const data: CallRecord[] = [];
  let offset = 0;
  for (const set of scope) {
    const width = set.callSets.length;
    const size = set.variantCount * width;
    const from = Math.max(skip - offset, 0);
    const to = Math.min(skip + limit - offset, size);
    offset += size;
    if (!width || to <= from) continue;
    const firstRow = Math.floor(from / width);
    const rows = await readRows(graph, set, filter, firstRow, Math.ceil(to / width) - firstRow);
    for (let k = from; k < to; k++) {
      const row = rows[Math.floor(k / width) - firstRow];
      if (!row) break;
      data.push(callRecord(set, row, set.callSets[k % width], text));
    }
    if (offset >= skip + limit) break;
  }
  return { total, data };
}

const one = (v: unknown): unknown => (Array.isArray(v) ? v[v.length - 1] : v);

/** expandHomozygotes, unknownString, sepPhased, sepUnphased from a query string or search body. */
export function callText(input: Record<string, unknown>): CallText {
  const text = { ...DEFAULT_TEXT };
  const expand = one(input.expandHomozygotes);
  if (expand !== undefined && expand !== null) {
    if (expand === true || expand === 'true') text.expandHomozygotes = true;
    else if (expand === false || expand === 'false') text.expandHomozygotes = false;
    else throw new BadRequestError(`expandHomozygotes must be true or false; got ${JSON.stringify(expand)}.`);
  }
  for (const key of ['unknownString', 'sepPhased', 'sepUnphased'] as const) {
    const value = one(input[key]);
    if (value === undefined || value === null) continue;
    if (typeof value !== 'string') throw new BadRequestError(`${key} must be a string.`);
    text[key] = value;
  }
  return text;
}

/** The text options as the calls result echoes them. */
export function textEcho(text: CallText) {
  return { expandHomozygotes: text.expandHomozygotes, sepPhased: text.sepPhased, sepUnphased: text.sepUnphased, unknownString: text.unknownString };
}

/** A filter value (one, repeated or a list) as a list of strings, or null when absent or empty (no filter). */
export function idList(value: unknown, name: string): string[] | null {
  if (value === undefined || value === null || (Array.isArray(value) && value.length === 0)) return null;
  const list = Array.isArray(value) ? value : [value];
  if (!list.every((v) => typeof v === 'string')) throw new BadRequestError(`${name} must be a string or a list of strings.`);
  return list as string[];
}
