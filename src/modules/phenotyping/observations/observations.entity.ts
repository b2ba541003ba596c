import type { EntityDef } from '../../../entities/types.js';

// Placeholder (issue 5): declared so the registry and the graph model know the label; no calls yet.
export const observationEntity: EntityDef = {
  path: 'observations',
  label: 'Observation',
  idField: 'observationDbId',
  module: 'Phenotyping',
  schema: 'Observation',
  jsonFields: [],
  refs: [],
  filters: {},
  operations: [],
  indexes: [],
};
