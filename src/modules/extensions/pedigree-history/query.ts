// The one read of the pedigree-history extension.
import { cypher } from '../../../graph/cypher-files.js';
import type { Graph } from '../../../graph/port.js';
import { pageBounds } from '../../../entities/paging.js';

/** One recorded change of a PARENT relationship, as the extension answers it. */
export interface PedigreeChangeEntry {
  changeId: string;
  sequence: number;
  timestamp: string;
  userId: string | null;
  source: string | null;
  action: 'ADDED' | 'REMOVED' | 'MERGED';
  germplasmDbId: string;
  germplasmName: string | null;
  parentDbId: string;
  parentGermplasmName: string | null;
  parentType: string | null;
}

/** A page of the germplasm's history and its count, or null when no germplasm has that DbId. */
export async function readPedigreeHistory(graph: Graph, germplasmDbId: string, page: number, pageSize: number) {
  const [row] = await graph.read<{ total: number; page: PedigreeChangeEntry[] }>(cypher('extensions/pedigree-history'), {
    germplasmDbId,
    ...pageBounds(page, pageSize),
  });
  return row ?? null;
}
