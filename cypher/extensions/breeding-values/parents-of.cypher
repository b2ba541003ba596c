// One generation of the pedigree walk of a breeding-value fit: the given germplasm, each with its parent
// relationships. The caller asks again for the parents not yet read, until none is left: each germplasm is read
// once, where a variable-length pattern would enumerate every path of a deep pedigree.  Params: $ids (germplasmDbIds)
MATCH (g:Germplasm) WHERE g.germplasmDbId IN $ids
RETURN g.germplasmDbId AS germplasmDbId, g.germplasmName AS germplasmName,
  [(g)-[r:PARENT]->(p:Germplasm) | {germplasmDbId: p.germplasmDbId, parentType: r.parentType}] AS parents
