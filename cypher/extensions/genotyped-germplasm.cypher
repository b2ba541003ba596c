// The germplasm genotyped in one variant set: each call set's column and the germplasm of its sample, with the
// germplasm's parents (for the pedigree check). A germplasm with several call sets appears once per call set.
// Params: $variantSetDbId
MATCH (c:CallSet)-[:IN_VARIANT_SET]->(:VariantSet {variantSetDbId: $variantSetDbId})
MATCH (c)-[:OF_SAMPLE]->(:Sample)-[:OF_GERMPLASM]->(g:Germplasm)
RETURN c.callSetDbId AS callSetDbId, c.callSetIndex AS column, g.germplasmDbId AS germplasmDbId, g.germplasmName AS germplasmName,
       [(g)-[r:PARENT]->(p:Germplasm) | {parentDbId: p.germplasmDbId, parentName: p.germplasmName, parentType: r.parentType}] AS parents
ORDER BY column
