// One order (by orderId or submissionId) with one page of its plates, in the order they were sent, each with its
// samples in the order they were sent. No row: no such order.
// Params: $orderId, $submissionId (one of them null), $skip, $end
MATCH (o:VendorOrder)
WHERE ($orderId IS NOT NULL AND o.orderId = $orderId) OR ($submissionId IS NOT NULL AND o.submissionId = $submissionId)
CALL (o) {
  OPTIONAL MATCH (p:VendorPlate)-[:IN_ORDER]->(o)
  WITH p ORDER BY p.plateIndex
  RETURN collect(p) AS plates
}
RETURN o {.orderId, .submissionId, .clientId, .numberOfSamples} AS order, size(plates) AS total,
       [p IN plates[$skip..$end] | p {
         .clientPlateId, .clientPlateBarcode, .sampleSubmissionFormat,
         samples: [(v:VendorSample)-[:ON_VENDOR_PLATE]->(p) | v {.*}]
       }] AS page
