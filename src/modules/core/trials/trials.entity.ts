import type { EntityDef } from '../../../entities/types.js';

// Placeholder declaration: filled in by the module's own work.
export const trialEntity: EntityDef = {
  path: 'trials',
  label: 'Trial',
  idField: 'trialDbId',
  module: 'Core',
  schema: 'Trial',
  jsonFields: [],
  refs: [],
  filters: {},
  operations: [],
  indexes: [],
};
