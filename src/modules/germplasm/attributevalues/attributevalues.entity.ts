import type { EntityDef } from '../../../entities/types.js';

// Placeholder declaration: filled in by the module's own work.
export const attributeValueEntity: EntityDef = {
  path: 'attributevalues',
  label: 'GermplasmAttributeValue',
  idField: 'attributeValueDbId',
  module: 'Germplasm',
  schema: 'GermplasmAttributeValue',
  jsonFields: [],
  refs: [],
  filters: {},
  operations: [],
  indexes: [],
};
