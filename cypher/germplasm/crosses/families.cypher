// What the family germplasm of each cross must be: its name and its parents' germplasm (linked FIRST_PARENT and
// SECOND_PARENT), with the parent types as sent; and whether a germplasm already has the cross's DbId, and if it is
// this cross's family. Params: $ids (crossDbIds)
UNWIND $ids AS id
MATCH (c:Cross {crossDbId: id})
OPTIONAL MATCH (g:Germplasm {germplasmDbId: id})
RETURN id, c.crossName AS crossName, c.crossType AS crossType, c.parent1 AS parent1, c.parent2 AS parent2,
  head([(c)-[:FIRST_PARENT]->(p:Germplasm) | p {.germplasmDbId, .germplasmName}]) AS first,
  head([(c)-[:SECOND_PARENT]->(p:Germplasm) | p {.germplasmDbId, .germplasmName}]) AS second,
  g IS NOT NULL AS taken, g IS NOT NULL AND EXISTS { (c)-[:FAMILY]->(g) } AS isFamily
