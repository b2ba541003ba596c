// GET /vendor/orders/{orderId}/status: how many of the order's samples there are, and how many have genotypes (a
// call set of a variant set linked to the sample they name). No row: no such order.
// Params: $orderId
MATCH (o:VendorOrder {orderId: $orderId})
OPTIONAL MATCH (v:VendorSample)-[:ON_VENDOR_PLATE]->(:VendorPlate)-[:IN_ORDER]->(o)
RETURN o.orderId AS orderId, count(v) AS samples,
       count(CASE WHEN EXISTS { (v)-[:FOR_SAMPLE]->(:Sample)<-[:OF_SAMPLE]-(:CallSet)-[:IN_VARIANT_SET]->(:VariantSet) } THEN 1 END) AS genotyped
