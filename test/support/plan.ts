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

/** The summary of a statement run on its own connection in a read session, with `prefix` (EXPLAIN or PROFILE). */
async function summaryOf(prefix: 'EXPLAIN' | 'PROFILE', cypher: string, params: Record<string, unknown>) {
  const db = testDatabase();
  const driver = neo4j.driver(db.uri, db.user ? neo4j.auth.basic(db.user, db.password ?? '') : undefined);
  const session = driver.session({ defaultAccessMode: neo4j.session.READ });
  try {
    return (await session.run(`${prefix} ${cypher}`, toCypherParams(params))).summary;
  } finally {
    await session.close();
    await driver.close();
  }
}

/** The plan as a tree of operators. */
export async function explainTree(cypher: string, params: Record<string, unknown>): Promise<PlanStep> {
  const summary = await summaryOf('EXPLAIN', cypher, params);
  const step = (node: PlanNode): PlanStep => ({ operator: node.operatorType, details: node.arguments?.Details ?? '', children: node.children.map(step) });
  return step(summary.plan as unknown as PlanNode);
}

/** The memory Neo4j counted for running a statement (PROFILE: run, its rows discarded), in bytes. */
export async function profiledMemory(cypher: string, params: Record<string, unknown>): Promise<number> {
  const summary = await summaryOf('PROFILE', cypher, params);
  const memory = (summary.profile as unknown as { arguments?: { GlobalMemory?: unknown } }).arguments?.GlobalMemory;
  if (memory === undefined) throw new Error('the profile has no GlobalMemory (is memory tracking off?)');
  return Number(memory);
}
