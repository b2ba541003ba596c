// The descendants of germplasm (they cannot be its parents, whatever their genotypes say).
// Params: $ids
UNWIND $ids AS id
MATCH (g:Germplasm {germplasmDbId: id})
RETURN id, COLLECT { MATCH (d:Germplasm)-[:PARENT]->+(g) RETURN DISTINCT d.germplasmDbId } AS descendants
