// The sample-plates migration, second step: each sample holding a plate DbId as a property is linked to that plate
// and loses the plain properties (the plate's name is shown from the plate).
MATCH (s:Sample) WHERE s.plateDbId IS NOT NULL
MATCH (p:Plate {plateDbId: s.plateDbId})
MERGE (s)-[r:ON_PLATE]->(p)
ON CREATE SET r.i = 0
REMOVE s.plateDbId, s.plateName
RETURN count(s) AS n
