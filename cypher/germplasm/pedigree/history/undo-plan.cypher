// What undoing one pedigree change needs: its entries, the later changes of the same relationships (which make the
// undo ambiguous), the change's source (a merge cannot be undone), the germplasm it names that no longer exist (merged
// away), and the current parents of every child it touched.  Params: $changeId
MATCH (h:PedigreeChange {changeId: $changeId})
WITH collect(h) AS entries
WHERE size(entries) > 0
UNWIND entries AS h
OPTIONAL MATCH (h)-[:CHANGES_CHILD]->(:Germplasm)<-[:CHANGES_CHILD]-(later:PedigreeChange)
  WHERE later.parentDbId = h.parentDbId AND later.sequence > h.sequence
WITH entries, collect(DISTINCT later.changeId) AS later
UNWIND entries AS h
WITH entries, later, collect(DISTINCT h.germplasmDbId) AS children
RETURN [h IN entries | h {.germplasmDbId, .parentDbId, .parentType, .action, .position}] AS entries, later,
  entries[0].source AS source,
  [id IN reduce(ids = [], h IN entries | ids + [h.germplasmDbId, h.parentDbId])
    WHERE NOT EXISTS { MATCH (:Germplasm {germplasmDbId: id}) } | id] AS gone,
  [id IN children | {germplasmDbId: id, parents: COLLECT {
    MATCH (:Germplasm {germplasmDbId: id})-[r:PARENT]->(p:Germplasm)
    RETURN {germplasmDbId: p.germplasmDbId, parentType: r.parentType} AS parent ORDER BY parent.germplasmDbId
  }}] AS children
