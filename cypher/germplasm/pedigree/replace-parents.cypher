// Removes the parent relationships of the listed children that the PUT does not give again (PUT replaces the parents
// it names); those it gives again stay, so that they count as already stored and are not rewritten.
// Params: $ids, $kept: {childDbId: [parentDbId]}
UNWIND $ids AS id
MATCH (:Germplasm {germplasmDbId: id})-[r:PARENT]->(p:Germplasm)
WHERE NOT p.germplasmDbId IN coalesce($kept[id], [])
DELETE r
RETURN count(r) AS removed
