// POST /variantsets/extract: a new variant set from a selection of the stored calls (the spec's
// VariantSetsExtractRequest: variant sets, studies, variants, call sets). Each source set contributes its selected
// variants (copied, in file order, on the same references) and its selected call sets (copied, of the same samples);
// the calls are copied into new packed rows (calls/codec.ts) in the new column order. When the selection spans several
// sets, a variant of one set has no call for the call sets of another: those calls are missing. The text options of
// the request (unknownString, separators, expandHomozygotes) are the new set's available format. All in one
// transaction: the new set appears whole or not at all.
import { randomUUID } from 'node:crypto';
import type { Actor } from '../../../auth/actor.js';
import { BadRequestError, NotFoundError } from '../../../errors.js';
import { insertRecords } from '../../../entities/commands/links.js';
import { importRecord } from '../../../entities/import-records.js';
import { unknownIds } from '../../../entities/queries.js';
import { cypher } from '../../../graph/cypher-files.js';
import type { Graph } from '../../../graph/port.js';
import { MISSING, signed, unsigned } from '../calls/codec.js';
import { VARIANT_ID_DIGITS } from '../calls/queries.js';
import { callSetEntity } from '../callsets/callsets.entity.js';
import { VARIANT_ID } from '../io/importVcf.js';
import { variantSetEntity } from './variantsets.entity.js';

/** The most calls (variants x call sets) one extract may copy: a larger selection is refused, to be narrowed. */
export const MAX_EXTRACT_CALLS = 10_000_000;
const BATCH = 1000;

export interface ExtractRequest {
  variantSetDbIds: string[] | null;
  studyDbIds: string[] | null;
  studyNames: string[] | null;
  variantDbIds: string[] | null;
  callSetDbIds: string[] | null;
  unknownString: string;
  sepPhased: string;
  sepUnphased: string;
  expandHomozygotes: boolean;
}

interface SourceCallSet {
  callSetDbId: string;
  callSetName: string | null;
  callSetIndex: number;
  sampleDbId: string | null;
}

type Source = {
  variantSetDbId: string;
  variantSetName: string | null;
  callSets: Array<SourceCallSet | { callSet: SourceCallSet }>;
  variants: number;
  studyDbId: string | null;
  referenceSetDbId: string | null;
};

const list = (value: unknown, name: string): string[] | null => {
  if (value === undefined || value === null) return null;
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string')) throw new BadRequestError(`${name} must be a list of strings.`);
  return value.length ? [...new Set(value as string[])] : null;
};
const text = (value: unknown, name: string, fallback: string) => {
  if (value === undefined || value === null) return fallback;
  if (typeof value !== 'string') throw new BadRequestError(`${name} must be a string.`);
  return value;
};

/** The request body as an extract (after the schema check): empty lists select everything, as absent ones. */
export function extractRequest(body: Record<string, unknown>): ExtractRequest {
  if (body.expandHomozygotes !== undefined && body.expandHomozygotes !== null && typeof body.expandHomozygotes !== 'boolean') {
    throw new BadRequestError('expandHomozygotes must be true or false.');
  }
  return {
    variantSetDbIds: list(body.variantSetDbIds, 'variantSetDbIds'),
    studyDbIds: list(body.studyDbIds, 'studyDbIds'),
    studyNames: list(body.studyNames, 'studyNames'),
    variantDbIds: list(body.variantDbIds, 'variantDbIds'),
    callSetDbIds: list(body.callSetDbIds, 'callSetDbIds'),
    unknownString: text(body.unknownString, 'unknownString', '.'),
    sepPhased: text(body.sepPhased, 'sepPhased', '|'),
    sepUnphased: text(body.sepUnphased, 'sepUnphased', '/'),
    expandHomozygotes: (body.expandHomozygotes as boolean | undefined | null) ?? true,
  };
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');

/** Makes the extract; returns the new variant set's DbId. 404 for unknown DbIds, 400 for a selection of no calls. */
export async function extractVariantSet(graph: Graph, req: ExtractRequest, actor: Actor | undefined): Promise<string> {
  for (const [label, idProp, ids] of [
    ['VariantSet', 'variantSetDbId', req.variantSetDbIds],
    ['Study', 'studyDbId', req.studyDbIds],
    ['Variant', 'variantDbId', req.variantDbIds],
    ['CallSet', 'callSetDbId', req.callSetDbIds],
  ] as const) {
    const missing = ids ? await unknownIds(graph, label, idProp, ids) : [];
    if (missing.length) throw new NotFoundError(`No ${label} has ${idProp} ${missing.slice(0, 10).map((id) => `"${id}"`).join(', ')}.`);
  }
  const id = `vs-${randomUUID().slice(0, 8)}`;
  const created = new Date().toISOString();
  return graph.transaction(async (tx) => {
    const sources = await tx.run<Source>(cypher('genotyping/extract/sources'), {
      variantSetDbIds: req.variantSetDbIds, studyDbIds: req.studyDbIds, studyNames: req.studyNames, variantDbIds: req.variantDbIds, callSetDbIds: req.callSetDbIds,
    });
    const sets = sources.map((s) => ({ ...s, callSets: s.callSets.map((c) => ('callSet' in c ? c.callSet : c)) }));
    const variantCount = sets.reduce((n, s) => n + s.variants, 0);
    const callSetCount = sets.reduce((n, s) => n + s.callSets.length, 0);
    if (!variantCount) throw new BadRequestError('The selection holds no calls: no variant set has both a selected variant and a selected call set.');
    if (variantCount * callSetCount > MAX_EXTRACT_CALLS) {
      throw new BadRequestError(`The extract would hold ${variantCount} variants x ${callSetCount} call sets, more than ${MAX_EXTRACT_CALLS} calls: narrow the selection.`);
    }
    const one = <K extends 'studyDbId' | 'referenceSetDbId'>(key: K) => {
      const values = new Set(sets.map((s) => s[key]));
      return values.size === 1 ? [...values][0] : null;
    };
    const names = sets.map((s) => s.variantSetName ?? s.variantSetDbId).join(', ');
    // The new set, in the study and on the reference set its sources share (none when they differ), and its call
    // sets: copies of the selected ones, each of the same sample, in the new column order (each source's, set after
    // set); all through their declarations, as the VCF import writes them.
    const variantSet = importRecord(variantSetEntity, {
      variantSetDbId: id,
      variantSetName: `Extract of ${names}`,
      studyDbId: one('studyDbId'),
      referenceSetDbId: one('referenceSetDbId'),
      callSetCount,
      variantCount,
      metadataFields: [{ dataType: 'string', fieldAbbreviation: 'GT', fieldName: 'Genotype' }],
      availableFormats: [{
        dataFormat: 'VCF', fileFormat: 'text/tsv', fileURL: null,
        expandHomozygotes: req.expandHomozygotes, sepPhased: req.sepPhased, sepUnphased: req.sepUnphased, unknownString: req.unknownString,
      }],
      analysis: [{
        analysisDbId: `${id}-extract`, analysisName: `Extract of ${names}`, created, updated: created, software: null, type: 'extract',
        description: `${variantCount} variants and ${callSetCount} call sets selected from ${sets.map((s) => s.variantSetDbId).join(', ')}`,
      }],
      additionalInfo: { sourceVariantSetDbIds: sets.map((s) => s.variantSetDbId).join(', ') },
      externalReferences: null,
    }, { variantIdPrefix: `${id}${VARIANT_ID}` });
    const callSets = sets.flatMap((s) => s.callSets).map((c, i) => importRecord(callSetEntity, {
      callSetDbId: `${id}-cs${pad(i + 1, 6)}`, callSetName: c.callSetName, sampleDbId: c.sampleDbId, variantSetDbIds: [id],
      created, updated: created, additionalInfo: { sourceCallSetDbId: c.callSetDbId }, externalReferences: null,
    }, { callSetIndex: i }));
    await insertRecords(tx, variantSetEntity, [variantSet], actor);
    await insertRecords(tx, callSetEntity, callSets, actor);

    let row = 0;
    let column = 0;
    for (const set of sets) {
      // This source's columns in the new rows; the other sources' columns are missing calls.
      const first = column;
      column += set.callSets.length;
      for (let skip = 0; skip < set.variants; skip += BATCH) {
        const read = await tx.run<{ variantDbId: string; calls: Int8Array; ploidy: number }>(cypher('genotyping/call-rows'), {
          variantSetDbId: set.variantSetDbId, variantDbIds: req.variantDbIds, ranges: null, skip, limit: BATCH,
        });
        const rows = read.map((r) => {
          const source = unsigned(r.calls);
          const p = r.ploidy;
          const bytes = new Uint8Array(callSetCount * p).fill(MISSING);
          set.callSets.forEach((c, k) => bytes.set(source.subarray(c.callSetIndex * p, (c.callSetIndex + 1) * p), (first + k) * p));
          row++;
          return { source: r.variantDbId, variantDbId: `${id}${VARIANT_ID}${pad(row, VARIANT_ID_DIGITS)}`, variantIndex: row - 1, calls: signed(bytes), ploidy: p };
        });
        await tx.run(cypher('genotyping/extract/variants'), { variantSetDbId: id, rows });
      }
    }
    if (row !== variantCount) throw new Error(`extract copied ${row} variants, expected ${variantCount}`);
    return id;
  });
}
