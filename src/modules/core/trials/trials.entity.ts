import { deriveExternalReferences, externalReferenceFilters } from '../../../entities/external-references.js';
import type { EntityDef } from '../../../entities/types.js';
import { least } from '../least.js';
import { contactsRef } from '../people/people.entity.js';
import { inProgram } from '../programs/programs.entity.js';
import { relatedFilters } from '../../../entities/declare.js';

export const trialEntity: EntityDef = {
  path: 'trials',
  label: 'Trial',
  idField: 'trialDbId',
  module: 'Core',
  schema: 'Trial',
  jsonFields: ['additionalInfo', 'externalReferences', 'contacts', 'datasetAuthorships', 'publications'],
  refs: [
    inProgram,
    contactsRef,
  ],
  filters: {
    trialDbId: { kind: 'eq', prop: 'trialDbId' },
    trialName: { kind: 'eq', prop: 'trialName' },
    trialPUI: { kind: 'eq', prop: 'trialPUI' },
    active: { kind: 'eq', prop: 'active', type: 'boolean' },
    commonCropName: { kind: 'eq', prop: 'commonCropName' },
    ...relatedFilters('-[:IN_PROGRAM]->', 'Program', ['programDbId', 'programName']),
    ...relatedFilters('<-[:IN_TRIAL]-', 'Study', ['studyDbId', 'studyName']),
    // A trial's locations are those of its studies.
    ...relatedFilters('<-[:IN_TRIAL]-(:Study)-[:AT_LOCATION]->', 'Location', ['locationDbId', 'locationName']),
    ...relatedFilters('-[:HAS_CONTACT]->', 'Person', { contactDbId: 'personDbId' }),
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
