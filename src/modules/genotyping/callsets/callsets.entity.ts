// Call sets (BrAPI-Genotyping /callsets): one VCF sample column, the calls of one sample in one variant set. The
// sample links the call set to its germplasm; the study is the variant set's. `callSetIndex` is its column in the
// variant set's packed call rows.
import { relatedFilters } from '../../../entities/declare.js';
import { deriveExternalReferences, externalReferenceFilters } from '../../../entities/external-references.js';
import type { EntityDef } from '../../../entities/types.js';
import { VS_PROGRAM, VS_TRIAL } from '../graph.js';

const SET = '-[:IN_VARIANT_SET]->';
const SAMPLE = '-[:OF_SAMPLE]->';

export const callSetEntity: EntityDef = {
  path: 'callsets',
  label: 'CallSet',
  idField: 'callSetDbId',
  module: 'Genotyping',
  schema: 'CallSet',
  jsonFields: ['additionalInfo', 'externalReferences'],
  refs: [
    { field: 'sampleDbId', rel: 'OF_SAMPLE', target: { label: 'Sample', idProp: 'sampleDbId' } },
    { field: 'variantSetDbIds', rel: 'IN_VARIANT_SET', target: { label: 'VariantSet', idProp: 'variantSetDbId' }, many: true },
  ],
  computed: {
    studyDbId: `head([(n)${SET}(:VariantSet)-[:IN_STUDY]->(s:Study) | s.studyDbId])`,
  },
  filters: {
    callSetDbId: { kind: 'eq', prop: 'callSetDbId' },
    callSetName: { kind: 'eq', prop: 'callSetName' },
    ...relatedFilters(SET, 'VariantSet', ['variantSetDbId']),
    ...relatedFilters(SAMPLE, 'Sample', ['sampleDbId', 'sampleName']),
    ...relatedFilters(`${SAMPLE}(:Sample)-[:OF_GERMPLASM]->`, 'Germplasm', ['germplasmDbId', 'germplasmName']),
    ...relatedFilters(`${SET}(:VariantSet)-[:IN_STUDY]->`, 'Study', ['studyDbId', 'studyName', 'commonCropName']),
    ...relatedFilters(`${SET}(:VariantSet)${VS_TRIAL}`, 'Trial', ['trialDbId', 'trialName']),
    ...relatedFilters(`${SET}(:VariantSet)${VS_PROGRAM}`, 'Program', ['programDbId', 'programName']),
    ...externalReferenceFilters,
  },
  internal: { callSetIndex: "its column in the variant set's packed call rows (calls/codec.ts)" },
  operations: ['list', 'get'],
  indexes: ['callSetName'],
  derive: deriveExternalReferences,
};
