// The one read of the relationship extension: the whole pedigree, or the requested germplasm and all their
// ancestors (the kinship extension's traversal), each germplasm once with its parent relationships.
import type { Graph } from '../../../graph/port.js';
import { cypher } from '../../../graph/cypher-files.js';
import type { PedigreeRecord } from '../kinship/kinship.js';

/** `ids` null: every germplasm; else those that exist and their ancestors (unknown DbIds are simply absent). */
export function readPedigree(graph: Graph, ids: string[] | null): Promise<PedigreeRecord[]> {
  if (ids === null) return graph.read<PedigreeRecord & Record<string, unknown>>(cypher('extensions/pedigree-all'));
  return graph.read<PedigreeRecord & Record<string, unknown>>(cypher('extensions/kinship-ancestry'), { ids });
}
