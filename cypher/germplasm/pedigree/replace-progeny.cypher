// Removes every progeny relationship of the listed parents (PUT replaces the progeny it names).  Params: $ids
UNWIND $ids AS id
MATCH (:Germplasm {germplasmDbId: id})<-[r:PARENT]-(:Germplasm)
DELETE r
RETURN count(r) AS removed
