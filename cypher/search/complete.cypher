// The snapshot of a saved search: the matching DbIds in result order, so every page comes from the same set, and
// what the page reader needs (e.g. the pedigree arrays to include).
// Params: $id, $ids (list of DbIds), $options (JSON string or null)
MATCH (s:SavedSearch {searchResultsDbId: $id})
SET s.status = 'done', s.ids = $ids, s.total = size($ids), s.options = $options
