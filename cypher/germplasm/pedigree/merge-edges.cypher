// Writes PARENT relationships, one per child and parent; an existing one takes the new parentType. Counts only what
// changes (a new relationship, or a new type), so a dry run reports what an import would really do.
// Params: $edges: [{child, parent, parentType}]
UNWIND $edges AS e
MATCH (c:Germplasm {germplasmDbId: e.child})
MATCH (p:Germplasm {germplasmDbId: e.parent})
OPTIONAL MATCH (c)-[old:PARENT]->(p)
WITH c, p, e, old IS NULL OR old.parentType <> e.parentType AS changes
MERGE (c)-[r:PARENT]->(p)
SET r.parentType = e.parentType
RETURN count(r) AS written, sum(CASE WHEN changes THEN 1 ELSE 0 END) AS changed
