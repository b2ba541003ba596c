// An extract's new variant set, in the study and on the reference set its sources share (none when they differ),
// with its call sets: copies of the selected ones, each of the same sample, in the new column order.
// Params: $props, $studyDbId, $referenceSetDbId (or null), $callSets (list of {props, sampleDbId})
CREATE (vs:VariantSet)
SET vs = properties($props)
WITH vs
CALL (vs) {
  MATCH (s:Study {studyDbId: $studyDbId})
  CREATE (vs)-[:IN_STUDY]->(s)
}
CALL (vs) {
  MATCH (r:ReferenceSet {referenceSetDbId: $referenceSetDbId})
  CREATE (vs)-[:ON_REFERENCE_SET]->(r)
}
CALL (vs) {
  UNWIND $callSets AS row
  CREATE (c:CallSet)-[:IN_VARIANT_SET {i: 0}]->(vs)
  SET c = properties(row.props)
  WITH c, row
  MATCH (s:Sample {sampleDbId: row.sampleDbId})
  CREATE (c)-[:OF_SAMPLE]->(s)
}
RETURN vs.variantSetDbId AS id
