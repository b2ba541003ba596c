// includeObservations=true: each unit's observations, as GET /observations presents them (in DbId order; [] when it
// has none), read for the whole page of units in one statement by the observations module.
import type { Graph } from '../../../graph/port.js';

export async function loadObservations(graph: Graph, units: Array<Record<string, unknown>>) {
  // Imported when used: the observations routes reach the search registry, which lists the observation unit entity.
  const { observationsOfUnits } = await import('../observations/routes.js');
  const byUnit = await observationsOfUnits(graph, units.map((u) => u.observationUnitDbId as string));
  for (const unit of units) unit.observations = byUnit.get(unit.observationUnitDbId as string) ?? [];
}
