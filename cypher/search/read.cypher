// One page of a saved search's snapshot. Params: $id, $path, $skip, $end
MATCH (s:SavedSearch {searchResultsDbId: $id, path: $path})
RETURN s.status AS status, s.total AS total, s.ids[$skip..$end] AS ids, s.options AS options, s.owner AS owner,
       s.expiresAt AS expiresAt
