// One batch of a FASTA import's sequence blocks, under a label no call reads until the import commits
// (commit-sequences.cypher).
// Params: $importId, $blocks (list of {referenceDbId, index, bases})
UNWIND $blocks AS block
CREATE (b:StagedSequenceBlock {importId: $importId, referenceDbId: block.referenceDbId, index: block.index, bases: block.bases})
RETURN count(b) AS staged
