import type { EntityDef } from '../../../entities/types.js';

// Placeholder (issue 5): declared so the registry and the graph model know the label; no calls yet.
export const observationUnitEntity: EntityDef = {
  path: 'observationunits',
  label: 'ObservationUnit',
  idField: 'observationUnitDbId',
  module: 'Phenotyping',
  schema: 'ObservationUnit',
  jsonFields: [],
  refs: [],
  filters: {},
  operations: [],
  indexes: [],
};
