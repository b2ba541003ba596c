// The plan Neo4j makes for a statement (EXPLAIN: planned, not run), for tests that prove an index serves a query.
import neo4j from 'neo4j-driver';
import { toCypherParams } from '../../src/graph/params.js';
import { testDatabase } from './server.js';

interface PlanNode {
  operatorType: string;
  arguments?: { Details?: string };
  children: PlanNode[];
}

/** One operator with what it works on (e.g. `n:Germplasm` for a label scan) and its inputs (left input first). */
export interface PlanStep {
  operator: string;
  details: string;
  children: PlanStep[];
}

/** Every operator of the plan, outermost first (e.g. `NodeIndexSeekByRange@neo4j`). */
export async function explainPlan(cypher: string, params: Record<string, unknown>): Promise<string[]> {
  const walk = (step: PlanStep): string[] => [step.operator, ...step.children.flatMap(walk)];
  return walk(await explainTree(cypher, params));
}

/** The plan as a tree of operators. */
export async function explainTree(cypher: string, params: Record<string, unknown>): Promise<PlanStep> {
  const db = testDatabase();
  const driver = neo4j.driver(db.uri, db.user ? neo4j.auth.basic(db.user, db.password ?? '') : undefined);
  const session = driver.session({ defaultAccessMode: neo4j.session.READ });
  try {
    const result = await session.run(`EXPLAIN ${cypher}`, toCypherParams(params));
    const step = (node: PlanNode): PlanStep => ({ operator: node.operatorType, details: node.arguments?.Details ?? '', children: node.children.map(step) });
    return step(result.summary.plan as unknown as PlanNode);
  } finally {
    await session.close();
    await driver.close();
  }
}

/** The memory Neo4j counted for running a statement (PROFILE: run, its rows discarded), in bytes. */
export async function profiledMemory(cypher: string, params: Record<string, unknown>): Promise<number> {
  const db = testDatabase();
  const driver = neo4j.driver(db.uri, db.user ? neo4j.auth.basic(db.user, db.password ?? '') : undefined);
  const session = driver.session({ defaultAccessMode: neo4j.session.READ });
  try {
    const result = await session.run(`PROFILE ${cypher}`, toCypherParams(params));
    const memory = (result.summary.profile as unknown as { arguments?: { GlobalMemory?: unknown } }).arguments?.GlobalMemory;
    if (memory === undefined) throw new Error('the profile has no GlobalMemory (is memory tracking off?)');
    return Number(memory);
  } finally {
    await session.close();
    await driver.close();
  }
}
