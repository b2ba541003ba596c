// Generic reads: a filtered page of an entity, and one record by DbId. One round trip each.
import type { Graph } from '../graph/port.js';
import { getQuery, listQuery, missingTargetsQuery, type ListOrder } from './cypher.js';
import type { CompiledFilter } from './filters.js';
import { present, type StoredRecord } from './presenter.js';
import type { EntityDef } from './types.js';
import { pageBounds } from './paging.js';

export interface Page<T> {
  total: number;
  data: T[];
}

export interface ListOptions {
  page: number;
  pageSize: number;
  order?: ListOrder;
}

/** The statement a list page sends: the filter's parameters and the page's bounds. */
export function listStatement(entity: EntityDef, filter: CompiledFilter, { page, pageSize, order }: ListOptions) {
  return { query: listQuery(entity, filter, order), params: { ...filter.params, ...pageBounds(page, pageSize) } };
}

/** One page of records as the entity's list schema, and the total count, in one round trip. */
export async function listEntities(graph: Graph, entity: EntityDef, filter: CompiledFilter, options: ListOptions) {
  const { query, params } = listStatement(entity, filter, options);
  const [row] = await graph.read<{ total: number; page: StoredRecord[] }>(query, params);
  const schema = entity.listSchema ?? entity.schema;
  return { total: row.total, data: row.page.map((r) => present(entity, r, schema)) } satisfies Page<unknown>;
}

/** Which of the given DbIds name no node of that label (for the "no such ..." status message). */
export async function unknownIds(graph: Graph, label: string, idProp: string, ids: string[]) {
  const [row] = await graph.read<{ missing: string[] }>(missingTargetsQuery({ label, idProp }), { ids });
  return row.missing;
}

/** Records by DbId in one round trip, in the given order; unknown DbIds are left out. */
export async function getEntities(graph: Graph, entity: EntityDef, ids: string[], schema = entity.schema) {
  const rows = await graph.read<{ record: StoredRecord }>(getQuery(entity), { ids });
  return rows.map((row) => present(entity, row.record, schema));
}

export async function getEntity(graph: Graph, entity: EntityDef, id: string) {
  const [record] = await getEntities(graph, entity, [id]);
  return record ?? null;
}
