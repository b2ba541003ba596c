// Crosses stored before crosses were pedigree nodes get their family germplasm (modules/germplasm/crosses/family.ts),
// written as a new cross writes it, in one transaction.
import { cypher } from '../graph/cypher-files.js';
import type { Graph } from '../graph/port.js';
import { writeFamilies } from '../modules/germplasm/crosses/family.js';
import type { Migration } from './migration.js';

const lacking = async (graph: Graph) => (await graph.read<{ id: string }>(cypher('germplasm/crosses/without-family'))).map((r) => r.id);

export const crossFamilies: Migration = {
  id: 'cross-families',
  description: 'crosses with a germplasm parent get their family germplasm in the pedigree',
  pending: async (graph) => (await lacking(graph)).length,
  apply: (graph) =>
    graph.transaction(async (tx) => {
      const ids = (await tx.run<{ id: string }>(cypher('germplasm/crosses/without-family'))).map((r) => r.id);
      await writeFamilies(tx, ids, undefined);
      return ids.length;
    }),
};
