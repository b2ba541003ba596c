// Samples stored when a sample's plate was two plain properties (plateDbId, plateName) rather than a relationship
// to a plate: the sample-plates migration's pending count.
MATCH (s:Sample) WHERE s.plateDbId IS NOT NULL OR s.plateName IS NOT NULL
RETURN count(s) AS n
