// The germplasm of one program the pedigree quality report checks: those its trials grow, its crossing projects
// name as potential parents or cross, and its seed lots hold (the paths of the germplasm programDbId filter), of one
// crop if given, each with its parents, collected into one row; no row when the program does not exist.
// Params: $programDbId, $commonCropName (or null)
MATCH (r:Program {programDbId: $programDbId})
CALL (r) {
  MATCH (r)<-[:IN_PROGRAM]-(:Trial)<-[:IN_TRIAL]-(:Study)<-[:IN_STUDY]-(:ObservationUnit)-[:OF_GERMPLASM]->(g:Germplasm) RETURN g
  UNION
  MATCH (r)<-[:IN_PROGRAM]-(:CrossingProject)-[:POTENTIAL_PARENT]->(g:Germplasm) RETURN g
  UNION
  MATCH (r)<-[:IN_PROGRAM]-(:CrossingProject)<-[:IN_PROJECT]-()-[:FIRST_PARENT|SECOND_PARENT]->(g:Germplasm) RETURN g
  UNION
  MATCH (r)<-[:IN_PROGRAM]-(:SeedLot)-[:CONTAINS]->(g:Germplasm) RETURN g
}
WITH r, g WHERE $commonCropName IS NULL OR g.commonCropName = $commonCropName
RETURN collect({
  germplasmDbId: g.germplasmDbId, germplasmName: g.germplasmName, commonCropName: g.commonCropName, crossingYear: g.crossingYear,
  parents: [(g)-[r2:PARENT]->(p:Germplasm) | {germplasmDbId: p.germplasmDbId, germplasmName: p.germplasmName, parentType: r2.parentType,
    commonCropName: p.commonCropName, crossingYear: p.crossingYear}]
}) AS germplasm
