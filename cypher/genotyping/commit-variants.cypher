// Commit of a VCF import, last step: the staged variants become variants of the set, each placed on the reference of
// its contig, all in this transaction. Their importId stays: removing a property rewrites the node's property records,
// and for 50,000 variants that alone took the transaction past the bundled database's memory limit (384 MB) at commit.
// Params: $importId, $variantSetDbId, $referenceIds (map: contig -> referenceDbId)
MATCH (vs:VariantSet {variantSetDbId: $variantSetDbId})
MATCH (v:StagedVariant {importId: $importId})
REMOVE v:StagedVariant
SET v:Variant
CREATE (v)-[:IN_VARIANT_SET {i: 0}]->(vs)
WITH v
CALL (v) {
  MATCH (ref:Reference {referenceDbId: $referenceIds[v.referenceName]})
  CREATE (v)-[:ON_REFERENCE]->(ref)
}
RETURN count(v) AS variants
