// A saved search whose query failed (its GET answers 500; the cause is in the service log).
// Params: $id
MATCH (s:SavedSearch {searchResultsDbId: $id})
SET s.status = 'failed'
