// Commit of a FASTA import, first step: each reference takes its length, MD5 and block size (setting them first
// locks the reference, so two imports of one reference take turns) and loses the blocks of an earlier import.
// link-blocks.cypher follows in the same transaction.
// Params: $sequences (list of {referenceDbId, length, md5checksum, blockSize})
UNWIND $sequences AS seq
MATCH (r:Reference {referenceDbId: seq.referenceDbId})
SET r.length = seq.length, r.md5checksum = seq.md5checksum, r.sequenceBlockSize = seq.blockSize
WITH r
CALL (r) {
  OPTIONAL MATCH (r)-[:HAS_BLOCK]->(old:SequenceBlock)
  DETACH DELETE old
}
RETURN count(r) AS references
