// The PARENT relationships that point at the given germplasm (their progeny), as pairs.  Params: $ids (parents)
UNWIND $ids AS id
MATCH (:Germplasm {germplasmDbId: id})<-[:PARENT]-(c:Germplasm)
RETURN id AS parent, c.germplasmDbId AS child
