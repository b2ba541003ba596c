// What undoing one pedigree change needs: its entries, the changes recorded later on any germplasm it changed (the
// caller keeps those that changed the same relationships, which make the undo ambiguous), the change's source (a merge
// cannot be undone), the germplasm it names that no longer exist (merged away), and the current parents of every child
// it touched. Each (:PedigreeChange) holds one write's entries as parallel lists (history/record.cypher); `links` maps
// the DbId its entries name to the germplasm each link now reaches (a merge moves links, marking them with the
// duplicate's DbId). Params: $changeId
MATCH (h:PedigreeChange {changeId: $changeId})
WITH collect(h) AS nodes
WHERE size(nodes) > 0
UNWIND nodes AS h
OPTIONAL MATCH (h)-[:CHANGES_CHILD]->(:Germplasm)<-[:CHANGES_CHILD]-(later:PedigreeChange)
  WHERE later.sequence > h.sequence
WITH nodes, collect(DISTINCT later) AS later
UNWIND nodes + later AS h
// Kept before 2026-11-27: a node per write and child (germplasmDbId, positions and lists), and before 2026-11-26 a
// node per entry (migration history-per-child); both read as they are.
WITH nodes, h, [(h)-[r:CHANGES_CHILD]->(g:Germplasm) |
    {recorded: coalesce(h.germplasmDbId, r.germplasmDbId, g.germplasmDbId), germplasmDbId: g.germplasmDbId}] AS links,
  CASE
    WHEN h.germplasmDbIds IS NOT NULL THEN [i IN range(0, size(h.actions) - 1) | {germplasmDbId: h.germplasmDbIds[i],
      position: i, action: h.actions[i], parentDbId: h.parentDbIds[i], parentType: h.parentTypes[i]}]
    WHEN h.actions IS NOT NULL THEN [i IN range(0, size(h.actions) - 1) | {germplasmDbId: h.germplasmDbId,
      position: h.positions[i], action: h.actions[i], parentDbId: h.parentDbIds[i], parentType: h.parentTypes[i]}]
    ELSE [{germplasmDbId: h.germplasmDbId, position: h.position, action: h.action, parentDbId: h.parentDbId,
      parentType: coalesce(h.parentType, '')}]
  END AS entries
WITH nodes, collect({changeId: h.changeId, own: h IN nodes, links: links, entries: entries}) AS read
WITH nodes, read, COLLECT { UNWIND read AS x WITH x WHERE x.own UNWIND x.entries AS e RETURN e } AS entries
RETURN entries, [x IN read WHERE x.own | x.links] AS links, [x IN read WHERE NOT x.own] AS later,
  nodes[0].source AS source,
  COLLECT {
    UNWIND entries AS e UNWIND [e.germplasmDbId, e.parentDbId] AS id
    WITH DISTINCT id WHERE NOT EXISTS { MATCH (:Germplasm {germplasmDbId: id}) }
    RETURN id
  } AS gone,
  COLLECT {
    UNWIND entries AS e
    WITH DISTINCT e.germplasmDbId AS id
    RETURN {germplasmDbId: id, parents: COLLECT {
      MATCH (:Germplasm {germplasmDbId: id})-[r:PARENT]->(p:Germplasm)
      RETURN {germplasmDbId: p.germplasmDbId, parentType: r.parentType} AS parent ORDER BY parent.germplasmDbId
    }} AS child
  } AS children
