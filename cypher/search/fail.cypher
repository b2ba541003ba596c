// A saved search whose query failed: 'unavailable' when the database timed out or was away (its GET answers 503),
// 'failed' otherwise (its GET answers 500; the cause is in the service log).
// Params: $id, $status
MATCH (s:SavedSearch {searchResultsDbId: $id})
SET s.status = $status
