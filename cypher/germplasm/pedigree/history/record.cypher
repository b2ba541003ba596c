// Records one pedigree write as data: a (:PedigreeChange) per PARENT relationship added or removed, linked to its
// child, in the write's own transaction (a rolled-back write leaves no history). The parent is named by its DbId only:
// a link to it as well made a bulk load's history a third larger. The lock node every pedigree writer holds numbers
// the writes, so `sequence` orders them even within one millisecond.
// Params: $changeId, $userId, $source, $changes: [{child, parent, parentType, action}]
MATCH (l:PedigreeLock {name: 'pedigree'})
SET l.changeCount = coalesce(l.changeCount, 0) + 1
WITH l.changeCount AS sequence
UNWIND range(0, size($changes) - 1) AS position
WITH sequence, position, $changes[position] AS change
MATCH (c:Germplasm {germplasmDbId: change.child})
CREATE (h:PedigreeChange {
  changeId: $changeId, sequence: sequence, position: position, action: change.action, parentType: change.parentType,
  germplasmDbId: change.child, parentDbId: change.parent, userId: $userId, source: $source,
  timestamp: datetime.transaction()
})
CREATE (h)-[:CHANGES_CHILD]->(c)
RETURN count(h) AS recorded
