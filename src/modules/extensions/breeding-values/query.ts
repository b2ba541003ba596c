// The reads of the breeding-values extension: the variable, the records of the trait, and the pedigree of the
// germplasm with records (each germplasm and all its ancestors once).
import type { Graph } from '../../../graph/port.js';
import { cypher } from '../../../graph/cypher-files.js';
import type { PedigreeRecord } from '../kinship/kinship.js';
import { readPedigree } from '../relationship/query.js';
import type { RecordFilter } from './params.js';

export interface RawRecord {
  value: unknown;
  germplasmDbId: string;
  studyDbId: string;
  studyName: string | null;
  levelNames: string[] | null;
  levelCodes: string[] | null;
}

export async function readVariable(graph: Graph, variable: string): Promise<{ observationVariableDbId: string; observationVariableName: string | null } | null> {
  const [row] = await graph.read<{ observationVariableDbId: string; observationVariableName: string | null }>(cypher('extensions/breeding-values/variable'), { variable });
  return row ?? null;
}

export function readRecords(graph: Graph, variable: string, filters: Record<RecordFilter, string[] | null>): Promise<RawRecord[]> {
  return graph.read<RawRecord & Record<string, unknown>>(cypher('extensions/breeding-values/records'), { variable, ...filters });
}

/**
 * Germplasm with records, as a share of all stored, from which the whole pedigree is read in one statement (the
 * relationship extension's flat read: about 0.2 s for SoyBase's 22,500) and closed over ancestors here. Below it,
 * the ancestry is walked generation by generation: one read per generation, each cheap, but a deep pedigree takes
 * tens of reads (2.3 to 3.9 s for SoyBase's 12,879 ancestors of 8,093 germplasm with records).
 */
export const WHOLE_READ_SHARE = 0.1;

/** The germplasm `ids` and all their ancestors, each once. */
export async function readPedigreeOf(graph: Graph, ids: string[]): Promise<PedigreeRecord[]> {
  const [{ total }] = await graph.read<{ total: number }>(cypher('extensions/breeding-values/germplasm-count'));
  if (ids.length >= WHOLE_READ_SHARE * total) return ancestryOf(await readPedigree(graph, null), ids);
  return walkAncestry(graph, ids);
}

/** The records of `ids` and all their ancestors within a whole pedigree (closed under parents). */
export function ancestryOf(all: PedigreeRecord[], ids: string[]): PedigreeRecord[] {
  const byId = new Map(all.map((r) => [r.germplasmDbId, r]));
  const seen = new Set<string>();
  const out: PedigreeRecord[] = [];
  const stack = [...ids];
  while (stack.length) {
    const id = stack.pop()!;
    const record = byId.get(id);
    if (seen.has(id) || !record) continue;
    seen.add(id);
    out.push(record);
    for (const p of record.parents) if (!seen.has(p.germplasmDbId)) stack.push(p.germplasmDbId);
  }
  return out;
}

/** One read per generation of parents not yet seen. (The kinship extension's one-statement traversal enumerates
 * paths: 20 s for 500 germplasm of a 25-generation pedigree.) */
export async function walkAncestry(graph: Graph, ids: string[]): Promise<PedigreeRecord[]> {
  const seen = new Set(ids);
  const records: PedigreeRecord[] = [];
  for (let wanted = ids; wanted.length; ) {
    const rows = await graph.read<PedigreeRecord & Record<string, unknown>>(cypher('extensions/breeding-values/parents-of'), { ids: wanted });
    records.push(...rows);
    wanted = [];
    for (const r of rows) {
      for (const p of r.parents) {
        if (!seen.has(p.germplasmDbId)) (seen.add(p.germplasmDbId), wanted.push(p.germplasmDbId));
      }
    }
  }
  return records;
}
