// Variant sets (BrAPI-Genotyping /variantsets): one imported VCF (or an extract of stored calls, extract.ts), linked
// to the study it was genotyped for. Counts are written when it is made (a variant set never changes after); its
// reference set is the import's assembly.
import { relatedFilters } from '../../../entities/declare.js';
import { deriveExternalReferences, externalReferenceFilters } from '../../../entities/external-references.js';
import type { EntityDef } from '../../../entities/types.js';
import { VS_PROGRAM, VS_TRIAL } from '../graph.js';


export const variantSetEntity: EntityDef = {
  path: 'variantsets',
  label: 'VariantSet',
  idField: 'variantSetDbId',
  module: 'Genotyping',
  schema: 'VariantSet',
  jsonFields: ['additionalInfo', 'analysis', 'availableFormats', 'metadataFields', 'externalReferences'],
  refs: [
    { field: 'studyDbId', rel: 'IN_STUDY', target: { label: 'Study', idProp: 'studyDbId' } },
    { field: 'referenceSetDbId', rel: 'ON_REFERENCE_SET', target: { label: 'ReferenceSet', idProp: 'referenceSetDbId' } },
  ],
  filters: {
    variantSetDbId: { kind: 'eq', prop: 'variantSetDbId' },
    ...relatedFilters('<-[:IN_VARIANT_SET]-', 'Variant', ['variantDbId']),
    ...relatedFilters('<-[:IN_VARIANT_SET]-', 'CallSet', ['callSetDbId']),
    ...relatedFilters('-[:IN_STUDY]->', 'Study', ['studyDbId', 'studyName', 'commonCropName']),
    ...relatedFilters(VS_TRIAL, 'Trial', ['trialDbId', 'trialName']),
    ...relatedFilters(VS_PROGRAM, 'Program', ['programDbId', 'programName']),
    ...relatedFilters('-[:ON_REFERENCE_SET]->', 'ReferenceSet', ['referenceSetDbId']),
    ...relatedFilters('-[:ON_REFERENCE_SET]->(:ReferenceSet)<-[:IN_REFERENCE_SET]-', 'Reference', ['referenceDbId']),
    ...externalReferenceFilters,
  },
  internal: { variantIdPrefix: 'its variants\' DbIds before the row number, so a window of calls is a list of DbIds (calls/queries.ts)' },
  operations: ['list', 'get'],
  indexes: ['variantSetName'],
  derive: deriveExternalReferences,
};
