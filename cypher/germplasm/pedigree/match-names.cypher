// The germplasm of one crop a curator's file may mean by each name: its germplasmName, accessionNumber or
// germplasmPUI (each indexed). Synonyms are matched by match-synonyms.cypher.
// Params: $names (list of strings), $crop
// In Neo4j Browser: :param names => ['Williams 82', 'PI 518671'], :param crop => 'Soybean'
UNWIND $names AS name
CALL (name) {
  MATCH (g:Germplasm {germplasmName: name}) WHERE g.commonCropName = $crop
  RETURN 'germplasmName' AS field, g.germplasmDbId AS id
  UNION
  MATCH (g:Germplasm {accessionNumber: name}) WHERE g.commonCropName = $crop
  RETURN 'accessionNumber' AS field, g.germplasmDbId AS id
  UNION
  MATCH (g:Germplasm {germplasmPUI: name}) WHERE g.commonCropName = $crop
  RETURN 'germplasmPUI' AS field, g.germplasmDbId AS id
}
RETURN name, field, collect(id) AS ids
