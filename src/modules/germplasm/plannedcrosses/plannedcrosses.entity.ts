import type { EntityDef } from '../../../entities/types.js';

// Placeholder declaration: filled in by the module's own work.
export const plannedCrossEntity: EntityDef = {
  path: 'plannedcrosses',
  label: 'PlannedCross',
  idField: 'plannedCrossDbId',
  module: 'Germplasm',
  schema: 'PlannedCross',
  jsonFields: [],
  refs: [],
  filters: {},
  operations: [],
  indexes: [],
};
