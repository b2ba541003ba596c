// Relationships that close a cycle: the child is already an ancestor of its parent. Only a parent that has
// parents and a child that has children can be on a cycle, which spares the search for most relationships.
// (Not shortestPath: with a relationship type it fails on Neo4j 3.1 under Java 17.)
// Params: $edges: [{child, parent}]
UNWIND $edges AS e
MATCH (c:Germplasm {germplasmDbId: e.child})
MATCH (p:Germplasm {germplasmDbId: e.parent})
WHERE (p)-[:PARENT]->() AND ()-[:PARENT]->(c) AND (p)-[:PARENT*]->(c)
RETURN e.child AS child, e.parent AS parent,
       head([path = (p)-[:PARENT*]->(c) | [n IN nodes(path) | coalesce(n.germplasmName, n.germplasmDbId)]]) AS cycle
