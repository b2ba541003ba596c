import type { EntityDef } from '../../../entities/types.js';

// Placeholder (issue 5): declared so the registry and the graph model know the label; no calls yet.
export const traitEntity: EntityDef = {
  path: 'traits',
  label: 'Trait',
  idField: 'traitDbId',
  module: 'Phenotyping',
  schema: 'Trait',
  jsonFields: [],
  refs: [],
  filters: {},
  operations: [],
  indexes: [],
};
