// PARENT relationships among the given ones that tie two crops together (wide crosses): the child's crop differs from
// the parent's, or, for a child without a crop, the parent's crop differs from that of its other parents (compared
// with the first of their crops in name order, so the answer does not depend on storage order). A pedigree write runs
// it for the relationships of stored children (they may have other parents); those of the germplasm it creates, it
// checks by the same rule before writing (inheritCrop.ts).
// Params: $edges: [{child, parent}]
UNWIND $edges AS e
MATCH (c:Germplasm {germplasmDbId: e.child})-[:PARENT]->(p:Germplasm {germplasmDbId: e.parent})
WHERE p.commonCropName IS NOT NULL
WITH c, p, c.commonCropName IS NOT NULL AS childCropGiven,
  coalesce(c.commonCropName, COLLECT {
    MATCH (c)-[:PARENT]->(o:Germplasm) WHERE o.commonCropName IS NOT NULL
    RETURN DISTINCT o.commonCropName AS crop ORDER BY crop
  }[0]) AS childCrop
WHERE childCrop <> p.commonCropName
RETURN c.germplasmDbId AS child, p.germplasmDbId AS parent, childCrop, p.commonCropName AS parentCrop, childCropGiven
ORDER BY child, parent
