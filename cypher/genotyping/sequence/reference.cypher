// GET /references/{referenceDbId}/bases: the reference's length and the block size of its stored sequence (null when
// no FASTA import stored one).
// Params: $referenceDbId
MATCH (r:Reference {referenceDbId: $referenceDbId})
RETURN r.length AS length, r.sequenceBlockSize AS blockSize,
  [(r)-[:IN_REFERENCE_SET]->(rs:ReferenceSet) | rs.referenceSetDbId][0] AS referenceSetDbId
