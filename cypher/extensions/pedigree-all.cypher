// Every germplasm with its parent relationships: the whole pedigree, for inbreeding and A-inverse over the whole
// database (a subset reads extensions/kinship-ancestry instead).  Params: none
MATCH (a:Germplasm)
RETURN a.germplasmDbId AS germplasmDbId, a.germplasmName AS germplasmName,
  [(a)-[r:PARENT]->(p:Germplasm) | {germplasmDbId: p.germplasmDbId, parentType: r.parentType}] AS parents
