// A window of a variant set's variants in file order found by DbId, with their packed calls: the import names its
// variants <variantIdPrefix><row number, zero-padded>, so a window without variant filters is a list of DbIds (one
// index lookup each) rather than a sort of the whole set.
// Params: $ids (variantDbIds in file order)
UNWIND $ids AS id
MATCH (v:Variant {variantDbId: id})-[:HAS_CALLS]->(r:CallRow)
RETURN v.variantDbId AS variantDbId, head(coalesce(v.variantNames, [])) AS variantName, v.referenceBases AS ref,
       coalesce(v.alternateBases, []) AS alts, r.calls AS calls, r.ploidy AS ploidy
