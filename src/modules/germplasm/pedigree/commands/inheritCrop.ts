// Germplasm without a crop take it from their relatives where those agree (inherit-crop.cypher): from their parents,
// generation by generation, then (a parent created for an existing child) from their children. Used by every pedigree
// write for the germplasm it creates, and by the germplasm-crops migration for a database's crop-less germplasm.
import { cypher } from '../../../../graph/cypher-files.js';
import type { Runner } from '../../../../graph/port.js';

/** Sets the crop of those of `ids` whose relatives agree on one; returns how many it set. */
export async function inheritCrop(tx: Runner, ids: string[]): Promise<number> {
  let total = 0;
  if (ids.length === 0) return total;
  for (const fromParents of [true, false]) {
    // Each round reaches one generation further; a chain of n germplasm needs at most n rounds.
    for (let round = 0; round < ids.length; round++) {
      const [{ set }] = await tx.run<{ set: number }>(cypher('germplasm/pedigree/inherit-crop'), { ids, fromParents });
      if (set === 0) break;
      total += set;
    }
  }
  return total;
}
