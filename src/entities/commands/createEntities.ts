import type { Actor } from '../../auth/actor.js';
import { BadRequestError } from '../../errors.js';
import type { Graph } from '../../graph/port.js';
import { BULK_ROWS, refreshStatistics } from '../../graph/schema.js';
import { getEntities } from '../queries.js';
import { newRecord, present } from '../presenter.js';
import { writtenRecords } from '../written.js';
import type { EntityDef } from '../types.js';
import { insertRecords } from './links.js';

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

/** Creates records in one transaction (all or none) and returns them as stored (from the write where it can: written.ts). */
export async function createEntities(graph: Graph, { entity, records, ids, readBack = true, actor }: CreateEntitiesProps) {
  const plans = records.map((record, i) => {
    if (record === null || typeof record !== 'object' || Array.isArray(record)) {
      throw new BadRequestError(`body[${i}] must be an object.`);
    }
    return newRecord(entity, record as Record<string, unknown>, `body[${i}]`, ids?.[i]);
  });
  await graph.transaction((tx) => insertRecords(tx, entity, plans, actor));
  if (plans.length >= BULK_ROWS) await refreshStatistics(graph);
  if (!readBack) return plans.map(({ id }) => ({ [entity.idField]: id }));
  const written = writtenRecords(entity, plans);
  if (written) return written.map((stored) => present(entity, stored));
  return getEntities(graph, entity, plans.map(({ id }) => id));
}
