// Records one pedigree write as data: one (:PedigreeChange) per write, linked to every child whose PARENT
// relationships it added or removed, in the write's own transaction (a rolled-back write leaves no history). Its
// entries are parallel lists in their order (germplasmDbIds: each entry's child; actions, parentDbIds, parentTypes):
// a node per child made a bulk load's history a node and ten properties per child (12 % of a 100k load); naming the
// parent by its DbId only, not linked, keeps it smaller still. The lock node every pedigree writer holds numbers the
// writes, so `sequence` orders them even within one millisecond. The lock node is MERGEd, not matched: without it a
// MATCH wrote nothing while the write answered "recorded" (the caller also checks the links returned against the
// children it gave).
// Params: $changeId, $userId, $source, $germplasmDbIds, $actions, $parentDbIds, $parentTypes (one item per entry),
// $children (each child once)
MERGE (l:PedigreeLock {name: 'pedigree'})
// A lock node made anew (lost, or a database restored without it) numbers on from the history it finds.
SET l.changeCount = CASE WHEN l.changeCount IS NULL
  THEN coalesce(COLLECT { MATCH (old:PedigreeChange) RETURN max(old.sequence) AS s }[0], 0)
  ELSE l.changeCount END + 1
CREATE (h:PedigreeChange {
  changeId: $changeId, sequence: l.changeCount, germplasmDbIds: $germplasmDbIds, actions: $actions,
  parentDbIds: $parentDbIds, parentTypes: $parentTypes, userId: $userId, source: $source,
  timestamp: datetime.transaction()
})
WITH h
UNWIND $children AS child
MATCH (c:Germplasm {germplasmDbId: child})
CREATE (h)-[:CHANGES_CHILD]->(c)
RETURN count(c) AS recorded
