// Each written observation ($ids, in request order as i) with what its checks need: its value, its variable's
// scale type and categories, and the season it is linked to. Params: $ids (observation DbIds).
// In Neo4j Browser: :param ids => ['obs-urbana-2024-plot-101-yield']
UNWIND range(0, size($ids) - 1) AS i
MATCH (o:Observation {observationDbId: $ids[i]})
OPTIONAL MATCH (o)-[:OF_VARIABLE]->(v:ObservationVariable)
OPTIONAL MATCH (v)-[:ON_SCALE]->(sc:Scale)
OPTIONAL MATCH (o)-[:IN_SEASON]->(se:Season)
RETURN i, o.value AS value, v.observationVariableDbId AS variable, sc.dataType AS dataType, sc.validValues AS validValues,
       o.season AS season, se.seasonName AS seasonName, se.year AS year
