// Germplasm stored without a crop (created through /pedigree or the importer, and SoyBase's intermediate crosses,
// before every pedigree write set one) take the crop of their relatives, by the rule new germplasm follow
// (commands/inheritCrop.ts). Those whose relatives have no crop, or disagree, keep none. `pending` runs the same
// change in a transaction it rolls back, so a dry run counts exactly what applying would set, chains included.
import { cypher } from '../graph/cypher-files.js';
import type { Graph, Runner } from '../graph/port.js';
import { inheritCrop } from '../modules/germplasm/pedigree/commands/inheritCrop.js';
import type { Migration } from './migration.js';

class Rollback extends Error {
  constructor(readonly count: number) {
    super('dry run: rolled back');
  }
}

async function setCrops(tx: Runner): Promise<number> {
  const ids = (await tx.run<{ id: string }>(cypher('germplasm/pedigree/without-crop'))).map((r) => r.id);
  return inheritCrop(tx, ids);
}

export const germplasmCrops: Migration = {
  id: 'germplasm-crops',
  description: 'germplasm without a crop take the crop, genus and species their parents (else children) agree on',
  async pending(graph: Graph) {
    try {
      await graph.transaction(async (tx) => {
        throw new Rollback(await setCrops(tx));
      });
    } catch (err) {
      if (err instanceof Rollback) return err.count;
      throw err;
    }
    return 0;
  },
  apply: (graph: Graph) => graph.transaction(setCrops),
};
