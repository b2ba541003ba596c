import type { EntityDef } from '../../../entities/types.js';

export const seasonEntity: EntityDef = {
  path: 'seasons',
  label: 'Season',
  idField: 'seasonDbId',
  module: 'Core',
  schema: 'Season',
  jsonFields: [],
  refs: [],
  filters: {
    seasonDbId: { kind: 'eq', prop: 'seasonDbId' },
    seasonName: { kind: 'eq', prop: 'seasonName' },
    // The spec declares both `season` and `seasonName` with the same meaning.
    season: { kind: 'eq', prop: 'seasonName' },
    year: { kind: 'eq', prop: 'year', type: 'integer' },
  },
  operations: ['list', 'get', 'create', 'update'],
  indexes: ['seasonName', 'year'],
};
