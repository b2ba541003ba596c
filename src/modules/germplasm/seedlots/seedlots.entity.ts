import { deriveExternalReferences, externalReferenceFilters } from '../../../entities/external-references.js';
import type { EntityDef, FilterSpec, RefSpec } from '../../../entities/types.js';
import { inProgram } from '../../core/programs/programs.entity.js';
import { namedRef, relatedFilters } from '../../../entities/declare.js';

// contentMixture names germplasm and crosses: two references inside one JSON field, one relationship per member.
const germplasmContent: RefSpec = {
  field: 'contentMixture',
  rel: 'CONTAINS',
  target: { label: 'Germplasm', idProp: 'germplasmDbId' },
  many: true,
  key: 'germplasmDbId',
  shows: { germplasmName: 't.germplasmName' },
};
const crossContent: RefSpec = {
  field: 'contentMixture',
  rel: 'CONTAINS',
  target: { label: 'Cross', idProp: 'crossDbId' },
  many: true,
  key: 'crossDbId',
  shows: { crossName: 't.crossName' },
};

/** What a seed lot holds, as filters over a path from the filtered entity to the seed lot(s). */
export function contentFilters(toLot = ''): Record<string, FilterSpec> {
  const contains = `${toLot}-[:CONTAINS]->`;
  return {
    ...relatedFilters(contains, 'Germplasm', ['germplasmDbId', 'germplasmName']),
    ...relatedFilters(contains, 'Cross', ['crossDbId', 'crossName']),
    // A seed lot has no crop of its own: its program's.
    ...relatedFilters(`${toLot}-[:IN_PROGRAM]->`, 'Program', ['programDbId', 'commonCropName']),
    ...externalReferenceFilters,
  };
}

export const seedLotEntity: EntityDef = {
  path: 'seedlots',
  label: 'SeedLot',
  idField: 'seedLotDbId',
  module: 'Germplasm',
  schema: 'SeedLot',
  jsonFields: ['additionalInfo', 'externalReferences', 'contentMixture'],
  refs: [
    germplasmContent,
    crossContent,
    namedRef('locationDbId', 'STORED_AT', { label: 'Location', idProp: 'locationDbId' }, 'locationName'),
    inProgram,
  ],
  filters: {
    seedLotDbId: { kind: 'eq', prop: 'seedLotDbId' },
    ...contentFilters(),
  },
  operations: ['list', 'get', 'create', 'update'],
  indexes: [],
  derive: deriveExternalReferences,
};
