import { deriveExternalReferences, externalReferenceFilters } from '../../../entities/external-references.js';
import type { EntityDef } from '../../../entities/types.js';
import { least } from '../least.js';

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
    {
      field: 'trialDbId',
      rel: 'IN_TRIAL',
      target: { label: 'Trial', idProp: 'trialDbId' },
      nameField: 'trialName',
      nameExpr: 't.trialName',
    },
    {
      field: 'locationDbId',
      rel: 'AT_LOCATION',
      target: { label: 'Location', idProp: 'locationDbId' },
      nameField: 'locationName',
      nameExpr: 't.locationName',
    },
    { field: 'seasons', rel: 'IN_SEASON', target: { label: 'Season', idProp: 'seasonDbId' }, many: true },
    { field: 'contacts', rel: 'HAS_CONTACT', target: { label: 'Person', idProp: 'personDbId' }, many: true, key: 'contactDbId' },
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
    trialDbId: { kind: 'related', path: '-[:IN_TRIAL]->', label: 'Trial', prop: 'trialDbId' },
    programDbId: { kind: 'related', path: PROGRAM, label: 'Program', prop: 'programDbId' },
    locationDbId: { kind: 'related', path: '-[:AT_LOCATION]->', label: 'Location', prop: 'locationDbId' },
    seasonDbId: { kind: 'related', path: '-[:IN_SEASON]->', label: 'Season', prop: 'seasonDbId' },
    trialName: { kind: 'related', path: '-[:IN_TRIAL]->', label: 'Trial', prop: 'trialName' },
    programName: { kind: 'related', path: PROGRAM, label: 'Program', prop: 'programName' },
    locationName: { kind: 'related', path: '-[:AT_LOCATION]->', label: 'Location', prop: 'locationName' },
    // Germplasm in a study: those of its observation units.
    germplasmDbId: { kind: 'related', path: '<-[:IN_STUDY]-(:ObservationUnit)-[:OF_GERMPLASM]->', label: 'Germplasm', prop: 'germplasmDbId' },
    germplasmName: { kind: 'related', path: '<-[:IN_STUDY]-(:ObservationUnit)-[:OF_GERMPLASM]->', label: 'Germplasm', prop: 'germplasmName' },
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
  operations: ['list', 'get', 'create', 'update'],
  indexes: ['studyName', 'studyType', 'studyCode', 'studyPUI', 'commonCropName'],
  derive: deriveExternalReferences,
};
