import { deriveExternalReferences } from '../../../entities/external-references.js';
import type { EntityDef } from '../../../entities/types.js';
import { crossFilters, crossRefs } from '../plannedcrosses/plannedcrosses.entity.js';

export const crossEntity: EntityDef = {
  path: 'crosses',
  label: 'Cross',
  idField: 'crossDbId',
  module: 'Germplasm',
  schema: 'Cross',
  jsonFields: ['additionalInfo', 'externalReferences', 'parent1', 'parent2', 'crossAttributes', 'pollinationEvents'],
  refs: [
    ...crossRefs,
    {
      field: 'plannedCrossDbId',
      rel: 'PLANNED_AS',
      target: { label: 'PlannedCross', idProp: 'plannedCrossDbId' },
      nameField: 'plannedCrossName',
      nameExpr: 't.plannedCrossName',
    },
  ],
  filters: {
    crossDbId: { kind: 'eq', prop: 'crossDbId' },
    crossName: { kind: 'eq', prop: 'crossName' },
    ...crossFilters,
  },
  operations: ['list', 'create', 'bulkUpdate'],
  indexes: ['crossName'],
  derive: deriveExternalReferences,
};
