// Crop names in use by programs and germplasm, sorted, with one page of them.
// Params: $skip, $end (page slice). In Neo4j Browser: :param skip => 0, :param end => 100
CALL () {
  MATCH (p:Program) WHERE p.commonCropName IS NOT NULL RETURN p.commonCropName AS name
  UNION
  MATCH (g:Germplasm) WHERE g.commonCropName IS NOT NULL RETURN g.commonCropName AS name
}
WITH name ORDER BY name
WITH collect(name) AS names
RETURN size(names) AS total, names[$skip..$end] AS page
