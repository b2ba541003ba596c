// Reference sets (BrAPI-Genotyping /referencesets): the genome assembly variants are placed on, made or found by a
// VCF import (--reference-set, else the file's ##reference line) and shared by every variant set on it. Its references'
// sequences come from a FASTA import (io/importFasta.ts), which also sets the set's md5checksum.
import { studyTrialProgramFilters } from '../../../entities/declare.js';
import { deriveExternalReferences, externalReferenceFilters } from '../../../entities/external-references.js';
import type { EntityDef } from '../../../entities/types.js';

const SETS = '<-[:ON_REFERENCE_SET]-(:VariantSet)-[:IN_STUDY]->';
const NO_GERMPLASM = 'reference sets record no source germplasm';

export const referenceSetEntity: EntityDef = {
  path: 'referencesets',
  label: 'ReferenceSet',
  idField: 'referenceSetDbId',
  module: 'Genotyping',
  schema: 'ReferenceSet',
  jsonFields: ['additionalInfo', 'externalReferences', 'species'],
  refs: [],
  filters: {
    referenceSetDbId: { kind: 'eq', prop: 'referenceSetDbId' },
    accession: { kind: 'contains', prop: 'sourceAccessions' },
    assemblyPUI: { kind: 'eq', prop: 'assemblyPUI' },
    md5checksum: { kind: 'eq', prop: 'md5checksum' },
    commonCropName: { kind: 'eq', prop: 'commonCropName' },
    ...studyTrialProgramFilters(SETS),
    ...externalReferenceFilters,
  },
  unapplied: { germplasmDbId: NO_GERMPLASM, germplasmName: NO_GERMPLASM },
  operations: ['list', 'get'],
  indexes: ['referenceSetName', 'commonCropName'],
  derive: deriveExternalReferences,
};
