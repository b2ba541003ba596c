// Commit of a FASTA import, last step: the staged blocks become the sequences of their references.
// Params: $importId
MATCH (b:StagedSequenceBlock {importId: $importId})
MATCH (r:Reference {referenceDbId: b.referenceDbId})
REMOVE b:StagedSequenceBlock
SET b:SequenceBlock
REMOVE b.importId
CREATE (r)-[:HAS_BLOCK]->(b)
RETURN count(b) AS blocks
