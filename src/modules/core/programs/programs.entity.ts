import { deriveExternalReferences, externalReferenceFilters } from '../../../entities/external-references.js';
import type { EntityDef } from '../../../entities/types.js';

export const programEntity: EntityDef = {
  path: 'programs',
  label: 'Program',
  idField: 'programDbId',
  module: 'Core',
  schema: 'Program',
  jsonFields: ['additionalInfo', 'externalReferences'],
  refs: [
    {
      field: 'leadPersonDbId',
      rel: 'LED_BY',
      target: { label: 'Person', idProp: 'personDbId' },
      nameField: 'leadPersonName',
      nameExpr: "trim(coalesce(t.firstName, '') + ' ' + coalesce(t.lastName, ''))",
    },
  ],
  filters: {
    programDbId: { kind: 'eq', prop: 'programDbId' },
    programName: { kind: 'eq', prop: 'programName' },
    abbreviation: { kind: 'eq', prop: 'abbreviation' },
    programType: { kind: 'eq', prop: 'programType' },
    commonCropName: { kind: 'eq', prop: 'commonCropName' },
    ...externalReferenceFilters,
  },
  operations: ['list', 'get', 'create', 'update'],
  indexes: ['programName', 'commonCropName'],
  derive: deriveExternalReferences,
};
