// The one read of the germplasm comparison: both germplasm and their ancestry (as the kinship extension reads it),
// and the shortest path between them.
import { cypher } from '../../../graph/cypher-files.js';
import type { Graph } from '../../../graph/port.js';
import type { PedigreeRecord } from '../kinship/kinship.js';
import type { RawPath } from './compare.js';

export interface ComparisonRead {
  /** Both germplasm (those that exist) and all their ancestors, each once, with their parent relationships. */
  pedigree: PedigreeRecord[];
  /** The shortest path between two different germplasm, or null (one germplasm, unknown, or not joined). */
  path: RawPath | null;
}

export async function readComparison(graph: Graph, first: string, second: string): Promise<ComparisonRead> {
  const [row] = await graph.read<ComparisonRead & Record<string, unknown>>(cypher('extensions/germplasm-comparison'), { a: first, b: second });
  return { pedigree: row?.pedigree ?? [], path: row?.path ?? null };
}
