// Links each cross to its family germplasm (the germplasm with the cross's DbId).  Params: $ids (crossDbIds)
UNWIND $ids AS id
MATCH (c:Cross {crossDbId: id})
MATCH (g:Germplasm {germplasmDbId: id})
MERGE (c)-[:FAMILY]->(g)
