// Many clients at once: 32 concurrent clients for 60 s (BENCH_LOAD_SECONDS) on a mix of pedigree slices, germplasm
// lists and searches (POST /search, the name suggestions) against the service over loopback HTTP (autocannon in a
// worker thread), then the same mix as raw Cypher: every statement each request of the mix sends to Neo4j, captured
// on the service's own connection, replayed through that connection by 32 concurrent workers for the same time.
// Searches are answered at once (BRAPI_SEARCH_STYLE=immediate, a second app on the same connection), so every
// request is a read and its statements can be replayed as they ran.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { createApp } from '../src/app.js';
import { BoltGraph } from '../src/graph/bolt-transport.js';
import type { Params, Runner } from '../src/graph/port.js';
import { createLogger } from '../src/logger.js';
import type { RunningServer } from '../src/server.js';
import { ratio, round, summarize, type Summary } from './stats.js';

export const CONNECTIONS = 32;

export interface MixRequest {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
}

interface Captured {
  mode: 'read' | 'write';
  statements: Array<{ cypher: string; params: Params }>;
}

export interface LoadFigure {
  connections: number;
  seconds: number;
  mix: string[];
  statementsPerCycle: number;
  service: { requests: number; perSecond: number; errors: number; latency: Summary };
  raw: { requests: number; perSecond: number; errors: number; latency: Summary };
  /** Service throughput / raw Cypher throughput (1 = the service adds nothing). */
  throughputRatio: number;
}

/** The mix for some germplasm (DbId and name): slices at two depths, lists, searches and suggestions. */
export function mixFor(germplasm: Array<{ id: string; name: string }>, cropName: string | null): MixRequest[] {
  const mix: MixRequest[] = [];
  germplasm.forEach(({ id, name }, i) => {
    const q = encodeURIComponent;
    mix.push(
      { name: 'pedigree depth 1', method: 'GET', path: `/pedigree?germplasmDbId=${q(id)}&pedigreeDepth=1&progenyDepth=1` },
      { name: 'pedigree depth 3 up, 1 down', method: 'GET', path: `/pedigree?germplasmDbId=${q(id)}&pedigreeDepth=3&progenyDepth=1` },
      { name: 'germplasm by name', method: 'GET', path: `/germplasm?germplasmName=${q(name)}` },
      { name: 'germplasm list page of 100', method: 'GET', path: `/germplasm?pageSize=100&page=${i}${cropName ? `&commonCropName=${q(cropName)}` : ''}` },
      { name: 'POST /search/germplasm', method: 'POST', path: '/search/germplasm', body: { germplasmNames: [name], pageSize: 100 } },
      { name: 'POST /search/pedigree', method: 'POST', path: '/search/pedigree', body: { germplasmDbIds: [id], pedigreeDepth: 2, progenyDepth: 0 } },
      { name: 'name suggestions', method: 'GET', path: `/extensions/germplasm-suggestions?text=${q(name.slice(0, 3))}` },
    );
  });
  return mix;
}

/** Records every transaction the service runs on `graph` until the returned function is called. */
function capture(graph: BoltGraph, into: Captured[]): () => void {
  const target = graph as unknown as Record<string, unknown>;
  const transaction = graph.transaction.bind(graph);
  const read = graph.read.bind(graph);
  target.transaction = <T>(work: (tx: Runner) => Promise<T>, mode: 'read' | 'write' = 'write') => {
    const tx: Captured = { mode, statements: [] };
    into.push(tx);
    return transaction((runner) => work({ run: (cypher, params = {}) => (tx.statements.push({ cypher, params }), runner.run(cypher, params)) }), mode);
  };
  target.read = (cypher: string, params: Params = {}, options: { primary?: boolean } = {}) => {
    // Primary reads bypass transaction(): record them here.
    if (options.primary) into.push({ mode: 'read', statements: [{ cypher, params }] });
    return read(cypher, params, options);
  };
  return () => {
    delete target.transaction;
    delete target.read;
  };
}

async function call(url: string, r: MixRequest): Promise<number> {
  const res = await fetch(url + r.path, {
    method: r.method,
    headers: { accept: 'application/json', ...(r.body ? { 'content-type': 'application/json' } : {}) },
    body: r.body ? JSON.stringify(r.body) : undefined,
  });
  await res.arrayBuffer();
  return res.status;
}

function runClients(url: string, mix: MixRequest[], seconds: number): Promise<{ result: any; times: number[]; statuses: Record<string, number> }> {
  const requests = mix.map((r) => ({
    method: r.method,
    path: new URL(url).pathname + r.path,
    ...(r.body ? { body: JSON.stringify(r.body), headers: { 'content-type': 'application/json', accept: 'application/json' } } : { headers: { accept: 'application/json' } }),
  }));
  return new Promise((resolve, reject) => {
    // A worker does not inherit tsx's loader: it registers it, then loads the TypeScript file.
    const script = new URL('./load-client.ts', import.meta.url).href;
    const worker = new Worker(`import('tsx/esm/api').then(({ register }) => { register(); return import(${JSON.stringify(script)}); })`, {
      eval: true,
      workerData: { url: new URL(url).origin, connections: CONNECTIONS, seconds, requests },
    });
    worker.once('message', (m) => (m.error ? reject(new Error(m.error)) : resolve(m)));
    worker.once('error', reject);
    worker.once('exit', (code) => code !== 0 && reject(new Error(`the load worker exited with ${code}`)));
  });
}

/** `CONNECTIONS` workers replaying the captured transactions, each cycling through the mix, for `seconds`. */
async function replay(graph: BoltGraph, perRequest: Captured[][], seconds: number) {
  const times: number[] = [];
  let errors = 0;
  const end = performance.now() + seconds * 1000;
  const worker = async () => {
    for (let i = 0; performance.now() < end; i = (i + 1) % perRequest.length) {
      const started = performance.now();
      try {
        for (const tx of perRequest[i]) {
          await graph.transaction(async (runner) => {
            for (const s of tx.statements) await runner.run(s.cypher, s.params);
          }, tx.mode);
        }
        times.push(performance.now() - started);
      } catch {
        errors++;
      }
    }
  };
  const started = performance.now();
  await Promise.all(Array.from({ length: CONNECTIONS }, worker));
  return { times, errors, seconds: (performance.now() - started) / 1000 };
}

export async function measureManyClients(running: RunningServer, germplasm: Array<{ id: string; name: string }>, cropName: string | null, seconds: number, log: (s: string) => void): Promise<LoadFigure> {
  if (!(running.graph instanceof BoltGraph)) throw new Error('the load figure needs the Bolt transport');
  const graph = running.graph;
  const config = { ...running.config, search: { ...running.config.search, style: 'immediate' as const } };
  const { app } = createApp({ graph, config, logger: createLogger('silent') });
  const web = http.createServer(app.callback());
  web.keepAliveTimeout = 120_000;
  await new Promise<void>((resolve) => web.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(web.address() as AddressInfo).port}${config.basePath}`;
  try {
    const mix = mixFor(germplasm, cropName);
    // Each request once, alone, recording what it sends to Neo4j (this also warms plans and caches).
    const perRequest: Captured[][] = [];
    for (const r of mix) {
      const captured: Captured[] = [];
      const stop = capture(graph, captured);
      let status: number;
      try {
        status = await call(url, r);
      } finally {
        stop();
      }
      if (status !== 200) throw new Error(`${r.method} ${r.path} answered ${status}`);
      if (captured.some((t) => t.mode !== 'read')) throw new Error(`${r.method} ${r.path} wrote: the mix must be reads`);
      perRequest.push(captured);
    }
    const statements = perRequest.reduce((n, txs) => n + txs.reduce((m, t) => m + t.statements.length, 0), 0);
    log(`  load: ${mix.length} requests in the mix (${statements} statements), ${CONNECTIONS} clients, ${seconds} s each side`);

    const service = await runClients(url, mix, seconds);
    const serviceErrors = service.result.errors + service.result.timeouts + service.result.non2xx;
    const servicePerSecond = round(service.result.requests / service.result.durationS, 1);
    const sLat = summarize(service.times);
    log(`  load, service: ${service.result.requests} requests, ${servicePerSecond}/s, p50 ${sLat.p50} ms, p95 ${sLat.p95} ms, errors ${serviceErrors}`);
    const raw = await replay(graph, perRequest, seconds);
    const rawPerSecond = round(raw.times.length / raw.seconds, 1);
    const rLat = summarize(raw.times);
    log(`  load, raw Cypher: ${raw.times.length} request replays, ${rawPerSecond}/s, p50 ${rLat.p50} ms, p95 ${rLat.p95} ms, errors ${raw.errors}`);
    if (serviceErrors || raw.errors) {
      throw new Error(`the load run had errors: service ${serviceErrors} (statuses ${JSON.stringify(service.statuses)}), raw ${raw.errors}`);
    }
    return {
      connections: CONNECTIONS,
      seconds,
      mix: mix.map((r) => `${r.method} ${r.path}`),
      statementsPerCycle: statements,
      service: { requests: service.result.requests, perSecond: servicePerSecond, errors: serviceErrors, latency: sLat },
      raw: { requests: raw.times.length, perSecond: rawPerSecond, errors: raw.errors, latency: rLat },
      throughputRatio: ratio(servicePerSecond, rawPerSecond),
    };
  } finally {
    web.closeAllConnections();
    await new Promise((resolve) => web.close(resolve));
  }
}
