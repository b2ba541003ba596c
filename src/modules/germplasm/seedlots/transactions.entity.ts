import type { EntityDef } from '../../../entities/types.js';

// Placeholder declaration: filled in by the module's own work.
export const seedLotTransactionEntity: EntityDef = {
  path: 'seedlots/transactions',
  label: 'SeedLotTransaction',
  idField: 'transactionDbId',
  module: 'Germplasm',
  schema: 'SeedLotTransaction',
  jsonFields: [],
  refs: [],
  filters: {},
  operations: [],
  indexes: [],
};
