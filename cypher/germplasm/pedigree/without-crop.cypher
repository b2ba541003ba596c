// The germplasm that have no crop (commonCropName), for the germplasm-crops migration.
MATCH (g:Germplasm)
WHERE g.commonCropName IS NULL
RETURN g.germplasmDbId AS id
