// What merging a duplicate germplasm into a survivor needs to know before it changes anything: both records, their
// parents, whether one is an ancestor of the other (and through which chain), the children that have both as parents,
// whether the duplicate is a cross's family germplasm, and every other kind of relationship the duplicate has (its
// type, direction and the other node's labels), which the merge must know how to move.
// Params: $survivor, $duplicate (germplasmDbIds)
OPTIONAL MATCH (s:Germplasm {germplasmDbId: $survivor})
OPTIONAL MATCH (d:Germplasm {germplasmDbId: $duplicate})
RETURN
  s {.germplasmDbId, .germplasmName, .commonCropName, .synonyms, .externalReferences} AS survivor,
  d {.germplasmDbId, .germplasmName, .commonCropName, .synonyms, .externalReferences} AS duplicate,
  [(s)-[r:PARENT]->(p:Germplasm) | {germplasmDbId: p.germplasmDbId, germplasmName: p.germplasmName, parentType: r.parentType}] AS survivorParents,
  [(d)-[r:PARENT]->(p:Germplasm) | {germplasmDbId: p.germplasmDbId, germplasmName: p.germplasmName, parentType: r.parentType}] AS duplicateParents,
  head(COLLECT {
    MATCH chain = shortestPath((s)-[:PARENT*]->(d))
    RETURN [n IN nodes(chain) | n.germplasmDbId] AS chain
  }) AS survivorAboveDuplicate,
  head(COLLECT {
    MATCH chain = shortestPath((d)-[:PARENT*]->(s))
    RETURN [n IN nodes(chain) | n.germplasmDbId] AS chain
  }) AS duplicateAboveSurvivor,
  [(s)<-[:PARENT]-(c:Germplasm)-[:PARENT]->(d) | c.germplasmDbId] AS sharedChildren,
  [(c:Cross)-[:FAMILY]->(d) | c.crossDbId] AS familyOf,
  COLLECT {
    MATCH (d)-[r]-(o) WHERE type(r) <> 'PARENT'
    RETURN DISTINCT {type: type(r), outgoing: startNode(r) = d, labels: labels(o)} AS link
  } AS links
