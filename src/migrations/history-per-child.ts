// Pedigree history once kept a node per PARENT relationship changed; it now keeps one per child and write, with the
// child's entries as lists (history/record.cypher): a bulk load of 100k germplasm took 0.88 of the time. The old
// entry nodes are rewritten so, a few hundred changes per transaction (an import batch is one change, of up to tens of
// thousands of entries). Until then they read as they are (as lists of one).
import { cypher } from '../graph/cypher-files.js';
import type { Migration } from './migration.js';

const CHANGES_PER_BATCH = 200;

export const historyPerChild: Migration = {
  id: 'history-per-child',
  description: 'pedigree history entries are kept as one node per change and child',
  async pending(graph) {
    const [row] = await graph.read<{ n: number }>(cypher('germplasm/pedigree/history/entry-nodes'));
    return row.n;
  },
  async apply(graph) {
    let total = 0;
    for (;;) {
      const group = cypher('germplasm/pedigree/history/group-entries');
      const [{ n }] = await graph.write<{ n: number }>(group, { limit: CHANGES_PER_BATCH });
      if (!n) return total;
      total += n;
    }
  },
};
