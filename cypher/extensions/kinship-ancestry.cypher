// The given germplasm and all their ancestors, each once, with its parent relationships: the whole pedigree the
// kinship matrix needs, in one traversal. Ancestors are collected per germplasm (collect DISTINCT), so the paths of
// one germplasm are never multiplied by those of another.  Params: $ids (germplasmDbIds)
MATCH (g:Germplasm) WHERE g.germplasmDbId IN $ids
MATCH (g)-[:PARENT*0..]->(a:Germplasm)
WITH g, collect(DISTINCT a) AS ancestry
UNWIND ancestry AS a
WITH DISTINCT a
RETURN a.germplasmDbId AS germplasmDbId, a.germplasmName AS germplasmName,
  [(a)-[r:PARENT]->(p:Germplasm) | {germplasmDbId: p.germplasmDbId, parentType: r.parentType}] AS parents
