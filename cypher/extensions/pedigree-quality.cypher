// The germplasm the pedigree quality report checks, all of them or those of one crop, one row each with its parents
// (their crop and crossing year too, also when they lie outside the crop), and the crossing project of the cross
// whose family it is (crosses/family.ts).  Params: $commonCropName (or null)
MATCH (g:Germplasm)
WHERE $commonCropName IS NULL OR g.commonCropName = $commonCropName
RETURN g.germplasmDbId AS germplasmDbId, g.germplasmName AS germplasmName, g.commonCropName AS commonCropName,
  g.crossingYear AS crossingYear,
  head([(g)<-[:FAMILY]-(:Cross)-[:IN_PROJECT]->(cp:CrossingProject) | cp.crossingProjectDbId]) AS crossingProjectDbId,
  [(g)-[r:PARENT]->(p:Germplasm) | {germplasmDbId: p.germplasmDbId, germplasmName: p.germplasmName, parentType: r.parentType,
    commonCropName: p.commonCropName, crossingYear: p.crossingYear}] AS parents
