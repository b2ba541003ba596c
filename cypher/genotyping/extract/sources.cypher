// The variant sets an extract (POST /variantsets/extract) draws from: those the selection names (all when it names
// none) that hold both selected variants and selected call sets, each with its selected call sets in column order,
// its number of selected variants, its study and its reference set.
// Params: $variantSetDbIds, $studyDbIds, $studyNames, $variantDbIds, $callSetDbIds (lists or null)
MATCH (vs:VariantSet)
WHERE ($variantSetDbIds IS NULL OR vs.variantSetDbId IN $variantSetDbIds)
  AND ($studyDbIds IS NULL OR EXISTS { MATCH (vs)-[:IN_STUDY]->(s:Study) WHERE s.studyDbId IN $studyDbIds })
  AND ($studyNames IS NULL OR EXISTS { MATCH (vs)-[:IN_STUDY]->(s:Study) WHERE s.studyName IN $studyNames })
WITH vs,
  COLLECT {
    MATCH (c:CallSet)-[:IN_VARIANT_SET]->(vs)
    WHERE $callSetDbIds IS NULL OR c.callSetDbId IN $callSetDbIds
    WITH c ORDER BY c.callSetIndex
    RETURN c {.callSetDbId, .callSetName, .callSetIndex, sampleDbId: head([(c)-[:OF_SAMPLE]->(s:Sample) | s.sampleDbId])} AS callSet
  } AS callSets,
  COUNT { MATCH (v:Variant)-[:IN_VARIANT_SET]->(vs) WHERE $variantDbIds IS NULL OR v.variantDbId IN $variantDbIds } AS variants
WHERE size(callSets) > 0 AND variants > 0
WITH vs, callSets, variants ORDER BY vs.variantSetDbId
RETURN vs.variantSetDbId AS variantSetDbId, vs.variantSetName AS variantSetName, callSets, variants,
       head([(vs)-[:IN_STUDY]->(s:Study) | s.studyDbId]) AS studyDbId,
       head([(vs)-[:ON_REFERENCE_SET]->(r:ReferenceSet) | r.referenceSetDbId]) AS referenceSetDbId
