// Many clients at once: 32 concurrent clients for 60 s (BENCH_LOAD_SECONDS) on a mix of pedigree slices, germplasm
// lists and searches (POST /search, the name suggestions) against the service over loopback HTTP (autocannon in a
// worker thread), and the same mix as raw Cypher: every statement each request of the mix sends to Neo4j, captured
// on the service's own connection, replayed through that connection by 32 concurrent workers for the same time. The
// two sides alternate in four rounds of a quarter of the time each.
// Searches are answered at once (BRAPI_SEARCH_STYLE=immediate, a second app on the same connection), so every
// request is a read and its statements can be replayed as they ran.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { performance } from 'node:perf_hooks';
import { createApp } from '../src/app.js';
import { tsWorker } from './ts-worker.js';
import { BoltGraph } from '../src/graph/bolt-transport.js';
import type { Params, ReadOptions, Runner } from '../src/graph/port.js';
import { createLogger } from '../src/logger.js';
import type { RunningServer } from '../src/server.js';
import { ratio, round, summarize, type Summary } from './stats.js';

export const CONNECTIONS = 32;
/** Below this a round is mostly ramp-up: a shorter run is one round a side. */
const MIN_ROUND_SECONDS = 10;

export interface MixRequest {
  name: string;
  method: 'GET' | 'POST';
  path: string;
  body?: unknown;
}

/** A transaction the service ran, or (`read`) one read statement it ran on its own, as graph.read runs them. */
interface Captured {
  mode: 'read' | 'write';
  statements: Array<{ cypher: string; params: Params }>;
  read?: ReadOptions;
}

export interface LoadFigure {
  connections: number;
  /** Seconds per side in all; each side runs `rounds` times, alternating with the other. */
  seconds: number;
  rounds: number;
  mix: string[];
  statementsPerCycle: number;
  service: { requests: number; perSecond: number; errors: number; latency: Summary };
  raw: { requests: number; perSecond: number; errors: number; latency: Summary };
  /** Service throughput / raw Cypher throughput (1 = the service adds nothing). */
  throughputRatio: number;
  /** The same ratio per round: its spread. */
  roundRatios: number[];
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
  target.read = (cypher: string, params: Params = {}, options: ReadOptions = {}) => {
    into.push({ mode: 'read', statements: [{ cypher, params }], read: options });
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
    const worker = tsWorker(new URL('./load-client.ts', import.meta.url), { url: new URL(url).origin, connections: CONNECTIONS, seconds, requests });
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
          if (tx.read) await graph.read(tx.statements[0].cypher, tx.statements[0].params, tx.read);
          else {
            await graph.transaction(async (runner) => {
              for (const s of tx.statements) await runner.run(s.cypher, s.params);
            }, tx.mode);
          }
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
    // Every request of the mix reads the database: a request that seems to send nothing means the capture missed it.
    const silent = mix.filter((_, i) => perRequest[i].length === 0).map((r) => `${r.method} ${r.path}`);
    if (silent.length) throw new Error(`no statement captured for ${silent.join(', ')}`);
    log(`  load: ${mix.length} requests in the mix (${statements} statements), ${CONNECTIONS} clients, ${seconds} s each side`);

    // The two sides alternate in rounds (service, raw, service, raw, ...), so that what else runs on the machine
    // weighs on both alike; each round's ratio is kept for the spread.
    const rounds = seconds >= 4 * MIN_ROUND_SECONDS ? 4 : 1;
    const slice = seconds / rounds;
    const sTimes: number[] = [];
    const rTimes: number[] = [];
    let sSeconds = 0;
    let rSeconds = 0;
    let serviceErrors = 0;
    let rawErrors = 0;
    const statuses: Record<string, number> = {};
    const roundRatios: number[] = [];
    for (let turn = 0; turn < rounds; turn++) {
      const service = await runClients(url, mix, slice);
      // A figure read wrongly from the worker must stop the run, not be written as NaN.
      const counts = service.result as Record<string, unknown>;
      for (const k of ['requests', 'errors', 'timeouts', 'non2xx', 'durationS']) {
        if (typeof counts[k] !== 'number' || !Number.isFinite(counts[k])) throw new Error(`the load worker's ${k} is ${String(counts[k])}`);
      }
      if (!service.times.length) throw new Error('the load worker timed no request');
      serviceErrors += service.result.errors + service.result.timeouts + service.result.non2xx;
      for (const [code, n] of Object.entries(service.statuses)) statuses[code] = (statuses[code] ?? 0) + n;
      for (const t of service.times) sTimes.push(t);
      sSeconds += service.result.durationS;
      const raw = await replay(graph, perRequest, slice);
      rawErrors += raw.errors;
      for (const t of raw.times) rTimes.push(t);
      rSeconds += raw.seconds;
      roundRatios.push(ratio(service.times.length / service.result.durationS, raw.times.length / raw.seconds));
      log(`  load, round ${turn + 1} of ${rounds}: service ${service.times.length} requests, raw Cypher ${raw.times.length} request replays, ratio ${roundRatios.at(-1)}`);
    }
    const servicePerSecond = round(sTimes.length / sSeconds, 1);
    const sLat = summarize(sTimes);
    log(`  load, service: ${sTimes.length} requests, ${servicePerSecond}/s, p50 ${sLat.p50} ms, p95 ${sLat.p95} ms, errors ${serviceErrors}`);
    const rawPerSecond = round(rTimes.length / rSeconds, 1);
    const rLat = summarize(rTimes);
    log(`  load, raw Cypher: ${rTimes.length} request replays, ${rawPerSecond}/s, p50 ${rLat.p50} ms, p95 ${rLat.p95} ms, errors ${rawErrors}`);
    if (serviceErrors || rawErrors) {
      throw new Error(`the load run had errors: service ${serviceErrors} (statuses ${JSON.stringify(statuses)}), raw ${rawErrors}`);
    }
    return {
      connections: CONNECTIONS,
      seconds,
      mix: mix.map((r) => `${r.method} ${r.path}`),
      statementsPerCycle: statements,
      rounds,
      service: { requests: sTimes.length, perSecond: servicePerSecond, errors: serviceErrors, latency: sLat },
      raw: { requests: rTimes.length, perSecond: rawPerSecond, errors: rawErrors, latency: rLat },
      throughputRatio: ratio(servicePerSecond, rawPerSecond),
      roundRatios,
    };
  } finally {
    web.closeAllConnections();
    await new Promise((resolve) => web.close(resolve));
  }
}
