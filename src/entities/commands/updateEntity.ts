import { BadRequestError, NotFoundError } from '../../errors.js';
import type { Graph } from '../../graph/port.js';
import { updateQuery } from '../cypher.js';
import { getEntity } from '../queries.js';
import { toStorage } from '../presenter.js';
import type { EntityDef } from '../types.js';
import { writeLinks } from './links.js';

export interface UpdateEntityProps {
  entity: EntityDef;
  id: string;
  record: unknown;
}

/**
 * Updates one record: fields present in the body replace the stored ones (null clears a field), absent fields
 * stay as they are. 404 when the DbId does not exist.
 */
export async function updateEntity(graph: Graph, { entity, id, record }: UpdateEntityProps) {
  if (record === null || typeof record !== 'object' || Array.isArray(record)) {
    throw new BadRequestError('The body must be an object.');
  }
  const plan = toStorage(entity, record as Record<string, unknown>, 'body');
  await graph.transaction(async (tx) => {
    const found = await tx.run(updateQuery(entity), { id, props: plan.props });
    if (!found.length) throw new NotFoundError(`No ${entity.label} has ${entity.idField} ${id}.`);
    await writeLinks(tx, entity, [{ id, plan }]);
  });
  return getEntity(graph, entity, id);
}
