import type { EntityDef } from '../../../entities/types.js';

// Placeholder (issue 5): declared so the registry and the graph model know the label; no calls yet.
export const scaleEntity: EntityDef = {
  path: 'scales',
  label: 'Scale',
  idField: 'scaleDbId',
  module: 'Phenotyping',
  schema: 'Scale',
  jsonFields: [],
  refs: [],
  filters: {},
  operations: [],
  indexes: [],
};
