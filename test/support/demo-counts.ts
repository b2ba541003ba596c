// What a demo load wrote, counted by node label and relationship type (tokens and saved searches left out: the
// test setup and searches make them). Two loads that count the same loaded the same records and links.
import type { Graph } from '../../src/graph/port.js';

export async function demoCounts(graph: Graph): Promise<Record<string, number>> {
  const nodes = await graph.read<{ key: string; n: number }>(
    `MATCH (n) WHERE NOT n:ApiToken AND NOT n:SavedSearch
     UNWIND labels(n) AS label
     RETURN label AS key, count(*) AS n`,
  );
  const links = await graph.read<{ key: string; n: number }>(
    `MATCH ()-[r]->() RETURN type(r) AS key, count(*) AS n`,
  );
  return Object.fromEntries([...nodes.map((r) => [`:${r.key}`, r.n]), ...links.map((r) => [`[${r.key}]`, r.n])].sort(([a], [b]) => String(a).localeCompare(String(b))));
}
