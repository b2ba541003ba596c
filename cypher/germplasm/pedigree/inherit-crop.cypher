// Germplasm a pedigree write created without a crop take the crop of their relatives where those agree, and their
// genus and species where those agree too: from their parents ($fromParents), else (a parent created for an existing
// child) from their children. The caller runs it until it sets nothing, so a chain of new intermediate crosses gets
// the crop of the line it descends from.
// Params: $ids (created germplasm), $fromParents (boolean)
// In Neo4j Browser: :param ids => ['my-new-cross'], :param fromParents => true
UNWIND $ids AS id
MATCH (g:Germplasm {germplasmDbId: id})
WHERE g.commonCropName IS NULL
WITH g, CASE WHEN $fromParents
  THEN [(g)-[:PARENT]->(r:Germplasm) WHERE r.commonCropName IS NOT NULL | r]
  ELSE [(g)<-[:PARENT]-(r:Germplasm) WHERE r.commonCropName IS NOT NULL | r] END AS relatives
WITH g, relatives, reduce(s = [], r IN relatives | CASE WHEN r.commonCropName IN s THEN s ELSE s + r.commonCropName END) AS crops
WHERE size(crops) = 1
WITH g, crops[0] AS crop,
  reduce(s = [], r IN relatives | CASE WHEN r.genus IS NULL OR [r.genus, r.species] IN s THEN s ELSE s + [[r.genus, r.species]] END) AS taxa
SET g.commonCropName = crop,
    g.genus = coalesce(g.genus, CASE WHEN size(taxa) = 1 THEN taxa[0][0] END),
    g.species = coalesce(g.species, CASE WHEN size(taxa) = 1 THEN taxa[0][1] END)
RETURN count(g) AS set
