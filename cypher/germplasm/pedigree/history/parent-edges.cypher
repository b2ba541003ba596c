// The PARENT relationships a pedigree write may change, read before and after it to record the difference: those of
// the children whose parents it writes or replaces, and those of the parents whose progeny it replaces.
// Params: $children, $parents (germplasmDbIds)
UNWIND $children AS id
MATCH (c:Germplasm {germplasmDbId: id})-[r:PARENT]->(p:Germplasm)
RETURN c.germplasmDbId AS child, p.germplasmDbId AS parent, r.parentType AS parentType
UNION
UNWIND $parents AS id
MATCH (c:Germplasm)-[r:PARENT]->(p:Germplasm {germplasmDbId: id})
RETURN c.germplasmDbId AS child, p.germplasmDbId AS parent, r.parentType AS parentType
