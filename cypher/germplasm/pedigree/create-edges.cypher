// Writes the PARENT relationships of germplasm the write creates: they have none yet, so each is created without
// looking for an old one first (merge-edges.cypher does, for germplasm stored before). Counts what it writes.
// Params: $edges: [{child, parent, parentType}], one per child and parent
UNWIND $edges AS e
MATCH (c:Germplasm {germplasmDbId: e.child})
MATCH (p:Germplasm {germplasmDbId: e.parent})
CREATE (c)-[:PARENT {parentType: e.parentType}]->(p)
RETURN count(*) AS changed
