// Records the merge itself in the survivor's pedigree history: one MERGED entry (parentDbId: the duplicate, which is
// deleted), appended to the change that recorded the PARENT relationships the merge moved (its one node: same changeId
// and sequence, after their entries), or as a change of its own when it moved none. The duplicate's history links
// are then marked with its DbId, which their entries name, before the merge moves them to the survivor.
// Params: $changeId, $survivor, $duplicate, $recorded (the moved relationships were recorded), $userId, $source
MATCH (l:PedigreeLock {name: 'pedigree'})
MATCH (s:Germplasm {germplasmDbId: $survivor})
WITH l, s, CASE WHEN $recorded THEN l.changeCount ELSE coalesce(l.changeCount, 0) + 1 END AS sequence
SET l.changeCount = sequence
// As history/record.cypher writes entries; a list holds no null, so the parentType is ''.
MERGE (h:PedigreeChange {changeId: $changeId})
  ON CREATE SET h.sequence = sequence, h.germplasmDbIds = [], h.actions = [], h.parentDbIds = [], h.parentTypes = [],
    h.userId = $userId, h.source = $source, h.timestamp = datetime.transaction()
SET h.germplasmDbIds = h.germplasmDbIds + $survivor, h.actions = h.actions + 'MERGED',
  h.parentDbIds = h.parentDbIds + $duplicate, h.parentTypes = h.parentTypes + ''
MERGE (h)-[:CHANGES_CHILD]->(s)
WITH h
CALL () {
  MATCH (:PedigreeChange)-[r:CHANGES_CHILD]->(:Germplasm {germplasmDbId: $duplicate})
  WHERE r.germplasmDbId IS NULL
  SET r.germplasmDbId = $duplicate
}
RETURN h.changeId AS changeId
