// One batch of an import's variants, each with its packed calls, under a label no call reads until the import
// commits (commit-import.cypher).
// Params: $importId, $rows (list of {props, calls (bytes), ploidy})
UNWIND $rows AS row
CREATE (v:StagedVariant)
SET v = properties(row.props), v.importId = $importId
CREATE (v)-[:HAS_CALLS]->(:CallRow {calls: row.calls, ploidy: row.ploidy})
RETURN count(*) AS staged
