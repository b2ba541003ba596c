// What undoing one pedigree change needs: its entries, the later changes of the same relationships (which make the
// undo ambiguous), the change's source (a merge cannot be undone), the germplasm it names that no longer exist (merged
// away), and the current parents of every child it touched. Each (:PedigreeChange) holds one child's entries as
// parallel lists (history/record.cypher).  Params: $changeId
MATCH (h:PedigreeChange {changeId: $changeId})
WITH collect(h) AS nodes
WHERE size(nodes) > 0
UNWIND nodes AS h
// An entry still kept as a node of its own (before migration history-per-child) reads as a list of one.
WITH nodes, h, CASE WHEN h.actions IS NULL
  THEN {positions: [h.position], actions: [h.action], parentDbIds: [h.parentDbId],
    parentTypes: [coalesce(h.parentType, '')]}
  ELSE h {.positions, .actions, .parentDbIds, .parentTypes} END AS e
UNWIND range(0, size(e.actions) - 1) AS i
WITH nodes, h, {germplasmDbId: h.germplasmDbId, parentDbId: e.parentDbIds[i], action: e.actions[i],
  position: e.positions[i], parentType: CASE WHEN e.parentTypes[i] <> '' THEN e.parentTypes[i] END} AS entry
OPTIONAL MATCH (h)-[:CHANGES_CHILD]->(:Germplasm)<-[:CHANGES_CHILD]-(later:PedigreeChange)
  WHERE entry.parentDbId IN coalesce(later.parentDbIds, [later.parentDbId]) AND later.sequence > h.sequence
WITH nodes, collect(DISTINCT entry) AS entries, collect(DISTINCT later.changeId) AS later
RETURN entries, later, nodes[0].source AS source,
  [id IN reduce(ids = [], e IN entries | ids + [e.germplasmDbId, e.parentDbId])
    WHERE NOT EXISTS { MATCH (:Germplasm {germplasmDbId: id}) } | id] AS gone,
  [id IN reduce(ids = [], h IN nodes | CASE WHEN h.germplasmDbId IN ids THEN ids ELSE ids + h.germplasmDbId END) |
  {germplasmDbId: id, parents: COLLECT {
    MATCH (:Germplasm {germplasmDbId: id})-[r:PARENT]->(p:Germplasm)
    RETURN {germplasmDbId: p.germplasmDbId, parentType: r.parentType} AS parent ORDER BY parent.germplasmDbId
  }}] AS children
