// Every parent relationship of the given germplasm, as id pairs.  Params: $ids
UNWIND $ids AS id
MATCH (c:Germplasm {germplasmDbId: id})-[:PARENT]->(p:Germplasm)
RETURN c.germplasmDbId AS child, p.germplasmDbId AS parent, c.germplasmName AS childName, p.germplasmName AS parentName
