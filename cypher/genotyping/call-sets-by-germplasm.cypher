// Call sets of samples of the given germplasm (by DbId, name or PUI) or of the given samples: the allele matrix's
// germplasm and sample filters.
// Params: $germplasmDbIds, $germplasmNames, $germplasmPUIs, $sampleDbIds (lists or null)
MATCH (c:CallSet)-[:OF_SAMPLE]->(s:Sample)
WHERE ($sampleDbIds IS NULL OR s.sampleDbId IN $sampleDbIds)
  AND ($germplasmDbIds IS NULL AND $germplasmNames IS NULL AND $germplasmPUIs IS NULL
       OR EXISTS { MATCH (s)-[:OF_GERMPLASM]->(g:Germplasm)
                   WHERE g.germplasmDbId IN coalesce($germplasmDbIds, []) OR g.germplasmName IN coalesce($germplasmNames, [])
                      OR g.germplasmPUI IN coalesce($germplasmPUIs, []) })
RETURN collect(c.callSetDbId) AS ids
