// Germplasm without a crop take it from their relatives where those agree: from their parents, generation by
// generation, then (a parent created for an existing child) from their children; with it their genus and species
// where those agree too. A pedigree write works this out before it writes (inheritedTaxa): the relatives of a
// germplasm it creates are exactly the relationships it gives, so their crops are all it needs. The germplasm-crops
// migration applies the same rule to a database's crop-less germplasm in Cypher (inheritCrop, inherit-crop.cypher).
import { cypher } from '../../../../graph/cypher-files.js';
import type { Runner } from '../../../../graph/port.js';
import type { Edge } from '../types.js';
import type { WideCross } from './uploadPedigree.js';

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

export type Taxon = {
  commonCropName?: string | null;
  genus?: string | null;
  species?: string | null;
};

const groupBy = (edges: Edge[], key: 'child' | 'parent', value: 'child' | 'parent') => {
  const out = new Map<string, string[]>();
  for (const e of edges) {
    const list = out.get(e[key]);
    if (list) list.push(e[value]);
    else out.set(e[key], [e[value]]);
  }
  return out;
};

/**
 * The crop, genus and species that those of `ids` (germplasm a write creates, without a crop) take from their
 * relatives, by the rule of inherit-crop.cypher: in rounds, each seeing the crops the ones before set. `edges`: the
 * write's relationships, every one of those germplasm has; `taxa`: what every other germplasm they name is.
 */
export function inheritedTaxa(ids: string[], edges: Edge[], taxa: Map<string, Taxon>): Map<string, Taxon> {
  const set = new Map<string, Taxon>();
  // A crop comes only from a relative that has one: none among them (a bulk load without crops), nothing to set.
  if (ids.length === 0 || !someCrop(taxa)) return set;
  const now = new Map(taxa);
  for (const relativesOf of [groupBy(edges, 'child', 'parent'), groupBy(edges, 'parent', 'child')]) {
    for (;;) {
      const round: Array<[string, Taxon]> = [];
      for (const id of ids) {
        const own = now.get(id) ?? {};
        if (own.commonCropName != null) continue;
        const relatives = (relativesOf.get(id) ?? []).map((r) => now.get(r) ?? {}).filter((r) => r.commonCropName != null);
        const crops = new Set(relatives.map((r) => r.commonCropName));
        if (crops.size !== 1) continue;
        const kinds = new Map(relatives.filter((r) => r.genus != null).map((r) => [`${r.genus}\u0000${r.species ?? ''}`, r]));
        const kind = kinds.size === 1 ? [...kinds.values()][0] : {};
        round.push([id, { commonCropName: relatives[0].commonCropName, genus: own.genus ?? kind.genus ?? null, species: own.species ?? kind.species ?? null }]);
      }
      if (round.length === 0) break;
      for (const [id, taxon] of round) {
        now.set(id, taxon);
        set.set(id, taxon);
      }
    }
  }
  return set;
}

function someCrop(taxa: Map<string, Taxon>): boolean {
  for (const t of taxa.values()) if (t.commonCropName != null) return true;
  return false;
}

/**
 * The wide crosses among `edges`: the child's crop differs from the parent's, or, for a child without a crop, the
 * parent's crop differs from the first, in name order, of its parents' crops. `taxa`: what each germplasm is once the
 * write is done; `parentsOf`: each child's parents once the write is done (by default the edges' own, which are all
 * the parents of germplasm the write creates).
 */
export function wideCrossesOf(edges: Edge[], taxa: Map<string, Taxon>, parentsOf?: Map<string, string[]>): WideCross[] {
  const found: WideCross[] = [];
  // A wide cross needs a parent with a crop.
  if (!someCrop(taxa)) return found;
  for (const { child, parent } of edges) {
    const parentCrop = taxa.get(parent)?.commonCropName;
    if (parentCrop == null) continue;
    const given = taxa.get(child)?.commonCropName;
    // Each child's parents, grouped only when a child without a crop needs them.
    const childCrop =
      given ?? ((parentsOf ??= groupBy(edges, 'child', 'parent')).get(child) ?? []).map((p) => taxa.get(p)?.commonCropName).filter((c): c is string => c != null).sort()[0];
    if (childCrop != null && childCrop !== parentCrop) found.push({ child, parent, childCrop, parentCrop, childCropGiven: given != null });
  }
  return found;
}
