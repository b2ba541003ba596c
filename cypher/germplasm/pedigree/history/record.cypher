// Records one pedigree write as data: a (:PedigreeChange) per child whose PARENT relationships it added or removed,
// linked to that child, in the write's own transaction (a rolled-back write leaves no history). The child's entries
// are parallel lists (positions, actions, parentDbIds, parentTypes): a node per relationship made a bulk load's
// history larger than the pedigree it recorded (a quarter to a third of the load's time); naming the parent by its
// DbId only, not linked, kept it a third smaller again. The lock node every pedigree writer holds numbers the writes,
// so `sequence` orders them even within one millisecond; `positions` order the entries of one write. The node is
// MERGEd, not matched: without it a MATCH wrote nothing while the write answered "recorded" (the caller also checks
// the count returned against the children it gave).
// Params: $changeId, $userId, $source, $children: [{child, positions, actions, parentDbIds, parentTypes}]
MERGE (l:PedigreeLock {name: 'pedigree'})
// A lock node made anew (lost, or a database restored without it) numbers on from the history it finds.
SET l.changeCount = CASE WHEN l.changeCount IS NULL
  THEN coalesce(COLLECT { MATCH (old:PedigreeChange) RETURN max(old.sequence) AS s }[0], 0)
  ELSE l.changeCount END + 1
WITH l.changeCount AS sequence
UNWIND $children AS entry
MATCH (c:Germplasm {germplasmDbId: entry.child})
CREATE (h:PedigreeChange {
  changeId: $changeId, sequence: sequence, germplasmDbId: entry.child, positions: entry.positions,
  actions: entry.actions, parentDbIds: entry.parentDbIds, parentTypes: entry.parentTypes, userId: $userId,
  source: $source, timestamp: datetime.transaction()
})
CREATE (h)-[:CHANGES_CHILD]->(c)
RETURN count(h) AS recorded
