import type { EntityDef } from '../../../entities/types.js';

// Placeholder declaration: filled in by the module's own work.
export const crossEntity: EntityDef = {
  path: 'crosses',
  label: 'Cross',
  idField: 'crossDbId',
  module: 'Germplasm',
  schema: 'Cross',
  jsonFields: [],
  refs: [],
  filters: {},
  operations: [],
  indexes: [],
};
