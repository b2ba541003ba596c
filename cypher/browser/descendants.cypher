// Descendants of one germplasm by generation (1 = its progeny, 2 = their progeny, ...): how many first appear at
// each generation, with up to 25 of their names.
// Set the parameter first:
// :param name => 'Williams 82'
MATCH (g:Germplasm {germplasmName: $name})
MATCH path = (g)<-[:PARENT*1..]-(d:Germplasm)
WITH d, min(length(path)) AS generation
ORDER BY d.germplasmName
RETURN generation, count(d) AS descendants, collect(d.germplasmName)[0..25] AS examples
ORDER BY generation
LIMIT 50
