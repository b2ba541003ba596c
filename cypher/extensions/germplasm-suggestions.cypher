// Name suggestions: germplasm whose name, synonyms, accession number or DbId have words starting with the typed
// words (the full-text index finds them), ranked: an exact name, then an exact DbId / synonym / accession number,
// then a name that starts with the text, then the others that do, then a word of the name starting with it, then
// the rest; shorter names first within a rank. One page of them and how many were ranked.
// Params: $index, $query (Lucene: +word* per typed word), $candidates, $text (lower case), $wordStart (a Java
// regex: the text at the start of a word), $crop (or null), $skip, $end
CALL db.index.fulltext.queryNodes($index, $query, {limit: $candidates}) YIELD node AS n
WHERE $crop IS NULL OR n.commonCropName = $crop
WITH n, toLower(coalesce(n.germplasmName, '')) AS name, toLower(n.germplasmDbId) AS id,
     [s IN coalesce(n.synonymNames, []) + CASE WHEN n.accessionNumber IS NULL THEN [] ELSE [n.accessionNumber] END | toLower(s)] AS others
WITH n, name, CASE
    WHEN name = $text THEN 0
    WHEN id = $text OR $text IN others THEN 1
    WHEN name STARTS WITH $text THEN 2
    WHEN id STARTS WITH $text OR any(s IN others WHERE s STARTS WITH $text) THEN 3
    WHEN name =~ $wordStart THEN 4
    ELSE 5
  END AS rank,
  head([i IN range(0, size(coalesce(n.synonymNames, [])) - 1) WHERE toLower(n.synonymNames[i]) STARTS WITH $text OR toLower(n.synonymNames[i]) =~ $wordStart | n.synonymNames[i]]) AS synonym
ORDER BY rank, size(name), name, n.germplasmDbId
WITH collect({germplasmDbId: n.germplasmDbId, germplasmName: n.germplasmName, commonCropName: n.commonCropName,
              accessionNumber: n.accessionNumber, matchedSynonym: CASE WHEN rank IN [1, 3, 5] THEN synonym END}) AS ranked
RETURN size(ranked) AS total, ranked[$skip..$end] AS page
