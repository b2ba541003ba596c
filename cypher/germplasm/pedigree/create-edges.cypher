// Writes the new PARENT relationships of a write: the relationships stored before it were read under the lock
// (stored-parents.cypher), so each of these is created without looking for an old one first (one whose type changes
// goes through set-parent-types.cypher). Counts what it writes. The relationships come as three parallel lists, not
// a list of maps: a bulk write sends tens of thousands, and a map per relationship repeated its three keys each time
// (the driver packs, and Neo4j unpacks, every key).
// Params: $children, $parents, $parentTypes: one item per relationship, child i -> parent i of type i
UNWIND range(0, size($children) - 1) AS i
MATCH (c:Germplasm {germplasmDbId: $children[i]})
MATCH (p:Germplasm {germplasmDbId: $parents[i]})
CREATE (c)-[:PARENT {parentType: $parentTypes[i]}]->(p)
RETURN count(*) AS changed
