import type { Actor } from '../../auth/actor.js';
import { assertCanModify } from '../../auth/ownership.js';
import { BadRequestError, NotFoundError } from '../../errors.js';
import type { Graph } from '../../graph/port.js';
import { bulkUpdateQuery } from '../cypher.js';
import { getEntities } from '../queries.js';
import { toStorage } from '../presenter.js';
import type { EntityDef } from '../types.js';
import { writeLinks } from './links.js';

export interface UpdateEntitiesProps {
  entity: EntityDef;
  /** DbId -> the fields to change (the body of a PUT by id, or one member of a bulk PUT map). */
  records: Record<string, unknown>;
  /** Where the records sit in the request, for error messages: `body` (one) or `body["<id>"]` (a map). */
  single?: boolean;
  /** Who changes them: the creator or an admin (403 otherwise); absent for internal callers. */
  actor?: Actor;
}

/**
 * Updates records in one transaction: fields present in a record replace the stored ones (null clears a field),
 * absent fields stay as they are. 404 naming every DbId that does not exist, 403 naming those the actor may not
 * change; then nothing is written.
 */
export async function updateEntities(graph: Graph, { entity, records, single = false, actor }: UpdateEntitiesProps) {
  const plans = Object.entries(records).map(([id, record]) => {
    const where = single ? 'body' : `body[${JSON.stringify(id)}]`;
    if (record === null || typeof record !== 'object' || Array.isArray(record)) {
      throw new BadRequestError(`${where} must be an object.`);
    }
    return { id, plan: toStorage(entity, record as Record<string, unknown>, where) };
  });
  await graph.transaction(async (tx) => {
    await assertCanModify(tx, actor, entity.label, entity.idField, plans.map((p) => p.id));
    const rows = plans.map(({ id, plan }) => ({ id, props: plan.props }));
    const found = new Set((await tx.run<{ id: string }>(bulkUpdateQuery(entity), { rows })).map((r) => r.id));
    const missing = plans.map((p) => p.id).filter((id) => !found.has(id));
    if (missing.length) throw new NotFoundError(`No ${entity.label} has ${entity.idField} ${missing.map((id) => `"${id}"`).join(', ')}.`);
    await writeLinks(tx, entity, plans, actor);
    await entity.afterUpdate?.(tx, Object.values(records) as Array<Record<string, unknown>>, plans.map((p) => p.id), actor);
  });
  return getEntities(graph, entity, plans.map((p) => p.id));
}
