// Sets the type of stored PARENT relationships whose type a write changes (uploadPedigree.ts knows which from the
// parents it read before writing: those stored as given are left alone, new ones are created by create-edges).
// Params: $edges: [{child, parent, parentType}]
UNWIND $edges AS e
MATCH (:Germplasm {germplasmDbId: e.child})-[r:PARENT]->(:Germplasm {germplasmDbId: e.parent})
SET r.parentType = e.parentType
RETURN count(r) AS changed
