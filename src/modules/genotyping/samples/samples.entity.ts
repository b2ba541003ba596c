import type { EntityDef } from '../../../entities/types.js';

// Placeholder (issue 5): declared so the registry and the graph model know the label; no calls yet.
export const sampleEntity: EntityDef = {
  path: 'samples',
  label: 'Sample',
  idField: 'sampleDbId',
  module: 'Genotyping',
  schema: 'Sample',
  jsonFields: [],
  refs: [],
  filters: {},
  operations: [],
  indexes: [],
};
