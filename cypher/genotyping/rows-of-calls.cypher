// The call rows a PUT /calls changes, with each named call set's column in the variant's set (null when the call set
// is not in that variant's set).
// Params: $calls (list of {variantDbId, callSetDbId})
UNWIND $calls AS call
OPTIONAL MATCH (v:Variant {variantDbId: call.variantDbId})-[:HAS_CALLS]->(r:CallRow)
OPTIONAL MATCH (v)-[:IN_VARIANT_SET]->(:VariantSet)<-[:IN_VARIANT_SET]-(c:CallSet {callSetDbId: call.callSetDbId})
RETURN call.variantDbId AS variantDbId, call.callSetDbId AS callSetDbId, v IS NOT NULL AS variantFound,
       c.callSetIndex AS column, r.calls AS calls, r.ploidy AS ploidy, size(coalesce(v.alternateBases, [])) + 1 AS alleles
