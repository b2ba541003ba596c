import type { EntityDef } from '../../../entities/types.js';

// Placeholder declaration: filled in by the module's own work.
export const breedingMethodEntity: EntityDef = {
  path: 'breedingmethods',
  label: 'BreedingMethod',
  idField: 'breedingMethodDbId',
  module: 'Germplasm',
  schema: 'BreedingMethod',
  jsonFields: [],
  refs: [],
  filters: {},
  operations: [],
  indexes: [],
};
