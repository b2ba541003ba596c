// The one read of the relationship extension: the whole pedigree, or the requested germplasm and all their
// ancestors (the kinship extension's traversal), each germplasm once with its parent relationships.
import type { Graph } from '../../../graph/port.js';
import { cypher } from '../../../graph/cypher-files.js';
import type { PedigreeRecord } from '../kinship/kinship.js';

/** Items per row of extensions/pedigree-all: about 20 KB, within one Bolt chunk (see the statement). */
export const PEDIGREE_BATCH = 250;

/** A row of extensions/pedigree-all: a slice of the germplasm and a slice of the parent relationships. */
export interface FlatPedigree {
  ids: string[];
  names: Array<string | null>;
  children: string[];
  parents: string[];
  types: string[];
}

/** `ids` null: every germplasm; else those that exist and their ancestors (unknown DbIds are simply absent). */
export async function readPedigree(graph: Graph, ids: string[] | null): Promise<PedigreeRecord[]> {
  if (ids !== null) return graph.read<PedigreeRecord & Record<string, unknown>>(cypher('extensions/kinship-ancestry'), { ids });
  return pedigreeRecords(await graph.read<FlatPedigree & Record<string, unknown>>(cypher('extensions/pedigree-all'), { batch: PEDIGREE_BATCH }));
}

/** One record per germplasm, its parent relationships in the order the statement listed them. */
export function pedigreeRecords(rows: FlatPedigree[]): PedigreeRecord[] {
  const records: PedigreeRecord[] = [];
  const byId = new Map<string, PedigreeRecord>();
  for (const row of rows) {
    for (let i = 0; i < row.ids.length; i++) {
      const record: PedigreeRecord = { germplasmDbId: row.ids[i], germplasmName: row.names[i] ?? null, parents: [] };
      records.push(record);
      byId.set(record.germplasmDbId, record);
    }
  }
  // Every germplasm first: a relationship's child may come in a later row than the relationship.
  for (const row of rows) {
    for (let e = 0; e < row.children.length; e++) byId.get(row.children[e])!.parents.push({ germplasmDbId: row.parents[e], parentType: row.types[e] });
  }
  return records;
}
