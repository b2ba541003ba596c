// The spellings of $crop stored on germplasm (case and surrounding spaces aside): an import given `soybean`
// where germplasm are `Soybean` would otherwise link nothing and make every name a new germplasm.
// Params: $crop
// In Neo4j Browser: :param crop => 'soybean'
MATCH (g:Germplasm)
WHERE toLower(trim(g.commonCropName)) = toLower(trim($crop))
RETURN DISTINCT g.commonCropName AS crop
LIMIT 10
