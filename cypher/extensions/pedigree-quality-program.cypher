// The germplasm of one program the pedigree quality report checks: those its trials grow, its crossing projects
// name as potential parents or cross, and its seed lots hold (the paths of the germplasm programDbId filter), of one
// crop if given, one row each with its parents and the crossing project of the cross whose family it is. A program
// without germplasm gives one row of nulls; an unknown program, no row.  Params: $programDbId, $commonCropName (or null)
MATCH (r:Program {programDbId: $programDbId})
OPTIONAL CALL (r) {
  MATCH (r)<-[:IN_PROGRAM]-(:Trial)<-[:IN_TRIAL]-(:Study)<-[:IN_STUDY]-(:ObservationUnit)-[:OF_GERMPLASM]->(g:Germplasm)
  WHERE $commonCropName IS NULL OR g.commonCropName = $commonCropName
  RETURN g
  UNION
  MATCH (r)<-[:IN_PROGRAM]-(:CrossingProject)-[:POTENTIAL_PARENT]->(g:Germplasm)
  WHERE $commonCropName IS NULL OR g.commonCropName = $commonCropName
  RETURN g
  UNION
  MATCH (r)<-[:IN_PROGRAM]-(:CrossingProject)<-[:IN_PROJECT]-()-[:FIRST_PARENT|SECOND_PARENT]->(g:Germplasm)
  WHERE $commonCropName IS NULL OR g.commonCropName = $commonCropName
  RETURN g
  UNION
  MATCH (r)<-[:IN_PROGRAM]-(:SeedLot)-[:CONTAINS]->(g:Germplasm)
  WHERE $commonCropName IS NULL OR g.commonCropName = $commonCropName
  RETURN g
}
RETURN g.germplasmDbId AS germplasmDbId, g.germplasmName AS germplasmName, g.commonCropName AS commonCropName,
  g.crossingYear AS crossingYear,
  head([(g)<-[:FAMILY]-(:Cross)-[:IN_PROJECT]->(cp:CrossingProject) | cp.crossingProjectDbId]) AS crossingProjectDbId,
  CASE WHEN g IS NULL THEN [] ELSE [(g)-[r2:PARENT]->(p:Germplasm) | {germplasmDbId: p.germplasmDbId, germplasmName: p.germplasmName,
    parentType: r2.parentType, commonCropName: p.commonCropName, crossingYear: p.crossingYear}] END AS parents
