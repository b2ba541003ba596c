// The plan Neo4j makes for a statement (EXPLAIN: planned, not run), for tests that prove an index serves a query.
import neo4j from 'neo4j-driver';
import { reportNotifications } from '../../src/graph/notifications.js';
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

function treeOf(plan: unknown): PlanStep {
  const step = (node: PlanNode): PlanStep => ({ operator: node.operatorType, details: node.arguments?.Details ?? '', children: node.children.map(step) });
  return step(plan as PlanNode);
}

/** The plan as a tree of operators. */
export async function explainTree(cypher: string, params: Record<string, unknown>): Promise<PlanStep> {
  return treeOf((await summaryOf('EXPLAIN', cypher, params)).plan);
}

/** What Neo4j plans a parameter as: its type, at any depth (a plan depends on the types, not the values). */
function shapeOf(value: unknown): unknown {
  if (neo4j.isInt(value)) return 'INTEGER';
  if (Array.isArray(value)) return [...new Set(value.map((v) => JSON.stringify(shapeOf(v))))].sort();
  if (value !== null && typeof value === 'object') return Object.entries(value).map(([k, v]) => [k, shapeOf(v)]).sort();
  return value === null ? 'NULL' : typeof value;
}

/**
 * Plans for many statements on one connection pool: each distinct statement (its text and its parameters' types) is
 * planned once however often it is asked for, and its notifications go where the service's go, so the root hooks'
 * deprecation check sees them (test/setup.ts). Close it when done.
 */
export function openPlanner() {
  const db = testDatabase();
  const driver = neo4j.driver(db.uri, db.user ? neo4j.auth.basic(db.user, db.password ?? '') : undefined);
  const plans = new Map<string, Promise<PlanStep>>();
  const plan = async (cypher: string, params: Record<string, unknown>): Promise<PlanStep> => {
    const session = driver.session({ defaultAccessMode: neo4j.session.READ });
    try {
      const statement = `EXPLAIN ${cypher}`;
      const { summary } = await session.run(statement, toCypherParams(params));
      reportNotifications(statement, summary);
      return treeOf(summary.plan);
    } finally {
      await session.close();
    }
  };
  return {
    /** The plan of `cypher` with parameters of these types (planned on the first call). */
    tree(cypher: string, params: Record<string, unknown> = {}): Promise<PlanStep> {
      const key = `${cypher}\u0000${JSON.stringify(shapeOf(toCypherParams(params)))}`;
      let planned = plans.get(key);
      if (!planned) plans.set(key, (planned = plan(cypher, params)));
      return planned;
    },
    /** How many distinct statements were planned. */
    get planned(): number {
      return plans.size;
    },
    close: () => driver.close(),
  };
}

/** The memory Neo4j counted for running a statement (PROFILE: run, its rows discarded), in bytes. */
export async function profiledMemory(cypher: string, params: Record<string, unknown>): Promise<number> {
  const summary = await summaryOf('PROFILE', cypher, params);
  const memory = (summary.profile as unknown as { arguments?: { GlobalMemory?: unknown } }).arguments?.GlobalMemory;
  if (memory === undefined) throw new Error('the profile has no GlobalMemory (is memory tracking off?)');
  return Number(memory);
}
