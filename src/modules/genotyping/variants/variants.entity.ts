// Variants (BrAPI-Genotyping /variants): the rows of an imported VCF. Their calls are not on the node (a list would
// carry them): they sit on the variant's CallRow (see ../graph.ts). DbIds end in the zero-padded row number, so DbId
// order is file order. A variant is placed on a reference (a contig of the import's reference set).
import { relatedFilters } from '../../../entities/declare.js';
import { deriveExternalReferences, externalReferenceFilters } from '../../../entities/external-references.js';
import type { EntityDef } from '../../../entities/types.js';
import { VS_PROGRAM, VS_TRIAL } from '../graph.js';

const SET = '-[:IN_VARIANT_SET]->';

export const variantEntity: EntityDef = {
  path: 'variants',
  label: 'Variant',
  idField: 'variantDbId',
  module: 'Genotyping',
  schema: 'Variant',
  jsonFields: ['additionalInfo', 'externalReferences'],
  refs: [
    { field: 'variantSetDbId', rel: 'IN_VARIANT_SET', target: { label: 'VariantSet', idProp: 'variantSetDbId' }, many: true },
    { field: 'referenceDbId', rel: 'ON_REFERENCE', target: { label: 'Reference', idProp: 'referenceDbId' } },
  ],
  computed: {
    referenceSetDbId: 'head([(n)-[:ON_REFERENCE]->(:Reference)-[:IN_REFERENCE_SET]->(s:ReferenceSet) | s.referenceSetDbId])',
    referenceSetName: 'head([(n)-[:ON_REFERENCE]->(:Reference)-[:IN_REFERENCE_SET]->(s:ReferenceSet) | s.referenceSetName])',
  },
  filters: {
    variantDbId: { kind: 'eq', prop: 'variantDbId' },
    ...relatedFilters(SET, 'VariantSet', ['variantSetDbId']),
    ...relatedFilters('-[:ON_REFERENCE]->', 'Reference', ['referenceDbId']),
    ...relatedFilters('-[:ON_REFERENCE]->(:Reference)-[:IN_REFERENCE_SET]->', 'ReferenceSet', ['referenceSetDbId']),
    ...relatedFilters(`${SET}(:VariantSet)<-[:IN_VARIANT_SET]-`, 'CallSet', ['callSetDbId']),
    ...relatedFilters(`${SET}(:VariantSet)-[:IN_STUDY]->`, 'Study', ['studyDbId', 'studyName', 'commonCropName']),
    ...relatedFilters(`${SET}(:VariantSet)${VS_TRIAL}`, 'Trial', ['trialDbId', 'trialName']),
    ...relatedFilters(`${SET}(:VariantSet)${VS_PROGRAM}`, 'Program', ['programDbId', 'programName']),
    // The search's start / end: variants overlapping [start, end) (BrAPI positions are 0-based, end exclusive).
    start: { kind: 'min', prop: 'end', type: 'integer' },
    end: { kind: 'max', prop: 'start', type: 'integer' },
    ...externalReferenceFilters,
  },
  internal: {
    variantIndex: 'its 0-based row in the set (file order), read by the calls and extracts',
    importId: 'the import that staged it (io/importVcf.ts); kept at commit, see commit-variants',
  },
  operations: ['list', 'get'],
  tokenPaging: true,
  indexes: ['referenceName', 'start', 'end'],
  derive: deriveExternalReferences,
};
