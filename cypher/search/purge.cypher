// Deletes the saved searches that have expired. Params: $now (ms)
MATCH (s:SavedSearch) WHERE s.expiresAt < $now
DELETE s
