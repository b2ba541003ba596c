// The parents stored for each of the given children, with their types and names, read before a write that adds
// parents: what it must keep (parent-types.ts) and what a conflict shows.  Params: $ids (children)
// In Neo4j Browser: :param ids => ['barley-abava']
UNWIND $ids AS id
MATCH (:Germplasm {germplasmDbId: id})-[r:PARENT]->(p:Germplasm)
RETURN id AS child, p.germplasmDbId AS parent, r.parentType AS parentType, coalesce(p.germplasmName, p.germplasmDbId) AS name
