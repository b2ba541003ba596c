// npm run bench -- --against URL [--token T]: SoyBase loaded through any BrAPI v2 server's public API, then the read
// mix timed on it, so that two servers can be compared on one machine with the same client (bench/results/against.*).
//   Loading (the procedure of issue #36): POST /germplasm in batches of 1,000 (the server makes the DbIds; the answer
//   names them, in request order), then PUT /pedigree in batches of 1,000 children, each with its parents.
//   Reads: the full tree of Williams 82, slices of depth 1 and 5 around it, GET /germplasm pageSize 1000, GET
//   /germplasm/{id}, each timed in interleaved rounds; then 16 connections asking depth-1 slices of SoyBase cultivars
//   for a fixed time (throughput, errors, time-outs).
// URL is the server's BrAPI base (http://host:port/brapi/v2); the database behind it should hold no SoyBase yet.
import http from 'node:http';
import https from 'node:https';
import { performance } from 'node:perf_hooks';
import { soybaseDataset } from './datasets.js';
import { timedGet } from './http-get.js';
import { round, summarize, type Summary } from './stats.js';

export interface AgainstOptions {
  url: string;
  token?: string;
  rounds: number;
  /** Seconds of the 16-connection part. */
  seconds: number;
  batch: number;
}

export interface AgainstResult {
  url: string;
  germplasm: number;
  relationships: number;
  loading: { germplasmMs: number; pedigreeMs: number; totalMs: number; germplasmBatches: number; pedigreeBatches: number };
  reads: Array<{ name: string; url: string; summary: Summary; bytes: number }>;
  concurrent: { connections: number; seconds: number; requests: number; perSecond: number; errors: number; p50: number; p95: number };
}

/** One write request; its answer must be 200 (the body parsed). */
async function send(method: 'POST' | 'PUT', url: string, body: unknown, token?: string): Promise<{ ms: number; json: { result?: { data?: Array<Record<string, unknown>> } } }> {
  const started = performance.now();
  const res = await fetch(url, {
    method,
    headers: { 'content-type': 'application/json', accept: 'application/json', ...(token ? { authorization: `Bearer ${token}` } : {}) },
    body: JSON.stringify(body),
    signal: AbortSignal.timeout(600_000),
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${method} ${url} answered ${res.status}: ${text.slice(0, 500)}`);
  return { ms: performance.now() - started, json: JSON.parse(text) };
}

const batches = <T>(items: T[], size: number) => Array.from({ length: Math.ceil(items.length / size) }, (_, i) => items.slice(i * size, (i + 1) * size));

export async function measureAgainst(opts: AgainstOptions, log: (line: string) => void): Promise<AgainstResult> {
  const base = opts.url.replace(/\/+$/, '');
  const data = soybaseDataset();
  const relationships = data.nodes.reduce((n, x) => n + x.parents.length, 0);
  log(`against ${base}: SoyBase, ${data.nodes.length} germplasm and ${relationships} relationships`);

  // 1. The germplasm, in batches: the server's DbId for each of ours, from the answer (request order).
  const idOf = new Map<string, string>();
  let germplasmMs = 0;
  const nodeBatches = batches(data.nodes, opts.batch);
  for (const [i, batch] of nodeBatches.entries()) {
    const records = batch.map((n) => ({ germplasmName: n.germplasmName, defaultDisplayName: n.germplasmName, commonCropName: 'Soybean', genus: 'Glycine', species: 'max' }));
    const { ms, json } = await send('POST', `${base}/germplasm`, records, opts.token);
    germplasmMs += ms;
    const answered = json.result?.data ?? [];
    if (answered.length !== batch.length) throw new Error(`POST /germplasm batch ${i} answered ${answered.length} records for ${batch.length}`);
    batch.forEach((n, k) => {
      if (answered[k].germplasmName !== n.germplasmName) throw new Error(`POST /germplasm batch ${i}: record ${k} is ${String(answered[k].germplasmName)}, sent ${n.germplasmName}`);
      idOf.set(n.germplasmDbId, String(answered[k].germplasmDbId));
    });
  }
  log(`  POST /germplasm: ${nodeBatches.length} batches, ${(germplasmMs / 1000).toFixed(1)} s`);

  // 2. The relationships: PUT /pedigree, 1,000 children a batch, each with all its parents.
  const children = data.nodes.filter((n) => n.parents.length);
  let pedigreeMs = 0;
  const childBatches = batches(children, opts.batch);
  for (const batch of childBatches) {
    const body = Object.fromEntries(batch.map((n) => {
      const id = idOf.get(n.germplasmDbId)!;
      return [id, { germplasmDbId: id, parents: n.parents.map((p) => ({ germplasmDbId: idOf.get(p.germplasmDbId)!, parentType: p.parentType })) }];
    }));
    pedigreeMs += (await send('PUT', `${base}/pedigree`, body, opts.token)).ms;
  }
  log(`  PUT /pedigree: ${childBatches.length} batches, ${(pedigreeMs / 1000).toFixed(1)} s`);

  // 3. The read mix on Williams 82, rounds interleaved so that the machine's noise weighs on every call alike.
  const w82 = idOf.get('soy-williams-82');
  if (!w82) throw new Error('Williams 82 is not in the SoyBase dataset');
  const probes = data.probes.map((id) => idOf.get(id)!).filter(Boolean);
  const reads = [
    { name: 'full tree of Williams 82', url: `${base}/pedigree?germplasmDbId=${encodeURIComponent(w82)}&includeFullTree=true` },
    { name: 'slice depth 1', url: `${base}/pedigree?germplasmDbId=${encodeURIComponent(w82)}&pedigreeDepth=1&progenyDepth=1` },
    { name: 'slice depth 5', url: `${base}/pedigree?germplasmDbId=${encodeURIComponent(w82)}&pedigreeDepth=5&progenyDepth=5` },
    { name: 'GET /germplasm pageSize 1000', url: `${base}/germplasm?pageSize=1000` },
    { name: 'GET /germplasm/{id}', url: `${base}/germplasm/${encodeURIComponent(w82)}` },
  ];
  const times = reads.map(() => [] as number[]);
  const bytes = reads.map(() => 0);
  for (let r = -1; r < opts.rounds; r++) {
    for (const [k, read] of reads.entries()) {
      const answer = await get(read.url);
      if (answer.status !== 200) throw new Error(`GET ${read.url} answered ${answer.status}: ${answer.body.slice(0, 300)}`);
      // Round -1 is untimed: the server plans its statements and warms its caches.
      if (r >= 0) times[k].push(answer.ms);
      bytes[k] = answer.body.length;
    }
  }

  // 4. 16 connections of depth-1 slices for a fixed time.
  const connections = 16;
  const until = performance.now() + opts.seconds * 1000;
  const latencies: number[] = [];
  let errors = 0;
  await Promise.all(Array.from({ length: connections }, async (_, c) => {
    const agent = base.startsWith('https:') ? new https.Agent({ keepAlive: true }) : new http.Agent({ keepAlive: true });
    for (let i = c; performance.now() < until; i += connections) {
      const id = probes[i % probes.length];
      try {
        const answer = await get(`${base}/pedigree?germplasmDbId=${encodeURIComponent(id)}&pedigreeDepth=1&progenyDepth=1`, agent);
        if (answer.status === 200) latencies.push(answer.ms);
        else errors++;
      } catch {
        errors++;
      }
    }
    agent.destroy();
  }));
  const concurrentSummary = summarize(latencies);
  return {
    url: base,
    germplasm: data.nodes.length,
    relationships,
    loading: { germplasmMs: round(germplasmMs, 0), pedigreeMs: round(pedigreeMs, 0), totalMs: round(germplasmMs + pedigreeMs, 0), germplasmBatches: nodeBatches.length, pedigreeBatches: childBatches.length },
    reads: reads.map((read, k) => ({ ...read, summary: summarize(times[k]), bytes: bytes[k] })),
    concurrent: {
      connections,
      seconds: opts.seconds,
      requests: latencies.length,
      perSecond: round(latencies.length / opts.seconds, 1),
      errors,
      p50: concurrentSummary.p50,
      p95: concurrentSummary.p95,
    },
  };
}

/** A GET timed to the whole body decompressed (the benchmark's lean client; https too, for another server). */
async function get(url: string, agent?: http.Agent) {
  return timedGet(url, agent);
}

export function againstMarkdown(r: AgainstResult, date: string, machine: unknown): string {
  const s = (ms: number) => (ms / 1000).toFixed(1);
  return [
    `# SoyBase through the API of ${r.url}`,
    '',
    `${date}; ${JSON.stringify(machine)} (\`npm run bench -- --against URL\`).`,
    '',
    `${r.germplasm} germplasm and ${r.relationships} parent relationships; POST /germplasm in ${r.loading.germplasmBatches} batches, ` +
      `PUT /pedigree in ${r.loading.pedigreeBatches} batches of children.`,
    '',
    '| measure | value |',
    '|---|---:|',
    `| loading: POST /germplasm | ${s(r.loading.germplasmMs)} s |`,
    `| loading: PUT /pedigree | ${s(r.loading.pedigreeMs)} s |`,
    `| loading: total | ${s(r.loading.totalMs)} s |`,
    ...r.reads.map((read) => `| ${read.name} p50 / p95 (${read.summary.n} rounds, ${Math.round(read.bytes / 1024)} KB) | ${read.summary.p50} / ${read.summary.p95} ms |`),
    `| ${r.concurrent.connections} connections, depth-1 slices, ${r.concurrent.seconds} s: throughput | ${r.concurrent.perSecond} req/s (p50 ${r.concurrent.p50} ms, p95 ${r.concurrent.p95} ms, ${r.concurrent.errors} errors or time-outs) |`,
    '',
  ].join('\n');
}
