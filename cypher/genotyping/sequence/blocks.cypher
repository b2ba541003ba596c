// The blocks of a reference's sequence a range spans, in order: one seek of the (referenceDbId, index) index.
// Params: $referenceDbId, $first, $last (block indexes, inclusive)
MATCH (b:SequenceBlock)
WHERE b.referenceDbId = $referenceDbId AND b.index >= $first AND b.index <= $last
RETURN b.index AS index, b.bases AS bases
ORDER BY index
