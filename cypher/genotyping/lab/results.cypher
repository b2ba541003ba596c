// GET /vendor/orders/{orderId}/results: the variant sets holding call sets of the order's samples, one page of them
// in DbId order, each with the order's samples in it (clientSampleIds, in the order sent) and those call sets. No row: no such
// order.
// Params: $orderId, $skip, $end
MATCH (o:VendorOrder {orderId: $orderId})
CALL (o) {
  OPTIONAL MATCH (v:VendorSample)-[:ON_VENDOR_PLATE]->(:VendorPlate)-[:IN_ORDER]->(o)
  OPTIONAL MATCH (v)-[:FOR_SAMPLE]->(:Sample)<-[:OF_SAMPLE]-(c:CallSet)-[:IN_VARIANT_SET]->(vs:VariantSet)
  WITH vs, v, c ORDER BY v.sampleIndex, c.callSetDbId
  WITH vs, collect(DISTINCT v.clientSampleId) AS clientSampleIds, collect(DISTINCT c.callSetDbId) AS callSetDbIds
  WHERE vs IS NOT NULL
  WITH vs, clientSampleIds, callSetDbIds ORDER BY vs.variantSetDbId
  RETURN collect({
    variantSetDbId: vs.variantSetDbId, variantSetName: vs.variantSetName,
    studyDbId: head([(vs)-[:IN_STUDY]->(s:Study) | s.studyDbId]),
    clientSampleIds: clientSampleIds, callSetDbIds: callSetDbIds
  }) AS files
}
RETURN size(files) AS total, files[$skip..$end] AS page
