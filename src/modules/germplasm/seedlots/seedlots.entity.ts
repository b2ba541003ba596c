import { deriveExternalReferences, externalReferenceFilters } from '../../../entities/external-references.js';
import type { EntityDef, FilterSpec, RefSpec } from '../../../entities/types.js';
import { inProgram } from '../../core/programs/programs.entity.js';

// contentMixture names germplasm and crosses: two references inside one JSON field, one relationship per member.
const germplasmContent: RefSpec = {
  field: 'contentMixture',
  rel: 'CONTAINS',
  target: { label: 'Germplasm', idProp: 'germplasmDbId' },
  many: true,
  key: 'germplasmDbId',
};
const crossContent: RefSpec = {
  field: 'contentMixture',
  rel: 'CONTAINS',
  target: { label: 'Cross', idProp: 'crossDbId' },
  many: true,
  key: 'crossDbId',
};

/** What a seed lot holds, as filters over a path from the filtered entity to the seed lot(s). */
export function contentFilters(toLot = ''): Record<string, FilterSpec> {
  const contains = `${toLot}-[:CONTAINS]->`;
  return {
    germplasmDbId: { kind: 'related', path: contains, label: 'Germplasm', prop: 'germplasmDbId' },
    germplasmName: { kind: 'related', path: contains, label: 'Germplasm', prop: 'germplasmName' },
    crossDbId: { kind: 'related', path: contains, label: 'Cross', prop: 'crossDbId' },
    crossName: { kind: 'related', path: contains, label: 'Cross', prop: 'crossName' },
    // A seed lot has no crop of its own: its program's.
    programDbId: { kind: 'related', path: `${toLot}-[:IN_PROGRAM]->`, label: 'Program', prop: 'programDbId' },
    commonCropName: { kind: 'related', path: `${toLot}-[:IN_PROGRAM]->`, label: 'Program', prop: 'commonCropName' },
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
    {
      field: 'locationDbId',
      rel: 'STORED_AT',
      target: { label: 'Location', idProp: 'locationDbId' },
      nameField: 'locationName',
      nameExpr: 't.locationName',
    },
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
