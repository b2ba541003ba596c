// The observations of one variable that a breeding-value fit uses: each with its unit's germplasm, study, and level
// relationships (rep, block codes), restricted by the optional filters (null: no restriction). A season filter
// matches the observation's season, else (an observation without one) its study's seasons. Units outside a study
// or without germplasm have no place in the model and are not read.
// Params: $variable, $studyDbIds, $trialDbIds, $programDbIds, $seasonDbIds, $observationLevels (lists or null)
MATCH (:ObservationVariable {observationVariableDbId: $variable})<-[:OF_VARIABLE]-(o:Observation)-[:OF_UNIT]->(u:ObservationUnit)-[:IN_STUDY]->(s:Study)
WHERE ($studyDbIds IS NULL OR s.studyDbId IN $studyDbIds)
  AND ($observationLevels IS NULL OR u.levelName IN $observationLevels)
  AND ($trialDbIds IS NULL OR EXISTS { (s)-[:IN_TRIAL]->(t:Trial) WHERE t.trialDbId IN $trialDbIds })
  AND ($programDbIds IS NULL OR EXISTS { (s)-[:IN_TRIAL]->(:Trial)-[:IN_PROGRAM]->(p:Program) WHERE p.programDbId IN $programDbIds })
  AND ($seasonDbIds IS NULL
    OR EXISTS { (o)-[:IN_SEASON]->(se:Season) WHERE se.seasonDbId IN $seasonDbIds }
    OR (NOT EXISTS { (o)-[:IN_SEASON]->(:Season) } AND EXISTS { (s)-[:IN_SEASON]->(se:Season) WHERE se.seasonDbId IN $seasonDbIds }))
MATCH (u)-[:OF_GERMPLASM]->(g:Germplasm)
RETURN o.value AS value, g.germplasmDbId AS germplasmDbId, s.studyDbId AS studyDbId, s.studyName AS studyName,
  u.relationshipLevelNames AS levelNames, u.relationshipLevelCodes AS levelCodes
