// The new relationships that could lie on a cycle: only a parent that has parents and a child that has children
// can.  Params: $edges: [{child, parent}]
UNWIND $edges AS e
MATCH (c:Germplasm {germplasmDbId: e.child})
MATCH (p:Germplasm {germplasmDbId: e.parent})
WHERE (p)-[:PARENT]->() AND ()-[:PARENT]->(c)
RETURN e.child AS child, e.parent AS parent
