// The reference set's order-independent MD5 (BrAPI ReferenceSet.md5checksum), computed by the import.
// Params: $referenceSetDbId, $md5checksum
MATCH (rs:ReferenceSet {referenceSetDbId: $referenceSetDbId})
SET rs.md5checksum = $md5checksum
RETURN rs.referenceSetDbId AS referenceSetDbId
