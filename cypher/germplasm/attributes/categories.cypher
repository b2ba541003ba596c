// The attribute categories in use (GET /attributes/categories), sorted, with one page of them.
// Params: $skip, $end (page slice). In Neo4j Browser: :param skip => 0, :param end => 100
MATCH (a:GermplasmAttribute) WHERE a.attributeCategory IS NOT NULL
WITH DISTINCT a.attributeCategory AS category ORDER BY category
WITH collect(category) AS categories
RETURN size(categories) AS total, categories[$skip..$end] AS page
