// Crop names in use by programs and germplasm, sorted, with one page of them.
// Params: $skip, $end (page slice). In Neo4j Browser: :param skip => 0, :param end => 100
OPTIONAL MATCH (p:Program) WHERE p.commonCropName IS NOT NULL
WITH collect(DISTINCT p.commonCropName) AS fromPrograms
OPTIONAL MATCH (g:Germplasm) WHERE g.commonCropName IS NOT NULL
WITH fromPrograms + collect(DISTINCT g.commonCropName) AS names
UNWIND names AS name
WITH DISTINCT name ORDER BY name
WITH collect(name) AS names
RETURN size(names) AS total, names[$skip..$end] AS page
