// One generation up for the cycle check (findCycles.ts), read before a write: the stored PARENT relationships of the
// given germplasm, with the parent's name for a cycle's path.  Params: $ids
// In Neo4j Browser: :param ids => ['soy-williams-82']
UNWIND $ids AS id
MATCH (:Germplasm {germplasmDbId: id})-[:PARENT]->(p:Germplasm)
RETURN id AS child, p.germplasmDbId AS parent, p.germplasmName AS parentName
