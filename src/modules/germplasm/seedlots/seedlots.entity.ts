import type { EntityDef } from '../../../entities/types.js';

// Placeholder declaration: filled in by the module's own work.
export const seedLotEntity: EntityDef = {
  path: 'seedlots',
  label: 'SeedLot',
  idField: 'seedLotDbId',
  module: 'Germplasm',
  schema: 'SeedLot',
  jsonFields: [],
  refs: [],
  filters: {},
  operations: [],
  indexes: [],
};
