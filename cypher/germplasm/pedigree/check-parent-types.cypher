// Children that now have more than one FEMALE or more than one MALE parent.  Params: $ids (children to check)
UNWIND $ids AS id
MATCH (c:Germplasm {germplasmDbId: id})-[r:PARENT]->(:Germplasm)
WHERE r.parentType IN ['FEMALE', 'MALE']
WITH c, r.parentType AS parentType, count(r) AS n
WHERE n > 1
RETURN c.germplasmDbId AS id, parentType, n
