// Pedigree history entries once linked to their parent as well as to their child (CHANGES_PARENT); the parent is now
// named by its DbId only (history/record.cypher), so those links go, a batch per transaction (a large import's history
// holds millions). The entries themselves are kept as they are.
import { cypher } from '../graph/cypher-files.js';
import type { Migration } from './migration.js';

const BATCH = 10_000;

export const historyParentLinks: Migration = {
  id: 'history-parent-links',
  description: 'pedigree history entries drop their link to the parent, which they name by DbId',
  async pending(graph) {
    const [row] = await graph.read<{ n: number }>(cypher('germplasm/pedigree/history/parent-links'));
    return row.n;
  },
  async apply(graph) {
    let total = 0;
    for (;;) {
      const [{ n }] = await graph.write<{ n: number }>(cypher('germplasm/pedigree/history/delete-parent-links'), { limit: BATCH });
      total += n;
      if (n < BATCH) return total;
    }
  },
};
