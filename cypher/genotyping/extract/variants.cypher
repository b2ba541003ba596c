// One batch of an extract's variants: copies of the source variants (on the same references) under new DbIds and
// row numbers, each with its new packed call row (the selected call sets' calls, in the new column order).
// Params: $variantSetDbId, $rows (list of {source, variantDbId, variantIndex, calls (bytes), ploidy})
MATCH (vs:VariantSet {variantSetDbId: $variantSetDbId})
UNWIND $rows AS row
MATCH (src:Variant {variantDbId: row.source})
CREATE (v:Variant)
SET v = src {.*, variantDbId: row.variantDbId, variantIndex: row.variantIndex}
CREATE (v)-[:IN_VARIANT_SET {i: 0}]->(vs)
CREATE (v)-[:HAS_CALLS]->(:CallRow {calls: row.calls, ploidy: row.ploidy})
WITH v, src
CALL (v, src) {
  MATCH (src)-[:ON_REFERENCE]->(r:Reference)
  CREATE (v)-[:ON_REFERENCE]->(r)
}
RETURN count(v) AS variants
