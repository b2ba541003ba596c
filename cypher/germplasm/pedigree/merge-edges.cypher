// Writes PARENT relationships, one per child and parent; an existing one takes the new parentType.
// Params: $edges: [{child, parent, parentType}]
UNWIND $edges AS e
MATCH (c:Germplasm {germplasmDbId: e.child})
MATCH (p:Germplasm {germplasmDbId: e.parent})
MERGE (c)-[r:PARENT]->(p)
SET r.parentType = e.parentType
RETURN count(r) AS written
