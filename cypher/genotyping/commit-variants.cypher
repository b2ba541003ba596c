// Commit of a VCF import, step 3 of 3: the staged variants become variants of the set, all in this transaction.
// Params: $importId, $variantSetDbId
MATCH (vs:VariantSet {variantSetDbId: $variantSetDbId})
MATCH (v:StagedVariant {importId: $importId})
REMOVE v:StagedVariant
SET v:Variant
REMOVE v.importId
CREATE (v)-[:IN_VARIANT_SET {i: 0}]->(vs)
RETURN count(v) AS variants
