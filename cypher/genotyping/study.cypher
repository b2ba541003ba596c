// The study a VCF import is for, and whether the variant set DbId is free.
// Params: $studyDbId, $variantSetDbId
OPTIONAL MATCH (s:Study {studyDbId: $studyDbId})
OPTIONAL MATCH (vs:VariantSet {variantSetDbId: $variantSetDbId})
RETURN s.studyDbId AS studyDbId, s.commonCropName AS crop, vs IS NOT NULL AS taken
