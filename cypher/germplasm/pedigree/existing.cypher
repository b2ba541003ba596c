// Which of the given germplasm DbIds exist.  Params: $ids (list of strings)
UNWIND $ids AS id
MATCH (g:Germplasm {germplasmDbId: id})
RETURN g.germplasmDbId AS id
