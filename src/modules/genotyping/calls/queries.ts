// Reads of packed calls: which variant sets and call sets a request covers, and windows of call rows.
import { cypher } from '../../../graph/cypher-files.js';
import type { Graph } from '../../../graph/port.js';
import { unsigned } from './codec.js';

/** Digits of the row number in the DbIds the import gives variants (io/importVcf.ts). */
export const VARIANT_ID_DIGITS = 9;

export interface CallSetRef {
  callSetDbId: string;
  callSetName: string | null;
  callSetIndex: number;
}

export interface SetScope {
  variantSetDbId: string;
  variantSetName: string | null;
  callSets: CallSetRef[];
  /** Variants of the set that pass the variant filters. */
  variantCount: number;
  /** How the import named the set's variants (prefix + zero-padded row number), when it did. */
  variantIdPrefix: string | null;
}

export interface CallRowRecord {
  variantDbId: string;
  variantName: string | null;
  ref: string;
  alts: string[];
  calls: Uint8Array;
  ploidy: number;
}

/** What the calls and the allele matrix are filtered by (null: no filter). */
export interface CallFilter {
  variantSetDbIds: string[] | null;
  callSetDbIds: string[] | null;
  variantDbIds: string[] | null;
  /** 0-based [from, to) on a contig. */
  ranges: Array<{ contig: string; from: number | null; to: number | null }> | null;
}

export const NO_FILTER: CallFilter = { variantSetDbIds: null, callSetDbIds: null, variantDbIds: null, ranges: null };

/** The variant sets in scope, with their call sets (in column order) and their count of variants in scope. */
export async function readScope(graph: Graph, f: CallFilter): Promise<SetScope[]> {
  const sets = await graph.read<Omit<SetScope, 'callSets'> & { callSets: Array<{ callSet: CallSetRef } | CallSetRef> }>(cypher('genotyping/call-sets-of-sets'), {
    variantSetDbIds: f.variantSetDbIds, callSetDbIds: f.callSetDbIds, variantDbIds: f.variantDbIds,
  });
  const scoped: SetScope[] = [];
  for (const s of sets) {
    const callSets = s.callSets.map((c) => ('callSet' in c ? c.callSet : c));
    const variantCount = f.variantDbIds || f.ranges
      ? (await graph.read<{ total: number }>(cypher('genotyping/count-variants'), { variantSetDbId: s.variantSetDbId, variantDbIds: f.variantDbIds, ranges: f.ranges }))[0].total
      : s.variantCount ?? 0;
    scoped.push({ variantSetDbId: s.variantSetDbId, variantSetName: s.variantSetName, callSets, variantCount, variantIdPrefix: s.variantIdPrefix ?? null });
  }
  return scoped;
}

/**
 * Variants `skip`..`skip + limit` (in file order, among those in scope) of one set, with their call rows. Without
 * variant filters, a set whose variants the import named by row number is read by DbId (an index lookup per row);
 * otherwise the set's variants are filtered and sorted.
 */
export async function readRows(graph: Graph, set: Pick<SetScope, 'variantSetDbId' | 'variantIdPrefix' | 'variantCount'>, f: CallFilter, skip: number, limit: number): Promise<CallRowRecord[]> {
  limit = Math.min(limit, set.variantCount - skip);
  if (limit <= 0) return [];
  const byId = set.variantIdPrefix && !f.variantDbIds && !f.ranges;
  const rows = await graph.read<Omit<CallRowRecord, 'calls'> & { calls: Int8Array }>(
    byId ? cypher('genotyping/call-rows-by-id') : cypher('genotyping/call-rows'),
    byId
      ? { ids: Array.from({ length: limit }, (_, i) => `${set.variantIdPrefix}${String(skip + i + 1).padStart(VARIANT_ID_DIGITS, '0')}`) }
      : { variantSetDbId: set.variantSetDbId, variantDbIds: f.variantDbIds, ranges: f.ranges, skip, limit },
  );
  return rows.map((r) => ({ ...r, calls: unsigned(r.calls) }));
}

/** Call sets whose samples are of the given germplasm or are the given samples. */
export async function callSetsOf(graph: Graph, p: { germplasmDbIds: string[] | null; germplasmNames: string[] | null; germplasmPUIs: string[] | null; sampleDbIds: string[] | null }): Promise<string[]> {
  const [row] = await graph.read<{ ids: string[] }>(cypher('genotyping/call-sets-by-germplasm'), p);
  return row.ids;
}
