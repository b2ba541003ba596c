import type { EntityDef } from '../../../entities/types.js';

// Placeholder declaration: filled in by the module's own work.
export const locationEntity: EntityDef = {
  path: 'locations',
  label: 'Location',
  idField: 'locationDbId',
  module: 'Core',
  schema: 'Location',
  jsonFields: [],
  refs: [],
  filters: {},
  operations: [],
  indexes: [],
};
