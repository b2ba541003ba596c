// The variant sets calls are read from, each with its call sets in column order, narrowed by the filters of
// GET /calls and /allelematrix (a null filter is no filter).
// Params: $variantSetDbIds, $callSetDbIds, $variantDbIds (lists or null)
MATCH (vs:VariantSet)
WHERE ($variantSetDbIds IS NULL OR vs.variantSetDbId IN $variantSetDbIds)
  AND ($callSetDbIds IS NULL OR EXISTS { MATCH (c:CallSet)-[:IN_VARIANT_SET]->(vs) WHERE c.callSetDbId IN $callSetDbIds })
  AND ($variantDbIds IS NULL OR EXISTS { MATCH (v:Variant)-[:IN_VARIANT_SET]->(vs) WHERE v.variantDbId IN $variantDbIds })
WITH vs ORDER BY vs.variantSetDbId
RETURN vs.variantSetDbId AS variantSetDbId, vs.variantSetName AS variantSetName, vs.variantCount AS variantCount,
       vs.variantIdPrefix AS variantIdPrefix,
       COLLECT {
         MATCH (c:CallSet)-[:IN_VARIANT_SET]->(vs)
         WHERE $callSetDbIds IS NULL OR c.callSetDbId IN $callSetDbIds
         RETURN c {.callSetDbId, .callSetName, .callSetIndex} AS callSet ORDER BY c.callSetIndex
       } AS callSets
