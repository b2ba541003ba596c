// Crosses with a germplasm parent but no family germplasm yet (stored before crosses were pedigree nodes), leaving
// out those whose DbId another germplasm already has (their family needs a new crossDbId; see family.ts).
MATCH (c:Cross)
WHERE NOT EXISTS { (c)-[:FAMILY]->(:Germplasm) }
  AND EXISTS { (c)-[:FIRST_PARENT|SECOND_PARENT]->(:Germplasm) }
  AND NOT EXISTS { MATCH (g:Germplasm {germplasmDbId: c.crossDbId}) }
RETURN c.crossDbId AS id
ORDER BY id
