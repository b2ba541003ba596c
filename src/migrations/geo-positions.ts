// GeoJSON stored before area searches existed has no spatial values beside it (<field>Point, <field>Ring; see
// geojson.ts): computed here from the stored GeoJSON, for every entity that declares `geo` fields.
import { spatialProps } from '../entities/geojson.js';
import { entities } from '../modules/registry.js';
import type { EntityDef } from '../entities/types.js';
import type { Graph } from '../graph/port.js';
import type { Migration } from './migration.js';

const BATCH = 5000;

interface Target {
  entity: EntityDef;
  field: string;
}

const targets = (): Target[] => entities.flatMap((entity) => (entity.geo ?? []).map((field) => ({ entity, field })));

/** The spatial properties each record still lacks (a stored value that is no Point or Polygon gives none). */
async function* lacking(graph: Graph, { entity, field }: Target): AsyncGenerator<Array<{ id: string; props: Record<string, unknown> }>> {
  const id = entity.idField;
  let after = '';
  for (;;) {
    const rows = await graph.read<{ id: string; value: string }>(
      `MATCH (n:${entity.label}) WHERE n.${field} IS NOT NULL AND n.${field}Point IS NULL AND n.${field}Ring IS NULL AND n.${id} > $after ` +
      `RETURN n.${id} AS id, n.${field} AS value ORDER BY id LIMIT $limit`,
      { after, limit: BATCH },
    );
    if (!rows.length) return;
    after = rows[rows.length - 1].id;
    yield rows.flatMap((row) => {
      const props = spatialProps(field, JSON.parse(row.value));
      return Object.values(props).some((v) => v !== null) ? [{ id: row.id, props }] : [];
    });
  }
}

export const geoPositions: Migration = {
  id: 'geo-positions',
  description: 'GeoJSON positions also stored as spatial values for area searches',
  async pending(graph) {
    let n = 0;
    for (const target of targets()) for await (const batch of lacking(graph, target)) n += batch.length;
    return n;
  },
  async apply(graph) {
    let n = 0;
    for (const target of targets()) {
      const { label, idField } = target.entity;
      for await (const batch of lacking(graph, target)) {
        await graph.write(`UNWIND $rows AS row MATCH (n:${label} {${idField}: row.id}) SET n += row.props`, { rows: batch });
        n += batch.length;
      }
    }
    return n;
  },
};
