// The one read the kinship extension makes: the requested germplasm and their whole ancestry, with parent edges.
import type { Graph } from '../../../graph/port.js';
import { cypher } from '../../../graph/cypher-files.js';
import type { PedigreeRecord } from './kinship.js';

/** Every requested germplasm that exists and all its ancestors, each once (unknown DbIds are simply absent). */
export function readAncestry(graph: Graph, ids: string[]): Promise<PedigreeRecord[]> {
  return graph.read<PedigreeRecord & Record<string, unknown>>(cypher('extensions/kinship-ancestry'), { ids });
}
