// The germplasm the pedigree quality report checks, all of them or those of one crop, each with its parents (their
// crop and crossing year too, also when they lie outside the crop), collected into one row.  Params: $commonCropName (or null)
MATCH (g:Germplasm)
WHERE $commonCropName IS NULL OR g.commonCropName = $commonCropName
RETURN collect({
  germplasmDbId: g.germplasmDbId, germplasmName: g.germplasmName, commonCropName: g.commonCropName, crossingYear: g.crossingYear,
  parents: [(g)-[r:PARENT]->(p:Germplasm) | {germplasmDbId: p.germplasmDbId, germplasmName: p.germplasmName, parentType: r.parentType,
    commonCropName: p.commonCropName, crossingYear: p.crossingYear}]
}) AS germplasm
