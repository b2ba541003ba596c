import type { EntityDef } from '../../../entities/types.js';

// Placeholder (issue 5): declared so the registry and the graph model know the label; no calls yet.
export const observationVariableEntity: EntityDef = {
  path: 'variables',
  label: 'ObservationVariable',
  idField: 'observationVariableDbId',
  module: 'Phenotyping',
  schema: 'ObservationVariable',
  jsonFields: [],
  refs: [],
  filters: {},
  operations: [],
  indexes: [],
};
