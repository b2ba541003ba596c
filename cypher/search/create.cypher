// A saved search, pending until its results are written (complete.cypher).
// Params: $id, $path (e.g. germplasm), $owner (user or null), $now (ISO date), $expiresAt (ms since the epoch)
CREATE (:SavedSearch {searchResultsDbId: $id, path: $path, status: 'pending', owner: $owner, createdAt: $now,
                      expiresAt: $expiresAt})
