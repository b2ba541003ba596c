// The suite's graph read and cleaned directly, for what a test checks or leaves behind beside the API.
import { server } from './server.js';

/** The `n` of a counting statement (`... RETURN count(x) AS n`) on the suite's database. */
export async function count(cypher: string, params: Record<string, unknown> = {}): Promise<number> {
  const [row] = await server().graph.read<{ n: number }>(cypher, params);
  return row.n;
}

/** A label or property name written by a test (never a value from a request): checked, then written into Cypher. */
function name(text: string): string {
  if (!/^[A-Za-z][A-Za-z0-9_]*$/.test(text)) throw new Error(`not a label or property name: ${text}`);
  return text;
}

/**
 * Deletes, with their relationships, the nodes of `label` whose `prop` is one of `values` (what a test created, by
 * DbId), or, given `{ startsWith }`, begins with that text (a test's own DbId prefix). The label keeps it an index lookup.
 */
export async function removeNodes(label: string, prop: string, values: unknown[] | { startsWith: string }): Promise<void> {
  const where = Array.isArray(values) ? `n.${name(prop)} IN $values` : `n.${name(prop)} STARTS WITH $values`;
  await server().graph.write(`MATCH (n:${name(label)}) WHERE ${where} DETACH DELETE n`, {
    values: Array.isArray(values) ? values : values.startsWith,
  });
}
