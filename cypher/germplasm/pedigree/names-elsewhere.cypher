// Of the given names, those that germplasm outside a crop have (another crop, or none recorded), with those crops.
// Params: $names (list of strings), $crop
UNWIND $names AS name
MATCH (g:Germplasm {germplasmName: name})
WHERE g.commonCropName IS NULL OR g.commonCropName <> $crop
RETURN name, collect(DISTINCT coalesce(g.commonCropName, '(no crop)')) AS crops
