// Removes every parent relationship of the listed children (PUT replaces the parents it names).  Params: $ids
UNWIND $ids AS id
MATCH (:Germplasm {germplasmDbId: id})-[r:PARENT]->(:Germplasm)
DELETE r
RETURN count(r) AS removed
