// Samples of one study named as a VCF's sample columns: a column naming one is that sample's call set.
// Params: $names (list of strings), $studyDbId
UNWIND $names AS name
MATCH (s:Sample {sampleName: name})-[:IN_STUDY]->(:Study {studyDbId: $studyDbId})
RETURN name, collect(DISTINCT s.sampleDbId) AS ids,
       collect(DISTINCT head([(s)-[:OF_GERMPLASM]->(g:Germplasm) | g.germplasmDbId])) AS germplasm
