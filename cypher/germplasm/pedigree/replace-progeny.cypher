// Removes the progeny relationships of the listed parents that the PUT does not give again (PUT replaces the progeny
// it names); those it gives again stay, so that they count as already stored and are not rewritten.
// Params: $ids, $kept: {parentDbId: [childDbId]}
UNWIND $ids AS id
MATCH (:Germplasm {germplasmDbId: id})<-[r:PARENT]-(c:Germplasm)
WHERE NOT c.germplasmDbId IN coalesce($kept[id], [])
DELETE r
RETURN count(r) AS removed
