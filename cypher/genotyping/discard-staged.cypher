// A failed import's staged variants and their calls, deleted a batch at a time (run until it returns 0).
// Params: $importId
MATCH (v:StagedVariant {importId: $importId})
WITH v LIMIT 5000
OPTIONAL MATCH (v)-[:HAS_CALLS]->(r:CallRow)
DETACH DELETE v, r
RETURN count(*) AS deleted
