// The cost of the pedigree analytics extensions (npm run bench -- --analytics-only; in --quick on small data):
// inbreeding of every germplasm of SoyBase (the demo data), pairs of SoyBase cultivars side by side, A-inverse and the
// pedigree quality report of the 100k synthetic pedigree. Each request (over HTTP, JSON or the .giv text) is timed against its two parts measured alone
// in the same run: the one Cypher statement (on the service's connection) and the computation (in this process;
// also its CPU time, since the machine is shared and wall time then includes waiting for a core).
// Written to bench/results/analytics.{json,md} (quick: analytics-quick.*, git-ignored).
import { NEO4J_VERSION } from '../src/devdb/launcher.js';
import { cypher } from '../src/graph/cypher-files.js';
import { decompose, inverseTriplets } from '../src/modules/extensions/relationship/inverse.js';
import { PEDIGREE_BATCH, readPedigree } from '../src/modules/extensions/relationship/query.js';
import { qualityFindings } from '../src/modules/extensions/pedigree-quality/quality.js';
import { readQualityScope } from '../src/modules/extensions/pedigree-quality/query.js';
import { findCrosses } from '../src/modules/extensions/duplicate-crosses/query.js';
import { commonAncestors } from '../src/modules/extensions/germplasm-comparison/compare.js';
import { readComparison } from '../src/modules/extensions/germplasm-comparison/query.js';
import { computeKinship } from '../src/modules/extensions/kinship/kinship.js';
import { duplicateCrossOperation } from '../src/modules/extensions/duplicate-crosses/openapi.js';
import { extensionContract } from '../src/openapi/extension-contract.js';
import type { RunningServer } from '../src/server.js';
import { machine, writeResults } from './report.js';
import { ratio, round, summarize, timed, type Summary } from './stats.js';

const crossContract = extensionContract(duplicateCrossOperation);

export interface AnalyticsCase {
  name: string;
  dataset: string;
  call: string;
  germplasm: number;
  /** What the answer holds (rows, triplets, findings). */
  size: Record<string, number>;
  targetMs: number | null;
  request: Summary;
  traversal: Summary;
  compute: Summary;
  computeCpu: Summary;
  requestPerTraversal: number;
  pass: boolean | null;
}

async function fetchText(url: string, init?: RequestInit): Promise<string> {
  const res = await fetch(url, init);
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${url} answered ${res.status}: ${text.slice(0, 300)}`);
  return text;
}

async function cpuTimed(fn: () => unknown): Promise<{ ms: number; cpu: number }> {
  const cpu = process.cpuUsage();
  const { ms } = await timed(async () => fn());
  return { ms, cpu: process.cpuUsage(cpu).user / 1000 };
}

interface Spec {
  name: string;
  call: string;
  url: string;
  /** A POST's request (default GET). */
  init?: RequestInit;
  statement: () => Promise<unknown>;
  compute: () => Promise<unknown>;
  size: (text: string) => Record<string, number>;
  targetMs: number | null;
}

/** A warm-up, then `reps` rounds of the three measurements, their order rotating between rounds. */
async function measure(spec: Spec, dataset: string, germplasm: number, reps: number, log: (s: string) => void): Promise<AnalyticsCase> {
  const size = spec.size(await fetchText(spec.url, spec.init));
  const times = { request: [] as number[], traversal: [] as number[], compute: [] as number[], cpu: [] as number[] };
  const steps = [
    async () => times.request.push((await timed(() => fetchText(spec.url, spec.init))).ms),
    async () => times.traversal.push((await timed(spec.statement)).ms),
    async () => {
      const { ms, cpu } = await cpuTimed(spec.compute);
      times.compute.push(ms);
      times.cpu.push(cpu);
    },
  ];
  for (let rep = 0; rep < reps; rep++) for (let k = 0; k < steps.length; k++) await steps[(rep + k) % steps.length]();
  const [request, traversal, compute, computeCpu] = [times.request, times.traversal, times.compute, times.cpu].map(summarize);
  const pass = spec.targetMs === null ? null : request.p50 <= spec.targetMs;
  log(`  ${spec.name} on ${dataset}: p50 request ${request.p50} ms, statement ${traversal.p50} ms, compute ${compute.p50} ms (CPU ${computeCpu.p50} ms)`);
  return { name: spec.name, dataset, call: spec.call, germplasm, size, targetMs: spec.targetMs, request, traversal, compute, computeCpu, requestPerTraversal: ratio(request.p50, traversal.p50), pass };
}

/**
 * Inbreeding of every germplasm of the database (SoyBase in the full run), and with a target also its A-inverse
 * (JSON): target 1 s each (issue 36: read the parent list in one streamed statement, compute in memory). The
 * statement is the same for both: the whole pedigree read.
 */
export async function measureInbreeding(running: RunningServer, dataset: string, reps: number, log: (s: string) => void, targetMs: number | null = 1000): Promise<AnalyticsCase[]> {
  const records = await readPedigree(running.graph, null);
  const statement = () => running.graph.read(cypher('extensions/pedigree-all'), { batch: PEDIGREE_BATCH });
  const cases = [await measure({
    name: 'inbreeding, whole database',
    call: 'GET /extensions/inbreeding',
    url: `${running.baseUrl}/extensions/inbreeding`,
    statement,
    compute: async () => decompose(records, 'pedigree'),
    size: (text) => ({ germplasm: JSON.parse(text).result.germplasmCount }),
    targetMs,
  }, dataset, records.length, reps, log)];
  // The quick mode (no target) times A-inverse in measureWholePedigree already.
  if (targetMs !== null) {
    cases.push(await measure({
      name: 'A-inverse, whole database, JSON',
      call: 'GET /extensions/relationship-inverse',
      url: `${running.baseUrl}/extensions/relationship-inverse`,
      statement,
      compute: async () => inverseTriplets(decompose(records, 'pedigree')),
      size: (text) => ({ rows: JSON.parse(text).result.rows, triplets: JSON.parse(text).result.triplets.length }),
      targetMs,
    }, dataset, records.length, reps, log));
  }
  return cases;
}

/**
 * Two germplasm side by side, for pairs of SoyBase cultivars (the demo data): Williams 82 with its full sib L24A and
 * with L24, and pairs of cultivars with parents spread over the whole collection (mostly unrelated: their shortest
 * path, when there is one, crosses much of the pedigree). Each round times every pair; target p50 50 ms.
 */
export async function measureComparison(running: RunningServer, dataset: string, reps: number, log: (s: string) => void, pairCount = 30): Promise<AnalyticsCase[]> {
  const [{ ids }] = await running.graph.read<{ ids: string[] }>(
    `MATCH (g:Germplasm)-[:PARENT]->() WHERE g.germplasmDbId STARTS WITH 'soy-' AND NOT g.germplasmDbId STARTS WITH 'soy-x-'
     WITH DISTINCT g.germplasmDbId AS id ORDER BY id WITH collect(id) AS ids
     RETURN [i IN range(0, $n - 1) | ids[toInteger(i * size(ids) / $n)]] AS ids`,
    { n: 2 * (pairCount - 2) },
  );
  const pairs: Array<[string, string]> = [['soy-williams-82', 'soy-l24a'], ['soy-williams-82', 'soy-l24']];
  for (let i = 0; i + 1 < ids.length; i += 2) pairs.push([ids[i], ids[i + 1]]);
  const url = ([a, b]: [string, string]) => `${running.baseUrl}/extensions/germplasm-comparison?germplasmDbIds=${encodeURIComponent(a)},${encodeURIComponent(b)}`;
  const reads = new Map<string, Awaited<ReturnType<typeof readComparison>>>();
  let common = 0;
  let joined = 0;
  for (const pair of pairs) {
    const result = JSON.parse(await fetchText(url(pair))).result;
    common += result.commonAncestorCount;
    if (result.path) joined++;
    reads.set(pair.join(), await readComparison(running.graph, ...pair));
  }
  const times = { request: [] as number[], traversal: [] as number[], compute: [] as number[], cpu: [] as number[] };
  for (let rep = 0; rep < reps; rep++) {
    for (const pair of pairs) {
      const steps = [
        async () => times.request.push((await timed(() => fetchText(url(pair)))).ms),
        async () => times.traversal.push((await timed(() => readComparison(running.graph, ...pair))).ms),
        async () => {
          const { pedigree } = reads.get(pair.join())!;
          const { ms, cpu } = await cpuTimed(() => {
            commonAncestors(pedigree, ...pair);
            computeKinship(pedigree, pair, 'pedigree');
          });
          times.compute.push(ms);
          times.cpu.push(cpu);
        },
      ];
      for (let k = 0; k < steps.length; k++) await steps[(rep + k) % steps.length]();
    }
  }
  const [request, traversal, compute, computeCpu] = [times.request, times.traversal, times.compute, times.cpu].map(summarize);
  const targetMs = 50;
  log(`  germplasm comparison, ${pairs.length} pairs on ${dataset}: p50 request ${request.p50} ms, statement ${traversal.p50} ms, compute ${compute.p50} ms (CPU ${computeCpu.p50} ms)`);
  return [{
    name: `germplasm comparison, ${pairs.length} pairs`,
    dataset,
    call: 'GET /extensions/germplasm-comparison',
    germplasm: 2 * pairs.length,
    size: { pairs: pairs.length, joined, 'common ancestors': common },
    targetMs,
    request,
    traversal,
    compute,
    computeCpu,
    requestPerTraversal: ratio(request.p50, traversal.p50),
    pass: request.p50 <= targetMs,
  }];
}

/** A-inverse (JSON and .giv) and the quality report of the whole database (the 100k synthetic pedigree): 10 s each. */
export async function measureWholePedigree(running: RunningServer, dataset: string, reps: number, log: (s: string) => void): Promise<AnalyticsCase[]> {
  const records = await readPedigree(running.graph, null);
  const scope = (await readQualityScope(running.graph, {}))!;
  const inverse: Omit<Spec, 'name' | 'call' | 'url' | 'size'> = {
    statement: () => running.graph.read(cypher('extensions/pedigree-all'), { batch: PEDIGREE_BATCH }),
    compute: async () => inverseTriplets(decompose(records, 'pedigree')),
    targetMs: 10_000,
  };
  const cases: AnalyticsCase[] = [];
  cases.push(await measure({
    ...inverse,
    name: 'A-inverse, whole database, .giv',
    call: 'GET /extensions/relationship-inverse?format=giv',
    url: `${running.baseUrl}/extensions/relationship-inverse?format=giv`,
    size: (text) => ({ triplets: text.trim().split('\n').length }),
  }, dataset, records.length, reps, log));
  cases.push(await measure({
    ...inverse,
    name: 'A-inverse, whole database, JSON',
    call: 'GET /extensions/relationship-inverse',
    url: `${running.baseUrl}/extensions/relationship-inverse`,
    size: (text) => ({ rows: JSON.parse(text).result.rows, triplets: JSON.parse(text).result.triplets.length }),
  }, dataset, records.length, reps, log));
  cases.push(await measure({
    name: 'quality report, whole database',
    call: 'GET /extensions/pedigree-quality',
    url: `${running.baseUrl}/extensions/pedigree-quality`,
    statement: () => readQualityScope(running.graph, {}),
    compute: async () => qualityFindings(scope),
    size: (text) => ({ findings: JSON.parse(text).result.findingCount }),
    targetMs: 10_000,
  }, dataset, scope.germplasm.length, reps, log));
  // A crossing block of 1,000 pairs: parents of existing crosses, every other pair reversed (so half are found as
  // reciprocals), and pairs of founders that were never crossed.
  const crosses = records.filter((r) => r.parents.some((p) => p.parentType === 'FEMALE') && r.parents.some((p) => p.parentType === 'MALE'));
  const founders = records.filter((r) => r.parents.length === 0);
  const pairs = Array.from({ length: 1000 }, (_, i) => {
    if (i % 4 === 3) return { femaleDbId: founders[i % founders.length].germplasmDbId, maleDbId: founders[(i * 7 + 1) % founders.length].germplasmDbId };
    const c = crosses[Math.floor((i * crosses.length) / 1000)];
    const [f, m] = ['FEMALE', 'MALE'].map((t) => c.parents.find((p) => p.parentType === t)!.germplasmDbId);
    return i % 2 ? { femaleDbId: m, maleDbId: f } : { femaleDbId: f, maleDbId: m };
  });
  const body = JSON.stringify({ crosses: pairs });
  cases.push(await measure({
    name: 'duplicate crosses, 1,000 pairs',
    call: 'POST /extensions/duplicate-crosses',
    url: `${running.baseUrl}/extensions/duplicate-crosses`,
    init: { method: 'POST', headers: { 'content-type': 'application/json' }, body },
    statement: () => findCrosses(running.graph, pairs),
    // The request's own work besides the statement: the body parsed and checked by the declaration.
    compute: async () => crossContract.check({ query: {}, params: {}, body: JSON.parse(body) }),
    size: (text) => ({ pairs: JSON.parse(text).result.crossCount, found: JSON.parse(text).result.duplicateCount }),
    targetMs: 1000,
  }, dataset, records.length, reps, log));
  return cases;
}

export function writeAnalyticsReport(cases: AnalyticsCase[], reps: number, quick: boolean, totalMs: number): { json: string; md: string; text: string } {
  const m = machine();
  const report = { date: new Date().toISOString(), machine: m, quick, reps, cases, totalMs };
  const ms = (s: Summary) => `${round(s.p50, 0)} (${round(s.min, 0)}..${round(s.max, 0)})`;
  const text = [
    `# Pedigree analytics benchmark (${report.date})`,
    '',
    `Node ${m.node}, ${m.cpus} CPUs (${m.cpuModel}), ${m.memoryGb} GB; bundled Neo4j ${NEO4J_VERSION} over Bolt. ` +
      `${reps} timed rounds after a warm-up, the three measurements interleaved; ms as p50 (min..max).${quick ? ' Quick mode: small data, not the targets\' sizes.' : ''}`,
    '',
    'request: the call over HTTP, whole answer read; statement: its one Cypher statement alone on the service\'s ' +
      'connection; compute: the TypeScript computation alone on the same pedigree (wall time, and the CPU time it ' +
      'used: on a shared machine the difference is waiting for a core).',
    '',
    '| call | dataset | germplasm | answer | request | statement | compute | compute CPU | request / statement | target | |',
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...cases.map((c) =>
      `| ${c.call} | ${c.dataset} | ${c.germplasm} | ${Object.entries(c.size).map(([k, v]) => `${v} ${k}`).join(', ')} | ${ms(c.request)} | ${ms(c.traversal)} | ` +
      `${ms(c.compute)} | ${ms(c.computeCpu)} | ${c.requestPerTraversal} | ${c.targetMs === null ? '' : `<= ${c.targetMs}`} | ${c.pass === null || quick ? '' : c.pass ? 'pass' : '**FAIL**'} |`),
    '',
  ].join('\n');
  const name = quick ? 'analytics-quick' : 'analytics';
  return writeResults(name, report, text);
}
