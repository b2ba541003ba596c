// The cycles of the PARENT graph of a quality scope: its strongly connected components with more than one node, and
// the germplasm that are their own parent (Tarjan's algorithm, shared with the upload's check). The upload refuses
// cycles; data written around it (Cypher in Neo4j Browser, an old store) can still hold one, and every ancestry
// question (kinship, generations) breaks on it.
import { cycles } from '../../germplasm/pedigree/stronglyConnected.js';

/** Each germplasm on a cycle, with the members of its cycle (its strongly connected component, one array shared by all). */
export function cycleMembers(edges: Map<string, string[]>): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const component of cycles(edges)) for (const m of component) found.set(m, component);
  return found;
}
