// The reads of the breeding-values extension: the variable, the records of the trait, and the pedigree of the
// germplasm with records (each germplasm and all its ancestors once, read generation by generation).
import type { Graph } from '../../../graph/port.js';
import { cypher } from '../../../graph/cypher-files.js';
import type { PedigreeRecord } from '../kinship/kinship.js';
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

/** The germplasm `ids` and all their ancestors: one read per generation of parents not yet seen. (The kinship
 * extension's one-statement traversal enumerates paths: 20 s for 500 germplasm of a 25-generation pedigree.) */
export async function readPedigreeOf(graph: Graph, ids: string[]): Promise<PedigreeRecord[]> {
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
