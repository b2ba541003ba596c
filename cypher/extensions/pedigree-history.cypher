// The recorded changes of one germplasm's parents, oldest first, one page of them and their count; no row when the
// germplasm does not exist. A germplasm that a duplicate was merged into lists the duplicate's changes too, under the
// DbIds they were recorded with (the duplicate's name, gone with it, is null). Each (:PedigreeChange) holds one write's
// entries as parallel lists, each entry naming its child (history/record.cypher); the child's own are those naming the
// DbId of its link: the link's `germplasmDbId` where a merge moved it from a duplicate, else the germplasm's own.
// Params: $germplasmDbId, $skip, $end
MATCH (g:Germplasm {germplasmDbId: $germplasmDbId})
OPTIONAL MATCH (h:PedigreeChange)-[r:CHANGES_CHILD]->(g)
// Kept before 2026-11-27: a node per write and child (germplasmDbId, positions and lists), and before 2026-11-26 a
// node per entry (germplasmDbId, position, action, ...; migration history-per-child); both read as they are.
WITH g, h, coalesce(h.germplasmDbId, r.germplasmDbId, g.germplasmDbId) AS child
WITH g, h, child, CASE
  WHEN h.germplasmDbIds IS NOT NULL THEN [i IN range(0, size(h.actions) - 1) WHERE h.germplasmDbIds[i] = child |
    {position: i, action: h.actions[i], parentDbId: h.parentDbIds[i], parentType: h.parentTypes[i]}]
  WHEN h.actions IS NOT NULL THEN [i IN range(0, size(h.actions) - 1) |
    {position: h.positions[i], action: h.actions[i], parentDbId: h.parentDbIds[i], parentType: h.parentTypes[i]}]
  WHEN h IS NOT NULL THEN [{position: h.position, action: h.action, parentDbId: h.parentDbId, parentType: coalesce(h.parentType, '')}]
  ELSE [] END AS entries
UNWIND CASE WHEN size(entries) = 0 THEN [null] ELSE entries END AS e
WITH g, h, child, e ORDER BY h.sequence, e.position
WITH g, collect(CASE WHEN e IS NOT NULL THEN {h: h, child: child, e: e} END) AS changes
RETURN size(changes) AS total, [c IN changes[$skip..$end] | {
  changeId: c.h.changeId,
  sequence: c.h.sequence,
  timestamp: toString(c.h.timestamp),
  userId: c.h.userId,
  source: c.h.source,
  action: c.e.action,
  germplasmDbId: c.child,
  germplasmName: CASE WHEN c.child = g.germplasmDbId THEN g.germplasmName END,
  parentDbId: c.e.parentDbId,
  parentGermplasmName: COLLECT { MATCH (p:Germplasm {germplasmDbId: c.e.parentDbId}) RETURN p.germplasmName }[0],
  parentType: CASE WHEN c.e.parentType <> '' THEN c.e.parentType END
}] AS page
