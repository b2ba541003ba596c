// Where a pedigree read spends its time, phase by phase (npm run bench -- --phases-only; bench/results/read-phases.*):
// the slices of the slices section (SoyBase's probes, depths 1, 5, 10 and full tree, pages of 1,000) and the full
// tree of Williams 82 as one answer, on the demo data. For each: the statement's PROFILE (database hits, rows), then
// timed rounds of every phase of the service's work done apart, in the service's own order, on the same rows:
// Neo4j's own time (the summary's resultAvailableAfter + resultConsumedAfter), the driver receiving and decoding the
// records (a session of our own with the service's driver settings), the service's read (the transport's conversion
// and session included), assembling the page, presenting it, its JSON text, gzip at the service's level, and the
// whole GET through the service (a client in a thread of its own). Last, a CPU profile of this thread (the service's)
// while that client sends the same GETs, its samples put in categories by the code they ran.
import zlib from 'node:zlib';
import { Session as Inspector } from 'node:inspector/promises';
import { performance } from 'node:perf_hooks';
import neo4j from 'neo4j-driver';
import { compileWhere } from '../src/entities/filters.js';
import { toCypherParams } from '../src/graph/params.js';
import { jsonPieces } from '../src/http/body.js';
import { germplasmEntity } from '../src/modules/germplasm/germplasm/germplasm.entity.js';
import { presentPedigreeNodes } from '../src/modules/germplasm/pedigree/presenter.js';
import { assemblePage, traversalQuery, type PageRow, type TraversalOptions } from '../src/modules/germplasm/pedigree/traversal.js';
import type { RunningServer } from '../src/server.js';
import { soybaseDataset } from './datasets.js';
import type { Database } from './db.js';
import { withClient, type HttpClient } from './http-client.js';
import { machine, writeResults } from './report.js';
import { SHAPES } from './slices.js';
import { round, summarize, type Summary } from './stats.js';

interface Probe {
  url: string;
  opts: TraversalOptions;
  text: string;
  params: Record<string, unknown>;
}

export interface PhaseCase {
  name: string;
  probes: number;
  /** Per probe: database hits and rows of the profiled plan, germplasm in the page, JSON bytes. */
  dbHits: Summary;
  planRows: Summary;
  pageSize: Summary;
  jsonBytes: Summary;
  gzipBytes: Summary;
  phases: Record<string, Summary>;
  /** CPU profile of the service's thread while the GETs ran: ms per request by category. */
  cpu: Record<string, number>;
  /** The largest self times of the category 'other', to read what it holds. */
  cpuOther: Array<[string, number]>;
}

const GZIP = { level: 1 };

function probeOf(running: RunningServer, germplasmDbId: string, shape: (typeof SHAPES)[number], pageSize: number): Probe {
  const filter = compileWhere(germplasmEntity, { germplasmDbId: [germplasmDbId] });
  const opts: TraversalOptions = {
    filter, pedigreeDepth: shape.pedigreeDepth, progenyDepth: shape.progenyDepth, includeParents: true, includeProgeny: true, includeSiblings: false,
  };
  return {
    url: `${running.baseUrl}/pedigree?germplasmDbId=${encodeURIComponent(germplasmDbId)}&${shape.query}${pageSize === 1000 ? '' : `&pageSize=${pageSize}`}`,
    opts,
    text: traversalQuery(opts),
    params: { ...filter.params, skip: 0, end: pageSize },
  };
}

/** The envelope the route answers (respondList), for the JSON phase. */
function envelope(data: unknown[], total: number, pageSize: number) {
  const pagination = { currentPage: 0, pageSize, totalCount: total, totalPages: Math.ceil(total / pageSize) };
  return { '@context': ['https://brapi.org/jsonld/context/metadata.jsonld'], metadata: { datafiles: [], pagination, status: [] }, result: { data } };
}

function dbHitsOf(plan: { dbHits: number; children: unknown[] } | false | undefined): number {
  if (!plan) return 0;
  return plan.dbHits + plan.children.reduce<number>((n, c) => n + dbHitsOf(c as typeof plan), 0);
}

/** The category of a profile node's code: what the service spends that sample on. */
function category(url: string, fn: string): string {
  if (fn === '(garbage collector)') return 'garbage collection';
  if (fn === '(idle)' || fn === '(root)') return 'idle';
  if (fn === '(program)') return 'V8 and native (program)';
  // Native frames have no URL: zlib's handle (write, writeSync), the socket's writes, TextDecoder's decode (the driver).
  if (!url && (fn === 'writeSync' || fn === 'write')) return 'gzip';
  if (!url && /^(writeBuffer|writev|writeUtf8String|writeLatin1String)$/.test(fn)) return 'HTTP and socket';
  if (/neo4j-driver/.test(url) || (!url && fn === 'decode')) return 'driver: Bolt decoding, sessions';
  if (/src\/graph\//.test(url)) return 'transport: conversion to plain values';
  if (/pedigree\/(traversal|presenter|purdy|pedigree-string)\.ts/.test(url)) return 'assembling and presenting';
  if (/src\/http\/body\.ts/.test(url) || fn === 'stringify') return 'JSON text';
  if (/node:zlib|koa-compress/.test(url) || /zlib|gzip|deflate/i.test(fn)) return 'gzip';
  if (/node:(_http|http|net|stream|internal\/(streams|http|net))|node:internal\/stream_base/.test(url)) return 'HTTP and socket';
  if (/koa|src\/http\/|src\/auth\/|src\/entities\/filters|path-to-regexp|negotiator|src\/modules\/germplasm\/pedigree\/(routes|params)/.test(url)) return 'Koa, routing and middleware';
  if (/node:internal\/(process|timers|async_hooks)|node:events/.test(url)) return 'event loop, promises';
  return 'other';
}

interface ProfileNode { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number; children?: number[] }

async function profileGets(client: HttpClient, probes: Probe[], rounds: number): Promise<{ perRequest: Record<string, number>; other: Array<[string, number]> }> {
  const inspector = new Inspector();
  inspector.connect();
  await inspector.post('Profiler.enable');
  await inspector.post('Profiler.setSamplingInterval', { interval: 100 });
  await inspector.post('Profiler.start');
  let requests = 0;
  for (let r = 0; r < rounds; r++) {
    for (const p of probes) {
      await client.get(p.url);
      requests++;
    }
  }
  const { profile } = await inspector.post('Profiler.stop') as { profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] } };
  inspector.disconnect();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const ms = new Map<string, number>();
  const other = new Map<string, number>();
  profile.samples.forEach((id, i) => {
    const node = byId.get(id)!;
    const dt = (profile.timeDeltas[i + 1] ?? profile.timeDeltas[i] ?? 0) / 1000;
    const c = category(node.callFrame.url, node.callFrame.functionName);
    ms.set(c, (ms.get(c) ?? 0) + dt);
    if (c === 'other') {
      const key = `${node.callFrame.functionName || '(anonymous)'} ${node.callFrame.url.replace(/^.*\/(node_modules|src)\//, '$1/')}:${node.callFrame.lineNumber}`;
      other.set(key, (other.get(key) ?? 0) + dt);
    }
  });
  const perRequest = Object.fromEntries([...ms].sort((a, b) => b[1] - a[1]).map(([k, v]) => [k, round(v / requests, 3)]));
  return { perRequest, other: [...other].sort((a, b) => b[1] - a[1]).slice(0, 12).map(([k, v]) => [k, round(v / requests, 3)]) };
}

async function measureCase(client: HttpClient, running: RunningServer, db: Database, name: string, probes: Probe[], rounds: number, log: (s: string) => void): Promise<PhaseCase> {
  const driver = neo4j.driver(db.db.boltUrl, undefined, { disableLosslessIntegers: true, fetchSize: -1 });
  try {
    const hits: number[] = [];
    const planRows: number[] = [];
    const sizes: number[] = [];
    const bytes: number[] = [];
    const gzBytes: number[] = [];
    for (const p of probes) {
      // Warm-up (plans, JIT), then the profile.
      for (let i = 0; i < 3; i++) {
        await client.get(p.url);
        await running.graph.read(p.text, p.params);
      }
      const session = driver.session({ defaultAccessMode: neo4j.session.READ });
      try {
        const result = await session.run(`PROFILE ${p.text}`, toCypherParams(p.params));
        const plan = result.summary.profile as unknown as { dbHits: number; rows: number; children: unknown[] };
        hits.push(dbHitsOf(plan));
        planRows.push(plan.rows);
      } finally {
        await session.close();
      }
      const rows = await running.graph.read<PageRow>(p.text, p.params);
      const page = assemblePage(rows, p.opts);
      const json = [...jsonPieces(envelope(presentPedigreeNodes(page), page.total, Number(p.params.end)))].join('');
      sizes.push(page.nodes.length);
      bytes.push(Buffer.byteLength(json));
      gzBytes.push(zlib.gzipSync(json, GZIP).length);
    }
    const t: Record<string, number[]> = {
      'Neo4j (available + consumed)': [], 'driver: statement to decoded records': [], 'service read (transport: + conversion, session)': [],
      'assembling the page': [], 'presenting': [], 'JSON text': [], 'gzip (level 1)': [], 'GET through the service': [],
    };
    for (let r = 0; r < rounds; r++) {
      for (const p of probes) {
        const session = driver.session({ defaultAccessMode: neo4j.session.READ });
        let start = performance.now();
        try {
          const result = await session.run(p.text, toCypherParams(p.params));
          t['driver: statement to decoded records'].push(performance.now() - start);
          t['Neo4j (available + consumed)'].push(Number(result.summary.resultAvailableAfter) + Number(result.summary.resultConsumedAfter));
        } finally {
          await session.close();
        }
        start = performance.now();
        const rows = await running.graph.read<PageRow>(p.text, p.params);
        t['service read (transport: + conversion, session)'].push(performance.now() - start);
        start = performance.now();
        const page = assemblePage(rows, p.opts);
        const mid = performance.now();
        const data = presentPedigreeNodes(page);
        const end = performance.now();
        t['assembling the page'].push(mid - start);
        t['presenting'].push(end - mid);
        start = performance.now();
        const json = [...jsonPieces(envelope(data, page.total, Number(p.params.end)))].join('');
        t['JSON text'].push(performance.now() - start);
        start = performance.now();
        zlib.gzipSync(json, GZIP);
        t['gzip (level 1)'].push(performance.now() - start);
        t['GET through the service'].push((await client.get(p.url)).ms);
      }
    }
    const phases = Object.fromEntries(Object.entries(t).map(([k, v]) => [k, summarize(v)]));
    const cpu = await profileGets(client, probes, rounds);
    log(`  ${name}: GET p50 ${phases['GET through the service'].p50} ms, Neo4j ${phases['Neo4j (available + consumed)'].p50} ms, db hits ${summarize(hits).p50}`);
    return {
      name, probes: probes.length, dbHits: summarize(hits), planRows: summarize(planRows), pageSize: summarize(sizes), jsonBytes: summarize(bytes),
      gzipBytes: summarize(gzBytes), phases, cpu: cpu.perRequest, cpuOther: cpu.other,
    };
  } finally {
    await driver.close();
  }
}

export async function measureReadPhases(running: RunningServer, db: Database, rounds: number, log: (s: string) => void): Promise<PhaseCase[]> {
  const ids = soybaseDataset().probes;
  return withClient(async (client) => {
    const out: PhaseCase[] = [];
    for (const shape of SHAPES) {
      out.push(await measureCase(client, running, db, `SoyBase probes, ${shape.name}`, ids.map((id) => probeOf(running, id, shape, 1000)), rounds, log));
    }
    const full = SHAPES.find((s) => s.name === 'full tree')!;
    out.push(await measureCase(client, running, db, 'Williams 82, full tree (pageSize 5000)', [probeOf(running, 'soy-williams-82', full, 5000)], rounds * 3, log));
    return out;
  });
}

export function writePhasesReport(cases: PhaseCase[], rounds: number, name: string): { json: string; md: string; text: string } {
  const m = machine();
  const lines = [
    `# Where a pedigree read spends its time (${new Date().toISOString()})`,
    '',
    `Node ${m.node}, ${m.cpus} CPUs (${m.cpuModel}), ${m.memoryGb} GB, load average at the end ${m.loadAverageAtEnd.join(' ')}; demo data; ` +
      `${rounds} rounds over the probes (the full tree ${rounds * 3}), p50 per request in ms. The phases are run apart, in the service's order, on ` +
      'the same statement and rows; the GET is timed by a client in a thread of its own. `npm run bench -- --phases-only`.',
    '',
  ];
  for (const c of cases) {
    const get = c.phases['GET through the service'].p50;
    lines.push(`## ${c.name}`, '',
      `${c.probes} probe(s); germplasm in the page ${c.pageSize.min}..${c.pageSize.max}; JSON ${c.jsonBytes.min}..${c.jsonBytes.max} bytes ` +
      `(gzip ${c.gzipBytes.min}..${c.gzipBytes.max}); the statement's PROFILE: ${c.dbHits.min}..${c.dbHits.max} database hits (p50 ${c.dbHits.p50}), ` +
      `${c.planRows.min}..${c.planRows.max} rows.`, '',
      '| phase | p50 | p95 | / GET p50 |', '|---|---:|---:|---:|',
      ...Object.entries(c.phases).map(([k, s]) => `| ${k} | ${s.p50} | ${s.p95} | ${round(s.p50 / get, 3)} |`),
      '',
      'CPU profile of the service\'s thread during the same GETs (ms per request, by the code each sample ran):', '',
      '| category | ms / GET |', '|---|---:|',
      ...Object.entries(c.cpu).map(([k, v]) => `| ${k} | ${v} |`),
      '',
      ...(c.cpuOther.length ? ['Largest in "other": ' + c.cpuOther.map(([k, v]) => `\`${k}\` ${v}`).join(', ') + '.', ''] : []),
    );
  }
  return writeResults(name, { date: new Date().toISOString(), machine: m, rounds, cases }, lines.join('\n'));
}
