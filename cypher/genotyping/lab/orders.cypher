// GET /vendor/orders: one page of orders, oldest first (then by orderId), with the total.
// Params: $orderIds, $submissionIds (lists of strings, any of them; null: any), $skip, $end
MATCH (o:VendorOrder)
WHERE ($orderIds IS NULL OR o.orderId IN $orderIds) AND ($submissionIds IS NULL OR o.submissionId IN $submissionIds)
WITH o ORDER BY o.submitted, o.orderId
WITH collect(o) AS orders
RETURN size(orders) AS total,
       [o IN orders[$skip..$end] | o {.orderId, .clientId, .numberOfSamples, .serviceIds, .requiredServiceInfo}] AS page
