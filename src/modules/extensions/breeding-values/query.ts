// The reads of the breeding-values extension: the variable, the records of the trait, and the pedigree of the
// germplasm with records (the kinship extension's ancestry traversal: each germplasm and all its ancestors once).
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

export function readPedigreeOf(graph: Graph, ids: string[]): Promise<PedigreeRecord[]> {
  return graph.read<PedigreeRecord & Record<string, unknown>>(cypher('extensions/kinship-ancestry'), { ids });
}
