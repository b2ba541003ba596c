// Half-sib families: germplasm sharing one parent in the given role (FEMALE: maternal half sibs, MALE: paternal),
// grouped by that parent, largest families first, with how many different mates the parent had (one mate: the
// family is full sibs) and up to 20 members.
// Set the parameters first:
// :param parentType => 'FEMALE'
// :param top => 10
MATCH (child:Germplasm)-[:PARENT {parentType: $parentType}]->(p:Germplasm)
OPTIONAL MATCH (child)-[:PARENT]->(mate:Germplasm) WHERE mate <> p
WITH p, child, mate ORDER BY child.germplasmName
WITH p, count(DISTINCT child) AS familySize, count(DISTINCT mate) AS distinctMates, collect(DISTINCT child.germplasmName) AS names
WHERE familySize > 1
RETURN p.germplasmName AS sharedParent, p.germplasmDbId AS germplasmDbId, familySize, distinctMates, names[0..20] AS members
ORDER BY familySize DESC, sharedParent
LIMIT $top
