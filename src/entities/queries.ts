// Generic reads: a filtered page of an entity, and one record by DbId. One round trip each.
import type { Graph } from '../graph/port.js';
import { getQuery, listQuery } from './cypher.js';
import type { CompiledFilter } from './filters.js';
import { present, type StoredRecord } from './presenter.js';
import type { EntityDef } from './types.js';

export interface Page<T> {
  total: number;
  data: T[];
}

export async function listEntities(graph: Graph, entity: EntityDef, filter: CompiledFilter, page: number, pageSize: number) {
  const skip = page * pageSize;
  const [row] = await graph.read<{ total: number; page: StoredRecord[] }>(listQuery(entity, filter.where), {
    ...filter.params,
    skip,
    end: skip + pageSize,
  });
  return { total: row.total, data: row.page.map((r) => present(entity, r)) } satisfies Page<unknown>;
}

/** Records by DbId in one round trip, in the given order; unknown DbIds are left out. */
export async function getEntities(graph: Graph, entity: EntityDef, ids: string[]) {
  const rows = await graph.read<{ record: StoredRecord }>(getQuery(entity), { ids });
  return rows.map((row) => present(entity, row.record));
}

export async function getEntity(graph: Graph, entity: EntityDef, id: string) {
  const [record] = await getEntities(graph, entity, [id]);
  return record ?? null;
}
