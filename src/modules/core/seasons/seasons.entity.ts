import type { EntityDef } from '../../../entities/types.js';

// Placeholder declaration: filled in by the module's own work.
export const seasonEntity: EntityDef = {
  path: 'seasons',
  label: 'Season',
  idField: 'seasonDbId',
  module: 'Core',
  schema: 'Season',
  jsonFields: [],
  refs: [],
  filters: {},
  operations: [],
  indexes: [],
};
