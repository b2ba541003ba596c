// POST /vendor/orders and POST /vendor/plates: one order with its plates and their samples, each sample linked to
// the sample of this server it names (clientSampleId = sampleDbId). The caller checked those exist; the count
// returned lets it roll back should one have gone meanwhile.
// Params: $order (properties), $plates (list of {props, samples: list of {props}})
CREATE (o:VendorOrder)
SET o = $order
WITH o
CALL (o) {
  UNWIND $plates AS plate
  CREATE (p:VendorPlate)-[:IN_ORDER]->(o)
  SET p = plate.props
  WITH p, plate
  UNWIND plate.samples AS sample
  MATCH (s:Sample {sampleDbId: sample.props.clientSampleId})
  CREATE (v:VendorSample)-[:ON_VENDOR_PLATE]->(p)
  SET v = sample.props
  CREATE (v)-[:FOR_SAMPLE]->(s)
  RETURN count(v) AS samples
}
RETURN o.orderId AS orderId, o.submissionId AS submissionId, samples
