// The parents of each child with their types, after a write, for the parent-set rules (parent-sets.ts), sorted by
// type and name so a rejection lists them the same way every time.  Params: $ids (children)
// In Neo4j Browser: :param ids => ['soy-williams-82']
UNWIND $ids AS id
MATCH (c:Germplasm {germplasmDbId: id})
RETURN id, COLLECT {
  MATCH (c)-[r:PARENT]->(p:Germplasm)
  RETURN {type: r.parentType, name: coalesce(p.germplasmName, p.germplasmDbId)} AS parent ORDER BY parent.type, parent.name
} AS parents
