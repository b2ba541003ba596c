// The parent types of each child, after a write, for the parent-set rules (parent-sets.ts).  Params: $ids (children)
// In Neo4j Browser: :param ids => ['soy-williams-82']
UNWIND $ids AS id
MATCH (c:Germplasm {germplasmDbId: id})
RETURN id, [(c)-[r:PARENT]->(:Germplasm) | r.parentType] AS types
