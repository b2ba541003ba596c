// The cost of the kinship extension on SoyBase (npm run bench -- --kinship-only): for 50, 200 and 500 cultivars,
// the full request (POST /extensions/kinship, JSON) against its two parts measured alone: the one ancestry traversal
// (the raw Cypher on the service's connection) and the computation (computeKinship in this process). The cultivars
// are a deterministic spread: of the SoyBase germplasm with a known parent, in DbId order, every (total / n)-th.
// Written to bench/results/kinship.{json,md}.
import { NEO4J_VERSION } from '../src/devdb/launcher.js';
import { cypher } from '../src/graph/cypher-files.js';
import { computeKinship } from '../src/modules/extensions/kinship/kinship.js';
import { readAncestry } from '../src/modules/extensions/kinship/query.js';
import type { RunningServer } from '../src/server.js';
import { machine, writeResults } from './report.js';
import { ratio, summarize, timed, type Summary } from './stats.js';

export const KINSHIP_SIZES = [50, 200, 500];

export interface KinshipCase {
  germplasm: number;
  /** Germplasm of the pedigree read besides the requested ones. */
  ancestors: number;
  request: Summary;
  traversal: Summary;
  compute: Summary;
  requestPerTraversal: number;
  computePerTraversal: number;
}

async function spread(running: RunningServer, n: number): Promise<string[]> {
  const [row] = await running.graph.read<{ ids: string[] }>(
    `MATCH (g:Germplasm)-[:PARENT]->() WHERE g.germplasmDbId STARTS WITH 'soy-' WITH DISTINCT g ORDER BY g.germplasmDbId
     WITH collect(g.germplasmDbId) AS candidates RETURN [i IN range(0, $n - 1) | candidates[i * size(candidates) / $n]] AS ids`,
    { n },
  );
  return row.ids;
}

async function post(running: RunningServer, ids: string[], method = 'pedigree') {
  const res = await fetch(`${running.baseUrl}/extensions/kinship`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json' },
    body: JSON.stringify({ germplasmDbIds: ids, method }),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`POST /extensions/kinship answered ${res.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text) as { result: { ancestorCount: number } };
}

/** A warm-up, then `reps` rounds of the three measurements, their order rotating between rounds. */
export async function measureKinship(running: RunningServer, reps: number, log: (s: string) => void): Promise<KinshipCase[]> {
  const cases: KinshipCase[] = [];
  for (const n of KINSHIP_SIZES) {
    const ids = await spread(running, n);
    const warm = await post(running, ids);
    const records = await readAncestry(running.graph, ids);
    if (records.length - ids.length !== warm.result.ancestorCount) throw new Error('the traversal and the request disagree');
    const times = { request: [] as number[], traversal: [] as number[], compute: [] as number[] };
    const steps = [
      async () => times.request.push((await timed(() => post(running, ids))).ms),
      async () => times.traversal.push((await timed(() => running.graph.read(cypher('extensions/kinship-ancestry'), { ids }))).ms),
      async () => times.compute.push((await timed(async () => computeKinship(records, ids, 'pedigree'))).ms),
    ];
    for (let rep = 0; rep < reps; rep++) {
      for (let k = 0; k < steps.length; k++) await steps[(rep + k) % steps.length]();
    }
    const [request, traversal, compute] = [summarize(times.request), summarize(times.traversal), summarize(times.compute)];
    cases.push({
      germplasm: n,
      ancestors: warm.result.ancestorCount,
      request,
      traversal,
      compute,
      requestPerTraversal: ratio(request.p50, traversal.p50),
      computePerTraversal: ratio(compute.p50, traversal.p50),
    });
    log(`  kinship of ${n}: ${warm.result.ancestorCount} ancestors; p50 request ${request.p50} ms, traversal ${traversal.p50} ms, compute ${compute.p50} ms`);
  }
  return cases;
}

export function writeKinshipReport(cases: KinshipCase[], reps: number, totalMs: number): { json: string; md: string; text: string } {
  const m = machine();
  const report = { date: new Date().toISOString(), machine: m, reps, cases, totalMs };
  const text = [
    `# Kinship benchmark (${report.date})`,
    '',
    `Node ${m.node}, ${m.cpus} CPUs (${m.cpuModel}), ${m.memoryGb} GB; bundled Neo4j ${NEO4J_VERSION} over Bolt, demo data (SoyBase). ` +
      `${reps} timed rounds after a warm-up; latencies in ms (p50).`,
    '',
    'The request is POST /extensions/kinship (JSON, method "pedigree") over HTTP; the traversal is its one Cypher ' +
      'statement alone (cypher/extensions/kinship-ancestry.cypher) on the same connection; compute is computeKinship ' +
      'alone on the same pedigree. Cultivars: every (total / n)-th SoyBase germplasm with a known parent, by DbId.',
    '',
    '| germplasm | ancestors | request p50 | traversal p50 | compute p50 | request / traversal | compute / traversal |',
    '|---|---|---|---|---|---|---|',
    ...cases.map((c) => `| ${c.germplasm} | ${c.ancestors} | ${c.request.p50} | ${c.traversal.p50} | ${c.compute.p50} | ${c.requestPerTraversal} | ${c.computePerTraversal} |`),
    '',
  ].join('\n');
  return writeResults('kinship', report, text);
}
