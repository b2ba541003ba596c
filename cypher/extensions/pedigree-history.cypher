// The recorded changes of one germplasm's parents, oldest first, one page of them and their count; no row when the
// germplasm does not exist. A germplasm that a duplicate was merged into lists the duplicate's changes too, under the
// DbIds they were recorded with (the duplicate's name, gone with it, is null).  Params: $germplasmDbId, $skip, $end
MATCH (g:Germplasm {germplasmDbId: $germplasmDbId})
OPTIONAL MATCH (h:PedigreeChange)-[:CHANGES_CHILD]->(g)
WITH g, h ORDER BY h.sequence, h.position
WITH g, collect(h) AS changes
RETURN size(changes) AS total, [h IN changes[$skip..$end] | {
  changeId: h.changeId,
  sequence: h.sequence,
  timestamp: toString(h.timestamp),
  userId: h.userId,
  source: h.source,
  action: h.action,
  germplasmDbId: h.germplasmDbId,
  germplasmName: CASE WHEN h.germplasmDbId = g.germplasmDbId THEN g.germplasmName END,
  parentDbId: h.parentDbId,
  parentGermplasmName: COLLECT { MATCH (p:Germplasm {germplasmDbId: h.parentDbId}) RETURN p.germplasmName }[0],
  parentType: h.parentType
}] AS page
