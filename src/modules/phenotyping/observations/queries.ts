// The observation module's own reads (the generic ones are in src/entities/queries.ts).
import { projection } from '../../../entities/cypher.js';
import { matchFiltered, type CompiledFilter } from '../../../entities/filters.js';
import { present, type StoredRecord } from '../../../entities/presenter.js';
import type { Graph } from '../../../graph/port.js';
import { observationEntity as obs } from './observations.entity.js';

export type TableObservation = { unit: string; instant: string | null; timeStamp: string | null; variable: string; value: string | null; year: number | null };
export type TableUnit = { id: string; name: string | null; position: string | null; study: { id: string; name: string } | null; germplasm: { id: string; name: string } | null };

/**
 * includeObservations=true on GET /observationunits: each unit's observations as GET /observations presents them,
 * in DbId order ([] when it has none), for the whole page of units in one round trip.
 */
export async function observationsOfUnits(graph: Graph, units: Array<Record<string, unknown>>): Promise<void> {
  const rows = await graph.read<{ unit: string; records: StoredRecord[] }>(
    `UNWIND $ids AS unit MATCH (n:${obs.label})-[:OF_UNIT]->(:ObservationUnit {observationUnitDbId: unit})
     WITH unit, n ORDER BY n.${obs.idField} RETURN unit, collect(${projection(obs)}) AS records`,
    { ids: units.map((u) => u.observationUnitDbId as string) },
  );
  const byUnit = new Map(rows.map((r) => [r.unit, r.records.map((record) => present(obs, record))]));
  for (const unit of units) unit.observations = byUnit.get(unit.observationUnitDbId as string) ?? [];
}

/** Every matching observation that has a unit and a variable, in (unit, instant, DbId) order, and those units. */
export async function readTable(graph: Graph, filter: CompiledFilter) {
  const [row] = await graph.read<{ observations: TableObservation[]; units: TableUnit[]; variables: Array<{ id: string; name: string | null }> }>(
    `${matchFiltered(obs.label, filter).join(' ')}
     MATCH (n)-[:OF_UNIT]->(u:ObservationUnit), (n)-[:OF_VARIABLE]->(v:ObservationVariable)
     WITH n, u, v ORDER BY u.observationUnitDbId, n.observationTimeStampUtc, n.${obs.idField}
     WITH collect({unit: u.observationUnitDbId, instant: n.observationTimeStampUtc, timeStamp: n.observationTimeStamp,
                   variable: v.observationVariableDbId, value: n.value, year: head([(n)-[:IN_SEASON]->(s:Season) | s.year])}) AS observations,
          collect(DISTINCT u) AS units, collect(DISTINCT v) AS variables
     RETURN observations,
       [u IN units | {id: u.observationUnitDbId, name: u.observationUnitName, position: u.observationUnitPosition,
         study: head([(u)-[:IN_STUDY]->(s:Study) | {id: s.studyDbId, name: s.studyName}]),
         germplasm: head([(u)-[:OF_GERMPLASM]->(g:Germplasm) | {id: g.germplasmDbId, name: g.germplasmName}])}] AS units,
       [v IN variables | {id: v.observationVariableDbId, name: v.observationVariableName}] AS variables`,
    filter.params,
  );
  return { observations: row?.observations ?? [], units: row?.units ?? [], variables: row?.variables ?? [] };
}
