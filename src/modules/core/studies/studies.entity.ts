import { deriveExternalReferences, externalReferenceFilters } from '../../../entities/external-references.js';
import type { EntityDef } from '../../../entities/types.js';
import { least } from '../least.js';
import { namedRef, relatedFilters } from '../../../entities/declare.js';
import { contactsRef } from '../people/people.entity.js';
import { STUDY_LEVELS, declaredLevels } from '../../phenotyping/observationunits/levels.js';

const PROGRAM = '-[:IN_TRIAL]->(:Trial)-[:IN_PROGRAM]->';

export const studyEntity: EntityDef = {
  path: 'studies',
  label: 'Study',
  idField: 'studyDbId',
  module: 'Core',
  schema: 'Study',
  jsonFields: [
    'additionalInfo',
    'externalReferences',
    'contacts',
    'dataLinks',
    'environmentParameters',
    'experimentalDesign',
    'growthFacility',
    'lastUpdate',
    'observationLevels',
  ],
  refs: [
    namedRef('trialDbId', 'IN_TRIAL', { label: 'Trial', idProp: 'trialDbId' }, 'trialName'),
    namedRef('locationDbId', 'AT_LOCATION', { label: 'Location', idProp: 'locationDbId' }, 'locationName'),
    { field: 'seasons', rel: 'IN_SEASON', target: { label: 'Season', idProp: 'seasonDbId' }, many: true },
    contactsRef,
  ],
  filters: {
    studyDbId: { kind: 'eq', prop: 'studyDbId' },
    studyName: { kind: 'eq', prop: 'studyName' },
    studyType: { kind: 'eq', prop: 'studyType' },
    studyCode: { kind: 'eq', prop: 'studyCode' },
    studyPUI: { kind: 'eq', prop: 'studyPUI' },
    active: { kind: 'eq', prop: 'active', type: 'boolean' },
    commonCropName: { kind: 'eq', prop: 'commonCropName' },
    // The study's own wish list of variables (a plain list until the variables of issue 5 exist as nodes).
    observationVariableDbId: { kind: 'contains', prop: 'observationVariableDbIds' },
    ...relatedFilters('-[:IN_TRIAL]->', 'Trial', ['trialDbId', 'trialName']),
    ...relatedFilters(PROGRAM, 'Program', ['programDbId', 'programName']),
    ...relatedFilters('-[:AT_LOCATION]->', 'Location', ['locationDbId', 'locationName']),
    ...relatedFilters('-[:IN_SEASON]->', 'Season', ['seasonDbId']),
    // Germplasm in a study: those of its observation units.
    ...relatedFilters('<-[:IN_STUDY]-(:ObservationUnit)-[:OF_GERMPLASM]->', 'Germplasm', ['germplasmDbId', 'germplasmName']),
    ...externalReferenceFilters,
  },
  sortable: {
    studyDbId: 'n.studyDbId',
    studyName: 'n.studyName',
    studyType: 'n.studyType',
    trialDbId: 'head([(n)-[:IN_TRIAL]->(t:Trial) | t.trialDbId])',
    programDbId: `head([(n)${PROGRAM}(p:Program) | p.programDbId])`,
    programName: `head([(n)${PROGRAM}(p:Program) | p.programName])`,
    locationDbId: 'head([(n)-[:AT_LOCATION]->(l:Location) | l.locationDbId])',
    studyLocation: 'head([(n)-[:AT_LOCATION]->(l:Location) | l.locationName])',
    seasonDbId: least('[(n)-[:IN_SEASON]->(s:Season) | s.seasonDbId]'),
  },
  // observationLevels: the levels the study's units use once it has units with levels, until then the levels it
  // declares (always part of GET /observationlevels; observationunits/levels.ts).
  computed: { observationLevels: STUDY_LEVELS },
  operations: ['list', 'get', 'create', 'update'],
  indexes: ['studyName', 'studyType', 'studyCode', 'studyPUI', 'commonCropName'],
  derive: (record) => ({ ...deriveExternalReferences(record), ...declaredLevels(record) }),
};
