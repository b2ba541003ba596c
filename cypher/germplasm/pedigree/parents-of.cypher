// One step up: the distinct parents of the given germplasm.  Params: $ids
UNWIND $ids AS id
MATCH (:Germplasm {germplasmDbId: id})-[:PARENT]->(p:Germplasm)
RETURN DISTINCT p.germplasmDbId AS id
