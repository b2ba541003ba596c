// References (BrAPI-Genotyping /references): the contigs of a reference set (a VCF's CHROM values and ##contig lines,
// with their lengths and MD5 where the header gives them). Variants link to theirs. A FASTA import stores a reference's
// bases in blocks of its own (io/importFasta.ts) and sets its length and MD5; GET .../bases reads them (routes.ts).
import { namedRef, relatedFilters, studyTrialProgramFilters } from '../../../entities/declare.js';
import { deriveExternalReferences, externalReferenceFilters } from '../../../entities/external-references.js';
import type { EntityDef } from '../../../entities/types.js';

const SETS = '-[:IN_REFERENCE_SET]->(:ReferenceSet)<-[:ON_REFERENCE_SET]-(:VariantSet)-[:IN_STUDY]->';
const NO_GERMPLASM = 'references record no source germplasm';

export const referenceEntity: EntityDef = {
  path: 'references',
  label: 'Reference',
  idField: 'referenceDbId',
  module: 'Genotyping',
  schema: 'Reference',
  jsonFields: ['additionalInfo', 'externalReferences', 'species'],
  refs: [namedRef('referenceSetDbId', 'IN_REFERENCE_SET', { label: 'ReferenceSet', idProp: 'referenceSetDbId' }, 'referenceSetName')],
  filters: {
    referenceDbId: { kind: 'eq', prop: 'referenceDbId' },
    ...relatedFilters('-[:IN_REFERENCE_SET]->', 'ReferenceSet', ['referenceSetDbId']),
    accession: { kind: 'contains', prop: 'sourceAccessions' },
    md5checksum: { kind: 'eq', prop: 'md5checksum' },
    isDerived: { kind: 'eq', prop: 'isDerived', type: 'boolean' },
    minLength: { kind: 'min', prop: 'length', type: 'integer' },
    maxLength: { kind: 'max', prop: 'length', type: 'integer' },
    commonCropName: { kind: 'eq', prop: 'commonCropName' },
    ...studyTrialProgramFilters(SETS),
    ...externalReferenceFilters,
  },
  unapplied: { germplasmDbId: NO_GERMPLASM, germplasmName: NO_GERMPLASM },
  internal: { sequenceBlockSize: 'bases per block of its stored sequence, set by a FASTA import (references/bases.ts)' },
  operations: ['list', 'get'],
  indexes: ['referenceName', 'commonCropName', 'length'],
  derive: deriveExternalReferences,
};
