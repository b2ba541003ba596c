// The germplasm of one crop that have any of the given names as a synonym: one pass over the crop's germplasm that
// have synonyms (a list property no index serves by element).
// Params: $names (list of strings), $crop
MATCH (g:Germplasm {commonCropName: $crop})
WHERE g.synonymNames IS NOT NULL
UNWIND g.synonymNames AS name
WITH name, g WHERE name IN $names
RETURN name, 'synonym' AS field, collect(DISTINCT g.germplasmDbId) AS ids
