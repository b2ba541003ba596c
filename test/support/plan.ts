// The plan Neo4j makes for a statement (EXPLAIN: planned, not run), for tests that prove an index serves a query.
import neo4j from 'neo4j-driver';
import { toCypherParams } from '../../src/graph/params.js';
import { testDatabase } from './server.js';

interface PlanNode {
  operatorType: string;
  children: PlanNode[];
}

/** Every operator of the plan, outermost first (e.g. `NodeIndexSeekByRange@neo4j`). */
export async function explainPlan(cypher: string, params: Record<string, unknown>): Promise<string[]> {
  const db = testDatabase();
  const driver = neo4j.driver(db.uri, db.user ? neo4j.auth.basic(db.user, db.password ?? '') : undefined);
  const session = driver.session({ defaultAccessMode: neo4j.session.READ });
  try {
    const result = await session.run(`EXPLAIN ${cypher}`, toCypherParams(params));
    const walk = (node: PlanNode): string[] => [node.operatorType, ...node.children.flatMap(walk)];
    return walk(result.summary.plan as unknown as PlanNode);
  } finally {
    await session.close();
    await driver.close();
  }
}
