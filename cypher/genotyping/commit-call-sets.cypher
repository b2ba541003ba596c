// Commit of a VCF import, step 2 of 3: new samples (of the matched germplasm, in the study) and the call sets, each
// linked to its sample and the variant set.
// Params: $variantSetDbId, $studyDbId, $callSets (list of {props, sampleDbId, newSample: {props, germplasmDbId} | null})
MATCH (vs:VariantSet {variantSetDbId: $variantSetDbId})
MATCH (study:Study {studyDbId: $studyDbId})
UNWIND $callSets AS row
CALL (row, study) {
  WITH row WHERE row.newSample IS NOT NULL
  MATCH (g:Germplasm {germplasmDbId: row.newSample.germplasmDbId})
  CREATE (s:Sample)-[:OF_GERMPLASM]->(g)
  SET s = properties(row.newSample.props)
  CREATE (s)-[:IN_STUDY]->(study)
}
MATCH (s:Sample {sampleDbId: row.sampleDbId})
CREATE (c:CallSet)-[:OF_SAMPLE]->(s)
SET c = properties(row.props)
CREATE (c)-[:IN_VARIANT_SET {i: 0}]->(vs)
RETURN count(c) AS callSets
