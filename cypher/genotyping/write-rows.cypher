// Call rows rewritten whole (PUT /calls): a call is one or more bytes of its variant's row.
// Params: $rows (list of {variantDbId, calls (bytes)})
UNWIND $rows AS row
MATCH (:Variant {variantDbId: row.variantDbId})-[:HAS_CALLS]->(r:CallRow)
SET r.calls = row.calls
RETURN count(r) AS written
