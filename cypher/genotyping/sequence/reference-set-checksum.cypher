// After a FASTA import: the MD5 of each reference of the set, for the set's own checksum (set by set-reference-set-
// checksum.cypher when every reference has one).
// Params: $referenceSetDbId
MATCH (r:Reference)-[:IN_REFERENCE_SET]->(:ReferenceSet {referenceSetDbId: $referenceSetDbId})
RETURN r.md5checksum AS md5checksum
