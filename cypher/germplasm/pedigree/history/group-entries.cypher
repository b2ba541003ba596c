// Rewrites the entry nodes entry-nodes.cypher counts of up to $limit changes as history/record.cypher writes them: one
// node per change and child (the child it was recorded with, linked to the germplasm its entries are linked to, which a
// merge may have changed), its entries as lists in their order. Returns how many entries it rewrote.
// Params: $limit (changes per transaction)
MATCH (old:PedigreeChange)
WHERE old.actions IS NULL
WITH DISTINCT old.changeId AS changeId
LIMIT $limit
MATCH (h:PedigreeChange {changeId: changeId})
WHERE h.actions IS NULL
OPTIONAL MATCH (h)-[:CHANGES_CHILD]->(g:Germplasm)
WITH changeId, h.germplasmDbId AS child, g, h
ORDER BY h.position
WITH changeId, child, g, collect(h) AS entries
CREATE (n:PedigreeChange {
  changeId: changeId, sequence: entries[0].sequence, germplasmDbId: child, positions: [e IN entries | e.position],
  actions: [e IN entries | e.action], parentDbIds: [e IN entries | e.parentDbId],
  parentTypes: [e IN entries | coalesce(e.parentType, '')], userId: entries[0].userId, source: entries[0].source,
  timestamp: entries[0].timestamp
})
FOREACH (_ IN CASE WHEN g IS NULL THEN [] ELSE [1] END | CREATE (n)-[:CHANGES_CHILD]->(g))
FOREACH (e IN entries | DETACH DELETE e)
RETURN sum(size(entries)) AS n
