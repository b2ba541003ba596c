// Plates (BrAPI-Genotyping /plates): a physical group of samples (a 96-well plate, or tubes). A sample names its
// plate (`plateDbId`), which is a relationship (:Sample)-[:ON_PLATE]->(:Plate) (samples.entity.ts); the plate's
// program, trial and study are relationships too. Sample, unit and germplasm filters go through the plate's samples.
import { relatedFilters } from '../../../entities/declare.js';
import { deriveExternalReferences, externalReferenceFilters } from '../../../entities/external-references.js';
import type { EntityDef } from '../../../entities/types.js';

const SAMPLES = '<-[:ON_PLATE]-(:Sample)';
/** A plate's trial: the one it names, or its study's. */
const TRIAL = ['-[:IN_TRIAL]->', '-[:IN_STUDY]->(:Study)-[:IN_TRIAL]->'];
/** A plate's program: the one it names, or its trial's (named or through its study). */
const PROGRAM = ['-[:IN_PROGRAM]->', ...TRIAL.map((t) => `${t}(:Trial)-[:IN_PROGRAM]->`)];

export const plateEntity: EntityDef = {
  path: 'plates',
  label: 'Plate',
  idField: 'plateDbId',
  module: 'Genotyping',
  schema: 'Plate',
  jsonFields: ['additionalInfo', 'externalReferences'],
  refs: [
    { field: 'programDbId', rel: 'IN_PROGRAM', target: { label: 'Program', idProp: 'programDbId' } },
    { field: 'trialDbId', rel: 'IN_TRIAL', target: { label: 'Trial', idProp: 'trialDbId' } },
    { field: 'studyDbId', rel: 'IN_STUDY', target: { label: 'Study', idProp: 'studyDbId' } },
  ],
  filters: {
    plateDbId: { kind: 'eq', prop: 'plateDbId' },
    plateName: { kind: 'eq', prop: 'plateName' },
    plateBarcode: { kind: 'eq', prop: 'plateBarcode' },
    ...relatedFilters('<-[:ON_PLATE]-', 'Sample', ['sampleDbId', 'sampleName', 'sampleGroupDbId']),
    ...relatedFilters(`${SAMPLES}-[:FROM_UNIT]->`, 'ObservationUnit', ['observationUnitDbId']),
    ...relatedFilters(`${SAMPLES}-[:OF_GERMPLASM]->`, 'Germplasm', ['germplasmDbId', 'germplasmName']),
    ...relatedFilters('-[:IN_STUDY]->', 'Study', ['studyDbId', 'studyName']),
    ...relatedFilters(TRIAL, 'Trial', ['trialDbId', 'trialName']),
    ...relatedFilters(PROGRAM, 'Program', ['programDbId', 'programName', 'commonCropName']),
    ...externalReferenceFilters,
  },
  operations: ['list', 'get', 'create', 'bulkUpdate'],
  indexes: ['plateName', 'plateBarcode'],
  derive: deriveExternalReferences,
};
