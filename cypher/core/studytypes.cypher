// Study types in use by stored studies, sorted, with one page of them.
// Params: $skip, $end (page slice). In Neo4j Browser: :param skip => 0, :param end => 100
OPTIONAL MATCH (s:Study) WHERE s.studyType IS NOT NULL
WITH DISTINCT s.studyType AS type ORDER BY type
WITH collect(type) AS types
RETURN size(types) AS total, types[$skip..$end] AS page
