// One window of a variant set's variants in file order, each with its packed calls (one byte row, see
// src/modules/genotyping/calls/codec.ts).
// Params: $variantSetDbId, $variantDbIds, $ranges (as in count-variants), $skip, $limit
MATCH (v:Variant)-[:IN_VARIANT_SET]->(:VariantSet {variantSetDbId: $variantSetDbId})
WHERE ($variantDbIds IS NULL OR v.variantDbId IN $variantDbIds)
  AND ($ranges IS NULL OR any(r IN $ranges WHERE v.referenceName = r.contig AND (r.from IS NULL OR v.start >= r.from) AND (r.to IS NULL OR v.start < r.to)))
WITH v ORDER BY v.variantIndex SKIP $skip LIMIT $limit
MATCH (v)-[:HAS_CALLS]->(r:CallRow)
RETURN v.variantDbId AS variantDbId, head(coalesce(v.variantNames, [])) AS variantName, v.referenceBases AS ref,
       coalesce(v.alternateBases, []) AS alts, r.calls AS calls, r.ploidy AS ploidy
