// The sample-plates migration, first step: a plate for each plate DbId (or, a sample naming only a plate name, each
// such name) samples hold as plain properties and no plate node has yet. The plate takes the name the samples give
// and, when they are all in one study, that study.
MATCH (s:Sample) WHERE s.plateDbId IS NOT NULL OR s.plateName IS NOT NULL
WITH coalesce(s.plateDbId, 'name:' + s.plateName) AS key, s.plateDbId AS id, collect(s) AS samples
WHERE id IS NULL OR NOT EXISTS { MATCH (:Plate {plateDbId: id}) }
CREATE (p:Plate)
SET p.plateDbId = coalesce(id, randomUUID()), p.plateName = head([x IN samples WHERE x.plateName IS NOT NULL | x.plateName])
WITH p, samples
CALL (p, samples) {
  UNWIND samples AS x
  MATCH (x)-[:IN_STUDY]->(st:Study)
  WITH collect(DISTINCT st) AS studies
  WITH studies WHERE size(studies) = 1
  WITH studies[0] AS st
  CREATE (p)-[:IN_STUDY {i: 0}]->(st)
}
// The samples naming only a plate name: they are linked to the new plate here (the next step links by DbId).
CALL (p, samples) {
  UNWIND samples AS x
  WITH x WHERE x.plateDbId IS NULL
  CREATE (x)-[:ON_PLATE {i: 0}]->(p)
  REMOVE x.plateName
}
RETURN count(p) AS plates
