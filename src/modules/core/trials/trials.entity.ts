import { deriveExternalReferences, externalReferenceFilters } from '../../../entities/external-references.js';
import type { EntityDef } from '../../../entities/types.js';
import { least } from '../least.js';
import { inProgram } from '../programs/programs.entity.js';

export const trialEntity: EntityDef = {
  path: 'trials',
  label: 'Trial',
  idField: 'trialDbId',
  module: 'Core',
  schema: 'Trial',
  jsonFields: ['additionalInfo', 'externalReferences', 'contacts', 'datasetAuthorships', 'publications'],
  refs: [
    inProgram,
    // contacts[] stay stored whole (name, email, orcid, ... as sent); the relationships make them walkable.
    { field: 'contacts', rel: 'HAS_CONTACT', target: { label: 'Person', idProp: 'personDbId' }, many: true, key: 'contactDbId' },
  ],
  filters: {
    trialDbId: { kind: 'eq', prop: 'trialDbId' },
    trialName: { kind: 'eq', prop: 'trialName' },
    trialPUI: { kind: 'eq', prop: 'trialPUI' },
    active: { kind: 'eq', prop: 'active', type: 'boolean' },
    commonCropName: { kind: 'eq', prop: 'commonCropName' },
    programDbId: { kind: 'related', path: '-[:IN_PROGRAM]->', label: 'Program', prop: 'programDbId' },
    programName: { kind: 'related', path: '-[:IN_PROGRAM]->', label: 'Program', prop: 'programName' },
    studyName: { kind: 'related', path: '<-[:IN_TRIAL]-', label: 'Study', prop: 'studyName' },
    locationName: { kind: 'related', path: '<-[:IN_TRIAL]-(:Study)-[:AT_LOCATION]->', label: 'Location', prop: 'locationName' },
    contactDbId: { kind: 'related', path: '-[:HAS_CONTACT]->', label: 'Person', prop: 'personDbId' },
    studyDbId: { kind: 'related', path: '<-[:IN_TRIAL]-', label: 'Study', prop: 'studyDbId' },
    locationDbId: { kind: 'related', path: '<-[:IN_TRIAL]-(:Study)-[:AT_LOCATION]->', label: 'Location', prop: 'locationDbId' },
    // Overlap of [searchDateRangeStart, searchDateRangeEnd] with [startDate, endDate]; a missing date is open.
    searchDateRangeStart: { kind: 'min', prop: 'endDate', type: 'date', openWhenNull: true },
    searchDateRangeEnd: { kind: 'max', prop: 'startDate', type: 'date', openWhenNull: true },
    ...externalReferenceFilters,
  },
  sortable: {
    trialDbId: 'n.trialDbId',
    trialName: 'n.trialName',
    programDbId: 'head([(n)-[:IN_PROGRAM]->(p:Program) | p.programDbId])',
    programName: 'head([(n)-[:IN_PROGRAM]->(p:Program) | p.programName])',
    // A trial's locations are those of its studies.
    locationDbId: least('[(n)<-[:IN_TRIAL]-(:Study)-[:AT_LOCATION]->(l:Location) | l.locationDbId]'),
    startDate: 'n.startDate',
    endDate: 'n.endDate',
  },
  operations: ['list', 'get', 'create', 'update'],
  indexes: ['trialName', 'trialPUI', 'commonCropName'],
  derive: deriveExternalReferences,
};
