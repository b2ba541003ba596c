import type { EntityDef } from '../../../entities/types.js';

// Placeholder declaration: filled in by the module's own work.
export const personEntity: EntityDef = {
  path: 'people',
  label: 'Person',
  idField: 'personDbId',
  module: 'Core',
  schema: 'Person',
  jsonFields: [],
  refs: [],
  filters: {},
  operations: [],
  indexes: [],
};
