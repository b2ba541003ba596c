import type { EntityDef } from '../../../entities/types.js';

// Read-only in v2.1: GET /breedingmethods takes only paging, so there is nothing to filter on.
export const breedingMethodEntity: EntityDef = {
  path: 'breedingmethods',
  label: 'BreedingMethod',
  idField: 'breedingMethodDbId',
  module: 'Germplasm',
  schema: 'BreedingMethod',
  jsonFields: [],
  refs: [],
  filters: {},
  operations: ['list', 'get'],
  indexes: [],
};
