// Writes the new PARENT relationships of a write: the relationships stored before it were read under the lock
// (stored-parents.cypher), so each of these is created without looking for an old one first (one whose type changes
// goes through set-parent-types.cypher). Counts what it writes.
// Params: $edges: [{child, parent, parentType}], one per child and parent
UNWIND $edges AS e
MATCH (c:Germplasm {germplasmDbId: e.child})
MATCH (p:Germplasm {germplasmDbId: e.parent})
CREATE (c)-[:PARENT {parentType: e.parentType}]->(p)
RETURN count(*) AS changed
