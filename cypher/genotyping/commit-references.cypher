// Commit of a VCF import, with the variant set: its reference set (the assembly, shared by every import on it) and
// the contigs as references, made when new, linked to the variant set.
// Params: $variantSetDbId, $set ({id, props}), $references (list of {id, props})
MERGE (rs:ReferenceSet {referenceSetDbId: $set.id})
ON CREATE SET rs += $set.props
WITH rs
MATCH (vs:VariantSet {variantSetDbId: $variantSetDbId})
CREATE (vs)-[:ON_REFERENCE_SET]->(rs)
WITH rs
UNWIND $references AS ref
MERGE (r:Reference {referenceDbId: ref.id})
ON CREATE SET r += ref.props
MERGE (r)-[:IN_REFERENCE_SET]->(rs)
RETURN count(r) AS references
