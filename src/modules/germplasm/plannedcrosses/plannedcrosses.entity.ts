import { deriveExternalReferences, externalReferenceFilters } from '../../../entities/external-references.js';
import type { EntityDef, FilterSpec, RefSpec } from '../../../entities/types.js';
import { namedRef, relatedFilters } from '../../../entities/declare.js';

const GERMPLASM = { label: 'Germplasm', idProp: 'germplasmDbId' };
const UNIT = { label: 'ObservationUnit', idProp: 'observationUnitDbId' };

/**
 * A cross parent (also a crossing project's potential parent): an object stored as sent, linked to its germplasm
 * and, when it names one, to the observation unit (the plant) it came from; both names are shown from the graph.
 */
export function crossParentRefs(field: string, germplasmRel: string, unitRel: string, many = false): RefSpec[] {
  return [
    { field, rel: germplasmRel, target: GERMPLASM, key: 'germplasmDbId', shows: { germplasmName: 't.germplasmName' }, ...(many ? { many } : {}) },
    { field, rel: unitRel, target: UNIT, key: 'observationUnitDbId', shows: { observationUnitName: 't.observationUnitName' }, ...(many ? { many } : {}) },
  ];
}

/** References a planned cross shares with a cross: its crossing project and its two parents. */
export const crossRefs: RefSpec[] = [
  namedRef('crossingProjectDbId', 'IN_PROJECT', { label: 'CrossingProject', idProp: 'crossingProjectDbId' }, 'crossingProjectName'),
  ...crossParentRefs('parent1', 'FIRST_PARENT', 'FIRST_PARENT_UNIT'),
  ...crossParentRefs('parent2', 'SECOND_PARENT', 'SECOND_PARENT_UNIT'),
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
