// One batch of a FASTA import's sequence blocks, under a label no call reads until the import commits
// (commit-sequences.cypher). Only while the import's (:StagedImport) marker is there (io/staging.ts), whose heartbeat
// it renews: 0 rows staged means another import took this one for dead and removed its staging.
// Params: $importId, $blocks (list of {referenceDbId, index, bases})
MATCH (m:StagedImport {importId: $importId})
SET m.heartbeat = datetime()
WITH m
UNWIND $blocks AS block
CREATE (b:StagedSequenceBlock {importId: $importId, referenceDbId: block.referenceDbId, index: block.index, bases: block.bases})
RETURN count(b) AS staged
