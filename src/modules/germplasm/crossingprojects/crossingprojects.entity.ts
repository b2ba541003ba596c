import { deriveExternalReferences, externalReferenceFilters } from '../../../entities/external-references.js';
import type { EntityDef } from '../../../entities/types.js';
import { inProgram } from '../../core/programs/programs.entity.js';
import { relatedFilters } from '../../../entities/declare.js';

export const crossingProjectEntity: EntityDef = {
  path: 'crossingprojects',
  label: 'CrossingProject',
  idField: 'crossingProjectDbId',
  module: 'Germplasm',
  schema: 'CrossingProject',
  jsonFields: ['additionalInfo', 'externalReferences', 'potentialParents'],
  refs: [
    inProgram,
    // The crossing block: each potential parent is stored as sent and linked to its germplasm.
    {
      field: 'potentialParents',
      rel: 'POTENTIAL_PARENT',
      target: { label: 'Germplasm', idProp: 'germplasmDbId' },
      many: true,
      key: 'germplasmDbId',
    },
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
