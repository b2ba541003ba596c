// For each female x male pair of a planned crossing block, the germplasm already made from it: children with that
// FEMALE and that MALE parent (same orientation), children of the reciprocal (the male as FEMALE, the female as
// MALE), and, when the two are one germplasm, its SELF children. Each pair starts from its two parents' index
// entries and walks only the female's children.  Params: $pairs ([{female, male}])
UNWIND range(0, size($pairs) - 1) AS i
WITH i, $pairs[i] AS pair
OPTIONAL MATCH (f:Germplasm {germplasmDbId: pair.female})
OPTIONAL MATCH (m:Germplasm {germplasmDbId: pair.male})
RETURN i,
  f IS NOT NULL AS femaleFound,
  m IS NOT NULL AS maleFound,
  CASE WHEN f IS NULL OR m IS NULL THEN []
    WHEN f = m THEN [(f)<-[r:PARENT]-(c:Germplasm) WHERE r.parentType = 'SELF' | {germplasmDbId: c.germplasmDbId, germplasmName: c.germplasmName}]
    ELSE [(f)<-[rf:PARENT]-(c:Germplasm)-[rm:PARENT]->(m) WHERE rf.parentType = 'FEMALE' AND rm.parentType = 'MALE' | {germplasmDbId: c.germplasmDbId, germplasmName: c.germplasmName}]
  END AS sameOrientation,
  CASE WHEN f IS NULL OR m IS NULL OR f = m THEN []
    ELSE [(f)<-[rf:PARENT]-(c:Germplasm)-[rm:PARENT]->(m) WHERE rf.parentType = 'MALE' AND rm.parentType = 'FEMALE' | {germplasmDbId: c.germplasmDbId, germplasmName: c.germplasmName}]
  END AS reciprocal
ORDER BY i
