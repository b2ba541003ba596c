// Records the merge itself in the survivor's pedigree history: one MERGED entry (parentDbId: the duplicate, which is
// deleted), in the same change as the PARENT relationships the merge moved (same changeId and sequence, after their
// positions), or as a change of its own when it moved none.
// Params: $changeId, $survivor, $duplicate, $position, $recorded (the moved relationships were recorded), $userId, $source
MATCH (l:PedigreeLock {name: 'pedigree'})
MATCH (s:Germplasm {germplasmDbId: $survivor})
WITH l, s, CASE WHEN $recorded THEN l.changeCount ELSE coalesce(l.changeCount, 0) + 1 END AS sequence
SET l.changeCount = sequence
// As history/record.cypher writes entries, one of them; a list holds no null, so the parentType is ''.
CREATE (h:PedigreeChange {
  changeId: $changeId, sequence: sequence, germplasmDbId: $survivor, positions: [$position], actions: ['MERGED'],
  parentDbIds: [$duplicate], parentTypes: [''], userId: $userId, source: $source, timestamp: datetime.transaction()
})
CREATE (h)-[:CHANGES_CHILD]->(s)
RETURN h.changeId AS changeId
