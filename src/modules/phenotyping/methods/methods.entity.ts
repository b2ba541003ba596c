import type { EntityDef } from '../../../entities/types.js';

// Placeholder (issue 5): declared so the registry and the graph model know the label; no calls yet.
export const methodEntity: EntityDef = {
  path: 'methods',
  label: 'Method',
  idField: 'methodDbId',
  module: 'Phenotyping',
  schema: 'Method',
  jsonFields: [],
  refs: [],
  filters: {},
  operations: [],
  indexes: [],
};
