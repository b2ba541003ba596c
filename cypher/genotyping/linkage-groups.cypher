// The linkage groups of a genome map (the references of a reference set), by name: how many markers (variants) each
// holds and the largest marker position (VCF POS, 1-based: the variant's 0-based start + 1; null without markers).
// Params: $mapDbId, $skip, $end
MATCH (:ReferenceSet {referenceSetDbId: $mapDbId})<-[:IN_REFERENCE_SET]-(r:Reference)
WITH r ORDER BY r.referenceName, r.referenceDbId
WITH collect(r) AS groups
RETURN size(groups) AS total, [r IN groups[$skip..$end] | {
  linkageGroupName: r.referenceName,
  markerCount: COUNT { (r)<-[:ON_REFERENCE]-(:Variant) },
  maxPosition: reduce(last = null, start IN [(r)<-[:ON_REFERENCE]-(v:Variant) | v.start] |
    CASE WHEN last IS NULL OR start > last THEN start ELSE last END) + 1
}] AS page
