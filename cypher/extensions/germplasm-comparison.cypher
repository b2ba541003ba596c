// Two germplasm side by side, in one statement: both and all their ancestors, each once, with its parent relationships
// (the kinship extension's ancestry traversal, kinship-ancestry.cypher), and the shortest path between the two through
// the pedigree, walked in either direction (through ancestors, descendants or both). No path row when they are one
// germplasm, when one is unknown, or when no chain of PARENT relationships joins them.  Params: $a, $b (germplasmDbIds)
OPTIONAL MATCH (g:Germplasm) WHERE g.germplasmDbId IN [$a, $b]
OPTIONAL MATCH (g)-[:PARENT*0..]->(x:Germplasm)
WITH g, collect(DISTINCT x) AS ancestry
UNWIND CASE WHEN ancestry = [] THEN [null] ELSE ancestry END AS x
WITH DISTINCT x
WITH [x IN collect(x) | {
  germplasmDbId: x.germplasmDbId,
  germplasmName: x.germplasmName,
  parents: [(x)-[r:PARENT]->(p:Germplasm) | {germplasmDbId: p.germplasmDbId, parentType: r.parentType}]
}] AS pedigree
RETURN pedigree, head(COLLECT {
  MATCH (a:Germplasm {germplasmDbId: $a}), (b:Germplasm {germplasmDbId: $b})
  WHERE a <> b
  MATCH path = shortestPath((a)-[:PARENT*]-(b))
  RETURN {
    germplasm: [n IN nodes(path) | {germplasmDbId: n.germplasmDbId, germplasmName: n.germplasmName}],
    edges: [r IN relationships(path) | {child: startNode(r).germplasmDbId, parent: endNode(r).germplasmDbId, parentType: r.parentType}]
  } AS found
}) AS path
