// One step down: the distinct children of the given germplasm.  Params: $ids
UNWIND $ids AS id
MATCH (:Germplasm {germplasmDbId: id})<-[:PARENT]-(c:Germplasm)
RETURN DISTINCT c.germplasmDbId AS id
