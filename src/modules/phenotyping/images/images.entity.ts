import type { EntityDef } from '../../../entities/types.js';

// Placeholder (issue 5): declared so the registry and the graph model know the label; no calls yet.
export const imageEntity: EntityDef = {
  path: 'images',
  label: 'Image',
  idField: 'imageDbId',
  module: 'Phenotyping',
  schema: 'Image',
  jsonFields: [],
  refs: [],
  filters: {},
  operations: [],
  indexes: [],
};
