// The recorded changes of one germplasm's parents, oldest first, one page of them and their count; no row when the
// germplasm does not exist. A germplasm that a duplicate was merged into lists the duplicate's changes too, under the
// DbIds they were recorded with (the duplicate's name, gone with it, is null). Each (:PedigreeChange) holds one
// child's entries of one write as parallel lists (history/record.cypher).  Params: $germplasmDbId, $skip, $end
MATCH (g:Germplasm {germplasmDbId: $germplasmDbId})
OPTIONAL MATCH (h:PedigreeChange)-[:CHANGES_CHILD]->(g)
// An entry still kept as a node of its own (before migration history-per-child) reads as a list of one.
WITH g, h, CASE WHEN h.actions IS NULL
  THEN {positions: [h.position], actions: [h.action], parentDbIds: [h.parentDbId],
    parentTypes: [coalesce(h.parentType, '')]}
  ELSE h {.positions, .actions, .parentDbIds, .parentTypes} END AS e
UNWIND CASE WHEN h IS NULL THEN [null] ELSE range(0, size(e.actions) - 1) END AS i
WITH g, h, e, i ORDER BY h.sequence, e.positions[i]
WITH g, collect(CASE WHEN h IS NOT NULL THEN {h: h, e: e, i: i} END) AS changes
RETURN size(changes) AS total, [c IN changes[$skip..$end] | {
  changeId: c.h.changeId,
  sequence: c.h.sequence,
  timestamp: toString(c.h.timestamp),
  userId: c.h.userId,
  source: c.h.source,
  action: c.e.actions[c.i],
  germplasmDbId: c.h.germplasmDbId,
  germplasmName: CASE WHEN c.h.germplasmDbId = g.germplasmDbId THEN g.germplasmName END,
  parentDbId: c.e.parentDbIds[c.i],
  parentGermplasmName: COLLECT { MATCH (p:Germplasm {germplasmDbId: c.e.parentDbIds[c.i]}) RETURN p.germplasmName }[0],
  parentType: CASE WHEN c.e.parentTypes[c.i] <> '' THEN c.e.parentTypes[c.i] END
}] AS page
