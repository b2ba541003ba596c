// The kinds of relationship the duplicate still has besides PARENT (type, direction, the other node's labels), read
// again after its PARENT relationships moved and the merge was recorded.  Params: $duplicate (germplasmDbId)
MATCH (d:Germplasm {germplasmDbId: $duplicate})
RETURN COLLECT {
  MATCH (d)-[r]-(o) WHERE type(r) <> 'PARENT'
  RETURN DISTINCT {type: type(r), outgoing: startNode(r) = d, labels: labels(o)} AS link
} AS links
