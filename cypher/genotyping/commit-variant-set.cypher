// Commit of a VCF import, step 1 of 3 (one transaction): the variant set, in its study.
// Params: $studyDbId, $props
MATCH (s:Study {studyDbId: $studyDbId})
CREATE (vs:VariantSet)-[:IN_STUDY]->(s)
SET vs = properties($props)
RETURN vs.variantSetDbId AS id
