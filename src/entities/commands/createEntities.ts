import { randomUUID } from 'node:crypto';
import type { Actor } from '../../auth/actor.js';
import { CREATED_BY, creatorOf } from '../../auth/ownership.js';
import { BadRequestError } from '../../errors.js';
import type { Graph } from '../../graph/port.js';
import { BULK_ROWS, refreshStatistics } from '../../graph/schema.js';
import { createQuery } from '../cypher.js';
import { getEntities } from '../queries.js';
import { toStorage } from '../presenter.js';
import type { EntityDef } from '../types.js';
import { writeLinks } from './links.js';

export interface CreateEntitiesProps {
  entity: EntityDef;
  records: unknown[];
  /** DbIds to use instead of generated ones (fixtures and imports that keep their identifiers). */
  ids?: string[];
  /** Read the created records back (the HTTP answer needs them; bulk loaders do not). Default true. */
  readBack?: boolean;
  /** Who creates them (remembered as the creator); absent for internal loaders. */
  actor?: Actor;
}

/** Creates records in one transaction (all or none) and returns them as stored. */
export async function createEntities(graph: Graph, { entity, records, ids, readBack = true, actor }: CreateEntitiesProps) {
  const plans = records.map((record, i) => {
    if (record === null || typeof record !== 'object' || Array.isArray(record)) {
      throw new BadRequestError(`body[${i}] must be an object.`);
    }
    const input = entity.onCreate ? entity.onCreate(record as Record<string, unknown>) : (record as Record<string, unknown>);
    return { id: ids?.[i] ?? randomUUID(), input, plan: toStorage(entity, input, `body[${i}]`) };
  });
  const createdBy = creatorOf(actor);
  const rows = plans.map(({ id, plan }) => withoutNulls({ ...plan.props, [CREATED_BY]: createdBy, [entity.idField]: id }));
  await graph.transaction(async (tx) => {
    await tx.run(createQuery(entity), { rows });
    await writeLinks(tx, entity, plans);
    await entity.afterCreate?.(tx, plans.map((p) => p.input), plans.map((p) => p.id), actor);
  });
  if (rows.length >= BULK_ROWS) await refreshStatistics(graph);
  if (!readBack) return plans.map(({ id }) => ({ [entity.idField]: id }));
  return getEntities(graph, entity, plans.map(({ id }) => id));
}

function withoutNulls(props: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(props).filter(([, v]) => v !== null && v !== undefined));
}
