import { deriveExternalReferences, externalReferenceFilters } from '../../../entities/external-references.js';
import type { EntityDef } from '../../../entities/types.js';

interface Synonym {
  synonym?: string | null;
}

export const germplasmEntity: EntityDef = {
  path: 'germplasm',
  label: 'Germplasm',
  idField: 'germplasmDbId',
  module: 'Germplasm',
  schema: 'Germplasm',
  jsonFields: ['additionalInfo', 'externalReferences', 'donors', 'germplasmOrigin', 'storageTypes', 'synonyms', 'taxonIds'],
  refs: [
    {
      field: 'breedingMethodDbId',
      rel: 'BRED_BY',
      target: { label: 'BreedingMethod', idProp: 'breedingMethodDbId' },
      nameField: 'breedingMethodName',
      nameExpr: 't.breedingMethodName',
    },
  ],
  filters: {
    germplasmDbId: { kind: 'eq', prop: 'germplasmDbId' },
    germplasmName: { kind: 'eq', prop: 'germplasmName' },
    germplasmPUI: { kind: 'eq', prop: 'germplasmPUI' },
    accessionNumber: { kind: 'eq', prop: 'accessionNumber' },
    collection: { kind: 'eq', prop: 'collection' },
    commonCropName: { kind: 'eq', prop: 'commonCropName' },
    genus: { kind: 'eq', prop: 'genus' },
    species: { kind: 'eq', prop: 'species' },
    synonym: { kind: 'contains', prop: 'synonymNames' },
    binomialName: { kind: 'expr', expr: "n.genus + ' ' + n.species" },
    familyCode: { kind: 'eq', prop: 'familyCode' },
    parentDbId: { kind: 'related', path: '-[:PARENT]->', label: 'Germplasm', prop: 'germplasmDbId' },
    progenyDbId: { kind: 'related', path: '<-[:PARENT]-', label: 'Germplasm', prop: 'germplasmDbId' },
    ...externalReferenceFilters,
  },
  operations: ['list', 'get', 'create', 'update'],
  indexes: ['germplasmName', 'germplasmPUI', 'accessionNumber', 'commonCropName', 'collection', 'familyCode'],
  derive: (record) => ({
    ...deriveExternalReferences(record),
    ...(Object.hasOwn(record, 'synonyms') ? { synonymNames: synonymNames(record.synonyms as Synonym[] | null) } : {}),
  }),
};

function synonymNames(synonyms: Synonym[] | null): string[] | null {
  const names = (synonyms ?? []).map((s) => s.synonym).filter((s): s is string => typeof s === 'string');
  return names.length ? names : null;
}
