// Common ancestors of two germplasm, closest first, with the generations from each (0: one of the two is itself an
// ancestor of the other). Siblings share their parents at generation 1 from both.
// Set the parameters first:
// :param nameA => 'Williams 82'
// :param nameB => 'L26'
MATCH (x:Germplasm {germplasmName: $nameA}), (y:Germplasm {germplasmName: $nameB})
MATCH px = (x)-[:PARENT*0..]->(c:Germplasm)
WITH y, c, min(length(px)) AS fromA
MATCH py = (y)-[:PARENT*0..]->(c)
WITH c, fromA, min(length(py)) AS fromB
RETURN c.germplasmName AS commonAncestor, c.germplasmDbId AS germplasmDbId, fromA AS generationsFromA, fromB AS generationsFromB
ORDER BY fromA + fromB, commonAncestor
LIMIT 100
