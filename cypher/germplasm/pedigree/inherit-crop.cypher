// Germplasm stored without a crop take the crop of their relatives where those agree, and their genus and species
// where those agree too: from their parents ($fromParents), else from their children (the germplasm-crops migration;
// a pedigree write works the same rule out before it writes, inheritCrop.ts). The caller runs it until it sets
// nothing, so a chain of intermediate crosses gets the crop of the line it descends from.
// Params: $ids (germplasm without a crop), $fromParents (boolean)
// In Neo4j Browser: :param ids => ['my-new-cross'], :param fromParents => true
UNWIND $ids AS id
MATCH (g:Germplasm {germplasmDbId: id})
WHERE g.commonCropName IS NULL
WITH g, CASE WHEN $fromParents
  THEN [(g)-[:PARENT]->(r:Germplasm) WHERE r.commonCropName IS NOT NULL | r]
  ELSE [(g)<-[:PARENT]-(r:Germplasm) WHERE r.commonCropName IS NOT NULL | r] END AS relatives
WITH g, relatives, reduce(s = [], r IN relatives | CASE WHEN r.commonCropName IN s THEN s ELSE s + r.commonCropName END) AS crops
WHERE size(crops) = 1
// The relatives' distinct [genus, species] (a missing species is one value too, so compared through coalesce).
WITH g, crops[0] AS crop, reduce(s = [], r IN relatives |
  CASE WHEN r.genus IS NULL OR any(t IN s WHERE t.genus = r.genus AND coalesce(t.species, '') = coalesce(r.species, ''))
  THEN s ELSE s + r END) AS taxa
SET g.commonCropName = crop,
    g.genus = coalesce(g.genus, CASE WHEN size(taxa) = 1 THEN taxa[0].genus END),
    g.species = coalesce(g.species, CASE WHEN size(taxa) = 1 THEN taxa[0].species END)
RETURN count(g) AS set
