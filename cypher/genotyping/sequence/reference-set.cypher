// The reference set a FASTA import fills, named by its DbId or its name, and its references (the contigs VCF imports
// made), with what each holds already: its length and MD5 when known, whether a sequence is stored.
// Params: $referenceSet (a referenceSetDbId or a referenceSetName)
MATCH (rs:ReferenceSet)
WHERE rs.referenceSetDbId = $referenceSet OR rs.referenceSetName = $referenceSet
RETURN rs.referenceSetDbId AS referenceSetDbId, rs.referenceSetName AS referenceSetName, rs.commonCropName AS commonCropName,
  COLLECT {
    MATCH (r:Reference)-[:IN_REFERENCE_SET]->(rs)
    RETURN {referenceDbId: r.referenceDbId, referenceName: r.referenceName, length: r.length, md5checksum: r.md5checksum,
            stored: r.sequenceBlockSize IS NOT NULL}
  } AS references
ORDER BY referenceSetDbId
