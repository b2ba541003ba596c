// Samples (BrAPI-Genotyping /samples): taken from an observation unit, of a germplasm, in a study; the trial and
// program are the study's, shown through it. A sample's plate is a relationship (-[:ON_PLATE]->(:Plate)); its
// plateName is the plate's.
import { namedRef, relatedFilters } from '../../../entities/declare.js';
import { deriveExternalReferences, externalReferenceFilters } from '../../../entities/external-references.js';
import type { EntityDef } from '../../../entities/types.js';

const TRIAL = '-[:IN_STUDY]->(:Study)-[:IN_TRIAL]->';
const PROGRAM = `${TRIAL}(:Trial)-[:IN_PROGRAM]->`;

export const sampleEntity: EntityDef = {
  path: 'samples',
  label: 'Sample',
  idField: 'sampleDbId',
  module: 'Genotyping',
  schema: 'Sample',
  jsonFields: ['additionalInfo', 'externalReferences'],
  refs: [
    { field: 'observationUnitDbId', rel: 'FROM_UNIT', target: { label: 'ObservationUnit', idProp: 'observationUnitDbId' } },
    { field: 'germplasmDbId', rel: 'OF_GERMPLASM', target: { label: 'Germplasm', idProp: 'germplasmDbId' } },
    { field: 'studyDbId', rel: 'IN_STUDY', target: { label: 'Study', idProp: 'studyDbId' } },
    namedRef('plateDbId', 'ON_PLATE', { label: 'Plate', idProp: 'plateDbId' }, 'plateName'),
  ],
  computed: {
    trialDbId: `head([(n)${TRIAL}(t:Trial) | t.trialDbId])`,
    programDbId: `head([(n)${PROGRAM}(p:Program) | p.programDbId])`,
  },
  filters: {
    sampleDbId: { kind: 'eq', prop: 'sampleDbId' },
    sampleName: { kind: 'eq', prop: 'sampleName' },
    sampleGroupDbId: { kind: 'eq', prop: 'sampleGroupDbId' },
    ...relatedFilters('-[:ON_PLATE]->', 'Plate', ['plateDbId', 'plateName']),
    ...relatedFilters('-[:FROM_UNIT]->', 'ObservationUnit', ['observationUnitDbId']),
    ...relatedFilters('-[:OF_GERMPLASM]->', 'Germplasm', ['germplasmDbId', 'germplasmName']),
    ...relatedFilters('-[:IN_STUDY]->', 'Study', ['studyDbId', 'studyName']),
    ...relatedFilters(TRIAL, 'Trial', ['trialDbId', 'trialName']),
    // A sample has no crop of its own: its program's.
    ...relatedFilters(PROGRAM, 'Program', ['programDbId', 'programName', 'commonCropName']),
    ...externalReferenceFilters,
  },
  // PUT /samples/{sampleDbId} is deprecated in v2.1 (PUT /samples replaces it) but kept for v2.0 clients.
  operations: ['list', 'get', 'create', 'update', 'bulkUpdate'],
  indexes: ['sampleName', 'sampleGroupDbId'],
  derive: deriveExternalReferences,
};
