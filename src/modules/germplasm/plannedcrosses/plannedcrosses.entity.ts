import { deriveExternalReferences, externalReferenceFilters } from '../../../entities/external-references.js';
import type { EntityDef, FilterSpec, RefSpec } from '../../../entities/types.js';
import { namedRef, relatedFilters } from '../../../entities/declare.js';

const GERMPLASM = { label: 'Germplasm', idProp: 'germplasmDbId' };

/** References a planned cross shares with a cross: its crossing project and its two parents (stored as sent). */
export const crossRefs: RefSpec[] = [
  namedRef('crossingProjectDbId', 'IN_PROJECT', { label: 'CrossingProject', idProp: 'crossingProjectDbId' }, 'crossingProjectName'),
  { field: 'parent1', rel: 'FIRST_PARENT', target: GERMPLASM, key: 'germplasmDbId' },
  { field: 'parent2', rel: 'SECOND_PARENT', target: GERMPLASM, key: 'germplasmDbId' },
];

const PROJECT = '-[:IN_PROJECT]->';
const PROGRAM = '-[:IN_PROJECT]->(:CrossingProject)-[:IN_PROGRAM]->';

/** Filters a planned cross shares with a cross: the project, and the program and crop through the project. */
export const crossFilters: Record<string, FilterSpec> = {
  ...relatedFilters(PROJECT, 'CrossingProject', ['crossingProjectDbId', 'crossingProjectName']),
  ...relatedFilters(PROGRAM, 'Program', ['programDbId']),
  // A cross has no crop of its own: its project's, else the crop of the project's program.
  commonCropName: {
    kind: 'expr',
    expr:
      `coalesce(head([(n)${PROJECT}(p:CrossingProject) | p.commonCropName]), ` +
      `head([(n)${PROGRAM}(p:Program) | p.commonCropName]))`,
  },
  ...externalReferenceFilters,
};

export const plannedCrossEntity: EntityDef = {
  path: 'plannedcrosses',
  label: 'PlannedCross',
  idField: 'plannedCrossDbId',
  module: 'Germplasm',
  schema: 'PlannedCross',
  jsonFields: ['additionalInfo', 'externalReferences', 'parent1', 'parent2'],
  refs: crossRefs,
  filters: {
    plannedCrossDbId: { kind: 'eq', prop: 'plannedCrossDbId' },
    plannedCrossName: { kind: 'eq', prop: 'plannedCrossName' },
    status: { kind: 'eq', prop: 'status' },
    ...crossFilters,
  },
  operations: ['list', 'create', 'bulkUpdate'],
  indexes: ['plannedCrossName', 'status'],
  derive: deriveExternalReferences,
};
