// Appends items to a list's data, keeping listSize equal to the number of items; returns the list's DbId (no row:
// no such list). Params: $listDbId, $items (strings), $now (ISO date-time, the new dateModified).
// In Neo4j Browser: :param listDbId => 'list-soybase-checks', :param items => ['soy-lee'], :param now => '2024-06-01T00:00:00Z'
MATCH (n:List {listDbId: $listDbId})
SET n.data = coalesce(n.data, []) + $items, n.dateModified = $now
SET n.listSize = size(n.data)
RETURN n.listDbId AS listDbId
