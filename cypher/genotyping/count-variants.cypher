// How many variants of one variant set pass the variant filters of the calls and the allele matrix.
// Params: $variantSetDbId, $variantDbIds (list or null), $ranges (list of {contig, from, to} or null; 0-based [from, to))
MATCH (v:Variant)-[:IN_VARIANT_SET]->(:VariantSet {variantSetDbId: $variantSetDbId})
WHERE ($variantDbIds IS NULL OR v.variantDbId IN $variantDbIds)
  AND ($ranges IS NULL OR any(r IN $ranges WHERE v.referenceName = r.contig AND (r.from IS NULL OR v.start >= r.from) AND (r.to IS NULL OR v.start < r.to)))
RETURN count(v) AS total
