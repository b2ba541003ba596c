// The most used parents: germplasm with the most progeny, split by the role they had (female, male, or selfed,
// population and clonal sources).
// Set the parameter first:
// :param top => 20
MATCH (child:Germplasm)-[r:PARENT]->(p:Germplasm)
WITH p, count(DISTINCT child) AS progeny,
  sum(CASE r.parentType WHEN 'FEMALE' THEN 1 ELSE 0 END) AS asFemale,
  sum(CASE r.parentType WHEN 'MALE' THEN 1 ELSE 0 END) AS asMale,
  sum(CASE WHEN r.parentType IN ['SELF', 'POPULATION', 'CLONAL'] THEN 1 ELSE 0 END) AS asOther
RETURN p.germplasmName AS parent, p.germplasmDbId AS germplasmDbId, progeny, asFemale, asMale, asOther
ORDER BY progeny DESC, parent
LIMIT $top
