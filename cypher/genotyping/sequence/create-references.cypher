// References a FASTA import makes for records that name no reference of the set (--create-references).
// Params: $referenceSetDbId, $references (list of reference properties)
MATCH (rs:ReferenceSet {referenceSetDbId: $referenceSetDbId})
UNWIND $references AS props
CREATE (r:Reference)-[:IN_REFERENCE_SET]->(rs)
SET r = props
RETURN count(r) AS created
