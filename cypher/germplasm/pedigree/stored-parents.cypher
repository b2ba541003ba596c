// The parents stored for each of the given children, with their types and names, read before a write that adds
// parents: what it must keep (parent-types.ts) and what a conflict shows; the parent's crop, for the wide-cross check
// of the parents the write keeps (uploadPedigree.ts works out each child's parents after the write from these).
// Params: $ids (children)
// In Neo4j Browser: :param ids => ['barley-abava']
UNWIND $ids AS id
MATCH (:Germplasm {germplasmDbId: id})-[r:PARENT]->(p:Germplasm)
RETURN id AS child, p.germplasmDbId AS parent, r.parentType AS parentType, coalesce(p.germplasmName, p.germplasmDbId) AS name,
  p.commonCropName AS parentCrop
