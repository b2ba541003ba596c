import type { EntityDef } from '../../../entities/types.js';

// Placeholder (issue 5): declared so the registry and the graph model know the label; no calls yet.
export const eventEntity: EntityDef = {
  path: 'events',
  label: 'Event',
  idField: 'eventDbId',
  module: 'Phenotyping',
  schema: 'Event',
  jsonFields: [],
  refs: [],
  filters: {},
  operations: [],
  indexes: [],
};
