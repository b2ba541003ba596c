import type { EntityDef } from '../../../entities/types.js';

// Placeholder declaration: filled in by the module's own work.
export const crossingProjectEntity: EntityDef = {
  path: 'crossingprojects',
  label: 'CrossingProject',
  idField: 'crossingProjectDbId',
  module: 'Germplasm',
  schema: 'CrossingProject',
  jsonFields: [],
  refs: [],
  filters: {},
  operations: [],
  indexes: [],
};
