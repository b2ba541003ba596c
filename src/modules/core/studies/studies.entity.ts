import type { EntityDef } from '../../../entities/types.js';

// Placeholder declaration: filled in by the module's own work.
export const studyEntity: EntityDef = {
  path: 'studies',
  label: 'Study',
  idField: 'studyDbId',
  module: 'Core',
  schema: 'Study',
  jsonFields: [],
  refs: [],
  filters: {},
  operations: [],
  indexes: [],
};
