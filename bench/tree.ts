// Large pedigree answers on the demo data (npm run bench -- --tree-only; also part of the full run): the full tree
// of Williams 82 as one answer against its lower bound, and broad base sets (a collection of about 20,000 germplasm)
// at depth 1, depth 10 and full tree. Written to bench/results/tree.{json,md}.
//
// The lower bound is what no implementation can avoid once the slice is known: the slice's nodes and relationships,
// already in this process's memory (the rows of the route's statement, read once before timing), turned into the
// same JSON (assembled, Purdy strings written, presented, serialised). The service also has to run the statement and
// receive its rows, and to answer over HTTP.
import { performance } from 'node:perf_hooks';
import { NEO4J_VERSION } from '../src/devdb/launcher.js';
import { compileWhere } from '../src/entities/filters.js';
import { germplasmEntity } from '../src/modules/germplasm/germplasm/germplasm.entity.js';
import { presentPedigreeNodes } from '../src/modules/germplasm/pedigree/presenter.js';
import { assemblePage, traversalQuery, type PageRow, type TraversalOptions } from '../src/modules/germplasm/pedigree/traversal.js';
import type { RunningServer } from '../src/server.js';
import { withClient, type HttpClient } from './http-client.js';
import { getOk } from './http-get.js';
import { machine, writeResults } from './report.js';
import { ratio, summarize, timed, type Summary } from './stats.js';

/** Untimed rounds of every step before the full tree is timed. */
const WARM_UP_ROUNDS = 10;

/** Issue 17's targets: the full tree <= 100 ms and <= 3 x its lower bound; broad base sets <= 1 s a first page. */
export const TREE_TARGETS = { fullTreeMs: 100, fullTreeOverLowerBound: 3, broadFirstPageMs: 1000 };

export interface FullTreeFloor {
  germplasmDbId: string;
  /** Timed rounds. */
  reps: number;
  size: number;
  bytes: number;
  /** GET /pedigree through the service (HTTP, JSON), from a client in a thread of its own. */
  service: Summary;
  /** The same, from a client in the service's own thread (it decompresses and decodes there). */
  serviceSameThread: Summary;
  /** The route's statement alone on the service's connection (rows received and converted). */
  raw: Summary;
  /** In memory: rows -> nodes and Purdy graph -> presented nodes -> JSON text. */
  lowerBound: Summary;
  /** The parts of the lower bound: assembling and presenting, and JSON.stringify alone. */
  present: Summary;
  stringify: Summary;
  serviceOverLowerBound: number;
  serviceOverRaw: number;
}

export interface BroadCase {
  shape: string;
  totalCount: number;
  pageSize: number;
  service: Summary;
  raw: Summary;
  ratioP50: number;
}

const SHAPES = [
  { name: 'depth 1', query: 'pedigreeDepth=1&progenyDepth=1', pedigreeDepth: 1, progenyDepth: 1 },
  { name: 'depth 10', query: 'pedigreeDepth=10&progenyDepth=10', pedigreeDepth: 10, progenyDepth: 10 },
  { name: 'full tree', query: 'includeFullTree=true', pedigreeDepth: null, progenyDepth: null },
];

function statement(filters: Record<string, unknown>, depths: Pick<TraversalOptions, 'pedigreeDepth' | 'progenyDepth'>, pageSize: number) {
  const filter = compileWhere(germplasmEntity, filters);
  const opts: TraversalOptions = { filter, ...depths, includeParents: true, includeProgeny: true, includeSiblings: false };
  return { opts, text: traversalQuery(opts), params: { ...filter.params, skip: 0, end: pageSize } };
}

/** Runs the steps `reps` times, rotating which goes first so that none always profits from the others' warm-up. */
async function interleave(reps: number, steps: Array<() => Promise<unknown>>): Promise<void> {
  for (let rep = 0; rep < reps; rep++) {
    for (let k = 0; k < steps.length; k++) await steps[(rep + k) % steps.length]();
  }
}

export function measureFullTreeFloor(running: RunningServer, germplasmDbId: string, reps: number, log: (s: string) => void): Promise<FullTreeFloor> {
  return withClient((client) => fullTreeFloor(client, running, germplasmDbId, reps, log));
}

async function fullTreeFloor(client: HttpClient, running: RunningServer, germplasmDbId: string, reps: number, log: (s: string) => void): Promise<FullTreeFloor> {
  const pageSize = 5000;
  const url = `${running.baseUrl}/pedigree?germplasmDbId=${encodeURIComponent(germplasmDbId)}&includeFullTree=true&pageSize=${pageSize}`;
  const { opts, text, params } = statement({ germplasmDbId: [germplasmDbId] }, { pedigreeDepth: null, progenyDepth: null }, pageSize);
  const first = (await getOk(url)).body;
  const answer = JSON.parse(first) as { metadata: { pagination: { totalCount: number } }; result: { data: unknown[] } };
  if (answer.result.data.length !== answer.metadata.pagination.totalCount) throw new Error(`the full tree of ${germplasmDbId} did not fit one page`);
  const rows = await running.graph.read<PageRow>(text, params);
  const inMemory = () => {
    const page = assemblePage(rows, opts);
    const data = presentPedigreeNodes(page);
    const pagination = { currentPage: 0, pageSize, totalCount: page.total, totalPages: Math.ceil(page.total / pageSize) };
    return { '@context': ['https://brapi.org/jsonld/context/metadata.jsonld'], metadata: { datafiles: [], pagination, status: [] }, result: { data } };
  };
  const built = JSON.stringify(inMemory());
  if (built !== first) throw new Error(`the in-memory answer for ${germplasmDbId} differs from the service's`);
  // The database has just loaded the demo data: its compiled code for this statement is not yet warm (untimed,
  // the statement took about 58 ms p50 where the same later in the run took 41).
  await interleave(WARM_UP_ROUNDS, [() => client.get(url), () => getOk(url), () => running.graph.read(text, params), async () => JSON.stringify(inMemory())]);
  const t = { service: [] as number[], sameThread: [] as number[], raw: [] as number[], lowerBound: [] as number[], present: [] as number[], stringify: [] as number[] };
  await interleave(reps, [
    async () => t.service.push((await client.get(url)).ms),
    async () => t.sameThread.push((await getOk(url)).ms),
    async () => t.raw.push((await timed(() => running.graph.read(text, params))).ms),
    async () => {
      const start = performance.now();
      const body = inMemory();
      const mid = performance.now();
      JSON.stringify(body);
      const end = performance.now();
      t.lowerBound.push(end - start);
      t.present.push(mid - start);
      t.stringify.push(end - mid);
    },
  ]);
  const [service, serviceSameThread, raw, lowerBound, present, stringify] = [t.service, t.sameThread, t.raw, t.lowerBound, t.present, t.stringify].map(summarize);
  log(`  full tree of ${germplasmDbId}: ${answer.result.data.length} germplasm, ${(first.length / 1e6).toFixed(2)} MB; p50 service ${service.p50} ms, ` +
    `raw ${raw.p50} ms, lower bound ${lowerBound.p50} ms: service / lower bound ${ratio(service.p50, lowerBound.p50)}`);
  return {
    germplasmDbId,
    reps,
    size: answer.result.data.length,
    bytes: Buffer.byteLength(first),
    service,
    serviceSameThread,
    raw,
    lowerBound,
    present,
    stringify,
    serviceOverLowerBound: ratio(service.p50, lowerBound.p50),
    serviceOverRaw: ratio(service.p50, raw.p50),
  };
}

/** The first page (the default 1000) of a broad base set, with its true totalCount, against the raw statement. */
export function measureBroad(running: RunningServer, collection: string, reps: number, log: (s: string) => void): Promise<BroadCase[]> {
  return withClient((client) => broad(client, running, collection, reps, log));
}

async function broad(client: HttpClient, running: RunningServer, collection: string, reps: number, log: (s: string) => void): Promise<BroadCase[]> {
  const pageSize = 1000;
  const out: BroadCase[] = [];
  for (const shape of SHAPES) {
    const url = `${running.baseUrl}/pedigree?collection=${encodeURIComponent(collection)}&${shape.query}`;
    const { text, params } = statement({ collection: [collection] }, shape, pageSize);
    const body = JSON.parse((await getOk(url)).body) as { metadata: { pagination: { totalCount: number } }; result: { data: unknown[] } };
    const rows = await running.graph.read<PageRow>(text, params);
    const total = rows[0]?.total ?? 0;
    if (body.metadata.pagination.totalCount !== total || body.result.data.length !== Math.min(total, pageSize)) {
      throw new Error(`service and raw Cypher disagree on ${collection} (${shape.name}): ${body.metadata.pagination.totalCount} vs ${total}`);
    }
    const t = { service: [] as number[], raw: [] as number[] };
    await interleave(reps, [
      async () => t.service.push((await client.get(url)).ms),
      async () => t.raw.push((await timed(() => running.graph.read(text, params))).ms),
    ]);
    const [service, raw] = [summarize(t.service), summarize(t.raw)];
    out.push({ shape: shape.name, totalCount: total, pageSize, service, raw, ratioP50: ratio(service.p50, raw.p50) });
    log(`  collection "${collection}", ${shape.name}: totalCount ${total}; p50 service ${service.p50} ms, raw ${raw.p50} ms`);
  }
  return out;
}

export interface TreeReport {
  date: string;
  machine: ReturnType<typeof machine>;
  reps: number;
  targets: typeof TREE_TARGETS;
  fullTree: FullTreeFloor;
  collection: string;
  broad: BroadCase[];
  totalMs: number;
}

const pass = (ok: boolean) => (ok ? 'pass' : '**FAIL**');

export function writeTreeReport(r: TreeReport): { json: string; md: string; text: string } {
  const f = r.fullTree;
  const m = r.machine;
  const text = [
    `# Large pedigree answers (${r.date})`,
    '',
    `Node ${m.node}, ${m.cpus} CPUs (${m.cpuModel}), ${m.memoryGb} GB, load average at the end ${m.loadAverageAtEnd.join(' ')}; ` +
      `bundled Neo4j ${NEO4J_VERSION} over Bolt, demo data (SoyBase). Timed rounds after a warm-up (for the full tree, ${WARM_UP_ROUNDS} untimed rounds of every step): ${f.reps} for the full tree, ${r.reps} for each broad base set; the measured ` +
      'steps interleaved in rotating order; latencies in ms (p50 / p95, min..max).',
    '',
    '## Full tree as one answer',
    '',
    `GET /pedigree?germplasmDbId=${f.germplasmDbId}&includeFullTree=true&pageSize=5000: ${f.size} germplasm, ${(f.bytes / 1e6).toFixed(2)} MB of JSON. ` +
      'Service: the answer as a client receives it (decompressed), timed by a client in a thread of its own, as any ' +
      'real client is (Node\'s http module asking for gzip, as Python\'s and R\'s clients do); the same client in the ' +
      'service\'s thread is shown too. ' +
      'Raw: the route\'s statement alone on the service\'s connection. Lower bound: its rows already in memory turned into ' +
      'the same JSON (checked byte for byte against the service\'s answer): assembling and presenting (Purdy strings ' +
      'included), then JSON.stringify.',
    '',
    '| | p50 / p95 | min..max |',
    '|---|---|---|',
    `| service (client in a thread of its own) | ${f.service.p50} / ${f.service.p95} | ${f.service.min}..${f.service.max} |`,
    `| service (the same client in the service's thread) | ${f.serviceSameThread.p50} / ${f.serviceSameThread.p95} | ${f.serviceSameThread.min}..${f.serviceSameThread.max} |`,
    `| raw statement | ${f.raw.p50} / ${f.raw.p95} | ${f.raw.min}..${f.raw.max} |`,
    `| lower bound | ${f.lowerBound.p50} / ${f.lowerBound.p95} | ${f.lowerBound.min}..${f.lowerBound.max} |`,
    `| of which assembling and presenting | ${f.present.p50} / ${f.present.p95} | ${f.present.min}..${f.present.max} |`,
    `| of which JSON.stringify | ${f.stringify.p50} / ${f.stringify.p95} | ${f.stringify.min}..${f.stringify.max} |`,
    '',
    '| target | measured | |',
    '|---|---|---|',
    `| service p50 <= ${r.targets.fullTreeMs} ms | ${f.service.p50} ms | ${pass(f.service.p50 <= r.targets.fullTreeMs)} |`,
    `| service / lower bound (p50) <= ${r.targets.fullTreeOverLowerBound} | ${f.serviceOverLowerBound} | ${pass(f.serviceOverLowerBound <= r.targets.fullTreeOverLowerBound)} |`,
    `| service / raw statement (p50) | ${f.serviceOverRaw} | |`,
    '',
    `## Broad base set: GET /pedigree?collection=${encodeURIComponent(r.collection)}`,
    '',
    `Target: the first page (pageSize 1000) with its true totalCount in <= ${r.targets.broadFirstPageMs} ms (p50).`,
    '',
    '| shape | totalCount | service p50 / p95 (min..max) | raw p50 / p95 | service / raw (p50) | target |',
    '|---|---|---|---|---|---|',
    ...r.broad.map((b) => `| ${b.shape} | ${b.totalCount} | ${b.service.p50} / ${b.service.p95} (${b.service.min}..${b.service.max}) | ` +
      `${b.raw.p50} / ${b.raw.p95} | ${b.ratioP50} | ${pass(b.service.p50 <= r.targets.broadFirstPageMs)} |`),
    '',
  ].join('\n');
  return writeResults('tree', r, text);
}
