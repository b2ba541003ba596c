// Date-times stored before range filters compared instants have no `<field>Utc` beside them (entity `instants`,
// types.ts): computed here from the stored value, for every entity that declares such fields.
import { utcInstant } from '../entities/filters.js';
import type { EntityDef } from '../entities/types.js';
import type { Graph } from '../graph/port.js';
import { entities } from '../modules/registry.js';
import type { Migration } from './migration.js';

const BATCH = 5000;

const targets = (): Array<{ entity: EntityDef; field: string }> =>
  entities.flatMap((entity) => (entity.instants ?? []).map((field) => ({ entity, field })));

/** Records whose date-time has no UTC form yet, a batch at a time (a value that is no ISO date gets none). */
async function* lacking(graph: Graph, entity: EntityDef, field: string): AsyncGenerator<Array<{ id: string; utc: string }>> {
  const id = entity.idField;
  let after = '';
  for (;;) {
    // Label, property and field names come from the entity registry, never from a request.
    const rows = await graph.read<{ id: string; value: unknown }>(
      `MATCH (n:${entity.label}) WHERE n.${field} IS NOT NULL AND n.${field}Utc IS NULL AND n.${id} > $after ` +
        `RETURN n.${id} AS id, n.${field} AS value ORDER BY id LIMIT $limit`,
      { after, limit: BATCH },
    );
    if (!rows.length) return;
    after = rows[rows.length - 1].id;
    yield rows.flatMap((row) => {
      const utc = utcInstant(row.value);
      return utc ? [{ id: row.id, utc }] : [];
    });
  }
}

export const utcInstants: Migration = {
  id: 'utc-instants',
  description: 'date-times also stored in UTC, so range filters compare instants',
  async pending(graph) {
    let n = 0;
    for (const { entity, field } of targets()) for await (const batch of lacking(graph, entity, field)) n += batch.length;
    return n;
  },
  async apply(graph) {
    let n = 0;
    for (const { entity, field } of targets()) {
      for await (const batch of lacking(graph, entity, field)) {
        await graph.write(`UNWIND $rows AS row MATCH (n:${entity.label} {${entity.idField}: row.id}) SET n.${field}Utc = row.utc`, { rows: batch });
        n += batch.length;
      }
    }
    return n;
  },
};
