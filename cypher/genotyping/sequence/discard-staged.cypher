// A failed FASTA import's staged blocks, deleted a batch at a time (run until it returns 0).
// Params: $importId
MATCH (b:StagedSequenceBlock {importId: $importId})
WITH b LIMIT 200
DELETE b
RETURN count(*) AS deleted
