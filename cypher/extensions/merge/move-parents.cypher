// Moves the duplicate's PARENT relationships to the survivor, with their parentType: each child's relationship to the
// duplicate becomes one to the survivor, and the duplicate's own parents become the survivor's when it has none
// ($takeParents); otherwise (the merge has checked that both have the same parents) the duplicate's are removed.
// Params: $survivor, $duplicate (germplasmDbIds), $takeParents
MATCH (s:Germplasm {germplasmDbId: $survivor})
MATCH (d:Germplasm {germplasmDbId: $duplicate})
CALL (s, d) {
  MATCH (c:Germplasm)-[r:PARENT]->(d)
  CREATE (c)-[moved:PARENT]->(s)
  SET moved = properties(r)
  DELETE r
  RETURN count(moved) AS children
}
CALL (s, d) {
  MATCH (d)-[r:PARENT]->(p:Germplasm)
  FOREACH (_ IN CASE WHEN $takeParents THEN [1] ELSE [] END |
    CREATE (s)-[moved:PARENT]->(p)
    SET moved = properties(r))
  DELETE r
  RETURN count(r) AS parents
}
RETURN children, parents
