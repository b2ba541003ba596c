import { deriveExternalReferences, externalReferenceFilters } from '../../../entities/external-references.js';
import type { EntityDef } from '../../../entities/types.js';
import { inProgram } from '../../core/programs/programs.entity.js';
import { relatedFilters } from '../../../entities/declare.js';
import { crossParentRefs } from '../plannedcrosses/plannedcrosses.entity.js';

export const crossingProjectEntity: EntityDef = {
  path: 'crossingprojects',
  label: 'CrossingProject',
  idField: 'crossingProjectDbId',
  module: 'Germplasm',
  schema: 'CrossingProject',
  jsonFields: ['additionalInfo', 'externalReferences', 'potentialParents'],
  refs: [
    inProgram,
    // The crossing block: each potential parent is stored as sent and linked to its germplasm (and unit).
    ...crossParentRefs('potentialParents', 'POTENTIAL_PARENT', 'POTENTIAL_PARENT_UNIT', true),
  ],
  filters: {
    crossingProjectDbId: { kind: 'eq', prop: 'crossingProjectDbId' },
    crossingProjectName: { kind: 'eq', prop: 'crossingProjectName' },
    commonCropName: { kind: 'eq', prop: 'commonCropName' },
    ...relatedFilters('-[:IN_PROGRAM]->', 'Program', ['programDbId']),
    ...externalReferenceFilters,
  },
  views: { includePotentialParents: { default: true, fields: ['potentialParents'] } },
  operations: ['list', 'get', 'create', 'update'],
  indexes: ['crossingProjectName', 'commonCropName'],
  derive: deriveExternalReferences,
};
