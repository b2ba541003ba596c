import type { Actor } from '../../auth/actor.js';
import { assertCanModify } from '../../auth/ownership.js';
import { NotFoundError } from '../../errors.js';
import type { Graph } from '../../graph/port.js';
import { missingTargetsQuery } from '../cypher.js';
import { matchFiltered, type CompiledFilter } from '../filters.js';
import type { EntityDef } from '../types.js';

export interface DeleteEntitiesProps {
  entity: EntityDef;
  /** Each filter selects records to delete (their union is deleted); an empty list deletes nothing. */
  filters: CompiledFilter[];
  /** DbIds the request names: each must exist (404 naming the others, nothing deleted). */
  named: string[];
  /** Nodes that live only for the record, deleted with it, as a pattern from it (a registry constant). */
  owned?: string;
  actor?: Actor;
}

/**
 * Deletes records with their relationships (and `owned` nodes) in one transaction and returns their DbIds, sorted.
 * The actor must be allowed to change every selected record (403, nothing deleted).
 */
export async function deleteEntities(graph: Graph, { entity, filters, named, owned, actor }: DeleteEntitiesProps): Promise<string[]> {
  if (!filters.length) return [];
  return graph.transaction(async (tx) => {
    if (named.length) {
      const [{ missing }] = await tx.run<{ missing: string[] }>(missingTargetsQuery({ label: entity.label, idProp: entity.idField }), { ids: named });
      if (missing.length) throw new NotFoundError(`No ${entity.label} has ${entity.idField} ${missing.map((id) => `"${id}"`).join(', ')}; nothing was deleted.`);
    }
    const ids = new Set<string>();
    for (const filter of filters) {
      const rows = await tx.run<{ id: string }>(`${matchFiltered(entity.label, filter).join(' ')} RETURN n.${entity.idField} AS id`, filter.params);
      rows.forEach((r) => ids.add(r.id));
    }
    const selected = [...ids].sort();
    await assertCanModify(tx, actor, entity.label, entity.idField, selected);
    const extra = owned ? `OPTIONAL MATCH (n)${owned} WITH n, collect(o) AS owned FOREACH (o IN owned | DETACH DELETE o) ` : '';
    await tx.run(`UNWIND $ids AS id MATCH (n:${entity.label} {${entity.idField}: id}) ${extra}DETACH DELETE n`, { ids: selected });
    return selected;
  });
}
