// The DbIds of the germplasm with each of the given names (more than one when a name is not unique).
// Params: $names (list of strings)
UNWIND $names AS name
MATCH (g:Germplasm {germplasmName: name})
RETURN name, collect(g.germplasmDbId) AS ids
