// Ancestors of one germplasm, nearest first: each ancestor once, at its nearest generation (1 = a parent,
// 2 = a grandparent, ...), with the parent types along that path (FEMALE > MALE: the female parent's male parent)
// and how many paths lead to it (more than one: it is in the pedigree more than once).
// Set the parameter first:
// :param name => 'Williams 82'
MATCH (g:Germplasm {germplasmName: $name})
MATCH path = (g)-[:PARENT*1..]->(a:Germplasm)
WITH a, length(path) AS generation, [r IN relationships(path) | r.parentType] AS types
ORDER BY generation
WITH a, collect({generation: generation, types: types})[0] AS nearest, count(*) AS paths
RETURN a.germplasmName AS ancestor, a.germplasmDbId AS germplasmDbId, nearest.generation AS generation,
  reduce(s = '', t IN nearest.types | s + CASE s WHEN '' THEN '' ELSE ' > ' END + t) AS parentTypes, paths
ORDER BY generation, ancestor
LIMIT 200
