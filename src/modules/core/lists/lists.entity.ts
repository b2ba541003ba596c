import type { EntityDef } from '../../../entities/types.js';

// Placeholder declaration: filled in by the module's own work.
export const listEntity: EntityDef = {
  path: 'lists',
  label: 'List',
  idField: 'listDbId',
  module: 'Core',
  schema: 'ListDetails',
  jsonFields: [],
  refs: [],
  filters: {},
  operations: [],
  indexes: [],
};
