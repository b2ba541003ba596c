// Labels, relationship types and internal properties of the genotyping graph, in one place (Cypher of this module
// takes them from here or from the entity declarations).
//   (:Variant)-[:IN_VARIANT_SET]->(:VariantSet)-[:IN_STUDY]->(:Study)
//   (:CallSet)-[:IN_VARIANT_SET]->(:VariantSet), (:CallSet)-[:OF_SAMPLE]->(:Sample)-[:OF_GERMPLASM]->(:Germplasm)
//   (:Variant)-[:ON_REFERENCE]->(:Reference)-[:IN_REFERENCE_SET]->(:ReferenceSet)<-[:ON_REFERENCE_SET]-(:VariantSet)
//   (:Variant)-[:HAS_CALLS]->(:CallRow {calls: bytes, ploidy}): the variant's calls, one per call set (calls/codec.ts)
//   (:Reference)-[:HAS_BLOCK]->(:SequenceBlock {referenceDbId, index, bases}): its sequence in fixed-size blocks
//   (io/importFasta.ts, references/bases.ts; the Cypher in cypher/genotyping/sequence/)
//   (:StagedImport {importId, host, pid, heartbeat}) beside its (:StagedVariant {importId}) or
//   (:StagedSequenceBlock {importId}): a VCF or FASTA import before it commits (io/staging.ts)
export const G = {
  variantSet: 'VariantSet',
  variant: 'Variant',
  callSet: 'CallSet',
  callRow: 'CallRow',
  /** Variants written by an import that has not committed yet: invisible to every call (io/importVcf.ts). */
  staged: 'StagedVariant',
  /** Sequence blocks written by a FASTA import that has not committed yet (io/importFasta.ts). */
  stagedBlock: 'StagedSequenceBlock',
  /**
   * One per VCF or FASTA import that is staging {importId, host, pid, heartbeat}: tells a running import from a dead one
   * (io/staging.ts), whose staged variants or blocks the next import removes.
   */
  stagedImport: 'StagedImport',
  inSet: 'IN_VARIANT_SET',
  ofSample: 'OF_SAMPLE',
  hasCalls: 'HAS_CALLS',
} as const;

/** A study's variant sets, and the trial and program above them: paths from a variant set. */
export const VS_TRIAL = '-[:IN_STUDY]->(:Study)-[:IN_TRIAL]->';
export const VS_PROGRAM = `${VS_TRIAL}(:Trial)-[:IN_PROGRAM]->`;
