// The whole pedigree, for inbreeding and A-inverse over the whole database (a subset reads
// extensions/kinship-ancestry instead), as flat lists in rows of at most $batch items: every germplasm's DbId and
// name (ids, names: same order), and every parent relationship as its child's DbId, its parent's DbId and its
// parentType (children, parents, types: same order). The two kinds are independent: row k holds the k-th slice of
// each. Flat lists of strings decode several times faster than a row per germplasm holding a map per parent, and
// rows of a few hundred items stay within one Bolt chunk (64 KB): the driver reads a message spread over many chunks
// byte by byte across them, so one row holding every list took longer than the old rows (bench/results/analytics.md).
// Projected from the collected nodes and relationships, so a missing name or parentType stays a null in its place.
// No germplasm: no rows.  Params: $batch (items per row, a whole number)
MATCH (g:Germplasm)
WITH collect(g) AS nodes
CALL () {
  MATCH (:Germplasm)-[r:PARENT]->(:Germplasm)
  RETURN collect(r) AS links
}
UNWIND range(0, CASE WHEN size(nodes) > size(links) THEN size(nodes) ELSE size(links) END - 1, $batch) AS start
WITH nodes[start..start + $batch] AS someNodes, links[start..start + $batch] AS someLinks
RETURN [n IN someNodes | n.germplasmDbId] AS ids, [n IN someNodes | n.germplasmName] AS names,
  [r IN someLinks | startNode(r).germplasmDbId] AS children, [r IN someLinks | endNode(r).germplasmDbId] AS parents,
  [r IN someLinks | r.parentType] AS types
