// Deletes the merged duplicate, with what is left of its relationships (its own parents when the survivor had the
// same ones; everything else was moved).  Params: $duplicate (germplasmDbId)
MATCH (d:Germplasm {germplasmDbId: $duplicate})
DETACH DELETE d
RETURN count(*) AS deleted
