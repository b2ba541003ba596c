import { deriveExternalReferences } from '../../../entities/external-references.js';
import type { EntityDef } from '../../../entities/types.js';
import { crossFilters, crossRefs } from '../plannedcrosses/plannedcrosses.entity.js';
import { namedRef } from '../../../entities/declare.js';
import { writeFamilies } from './family.js';

export const crossEntity: EntityDef = {
  path: 'crosses',
  label: 'Cross',
  idField: 'crossDbId',
  module: 'Germplasm',
  schema: 'Cross',
  jsonFields: ['additionalInfo', 'externalReferences', 'parent1', 'parent2', 'crossAttributes', 'pollinationEvents'],
  refs: [
    ...crossRefs,
    namedRef('plannedCrossDbId', 'PLANNED_AS', { label: 'PlannedCross', idProp: 'plannedCrossDbId' }, 'plannedCrossName'),
  ],
  filters: {
    crossDbId: { kind: 'eq', prop: 'crossDbId' },
    crossName: { kind: 'eq', prop: 'crossName' },
    ...crossFilters,
  },
  operations: ['list', 'create', 'bulkUpdate'],
  indexes: ['crossName'],
  derive: deriveExternalReferences,
  // Every cross is a pedigree node: its family germplasm (family.ts), written with the cross.
  afterCreate: (tx, _records, ids, actor) => writeFamilies(tx, ids, actor),
  afterUpdate: (tx, _records, ids, actor) => writeFamilies(tx, ids, actor),
};
