// The one read of the duplicate-cross look-up.
import { cypher } from '../../../graph/cypher-files.js';
import type { Graph } from '../../../graph/port.js';

export interface CrossPair {
  femaleDbId: string;
  maleDbId: string;
}

export interface Existing {
  germplasmDbId: string;
  germplasmName: string | null;
}

export interface PairMatches {
  femaleFound: boolean;
  maleFound: boolean;
  sameOrientation: Existing[];
  reciprocal: Existing[];
}

/** The existing germplasm of each pair, in the pairs' order. */
export async function findCrosses(graph: Graph, pairs: CrossPair[]): Promise<PairMatches[]> {
  const rows = await graph.read<PairMatches & { i: number } & Record<string, unknown>>(cypher('extensions/duplicate-crosses'), {
    pairs: pairs.map((p) => ({ female: p.femaleDbId, male: p.maleDbId })),
  });
  const byId = (a: Existing, b: Existing) => (a.germplasmDbId < b.germplasmDbId ? -1 : 1);
  return rows.map(({ femaleFound, maleFound, sameOrientation, reciprocal }) => ({
    femaleFound,
    maleFound,
    sameOrientation: sameOrientation.sort(byId),
    reciprocal: reciprocal.sort(byId),
  }));
}
