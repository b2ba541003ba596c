import type { EntityDef } from '../../../entities/types.js';

// Placeholder declaration: filled in by the module's own work.
export const attributeEntity: EntityDef = {
  path: 'attributes',
  label: 'GermplasmAttribute',
  idField: 'attributeDbId',
  module: 'Germplasm',
  schema: 'GermplasmAttribute',
  jsonFields: [],
  refs: [],
  filters: {},
  operations: [],
  indexes: [],
};
