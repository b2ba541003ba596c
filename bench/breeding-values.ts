// The breeding-values extension at scale (npm run bench -- --breeding-values-only; small in --quick): a pedigree
// already loaded (SoyBase, the demo data, or a synthetic graph), records of one trait imported through the service
// (POST /studies, /observationunits, /observations in batches, as a breeder's import does), then
// POST /extensions/breeding-values timed with the variances given and with EM-REML. Phenotypes are simulated: a
// study mean, an independent effect per germplasm and a residual (the benchmark times the fit; the tests check its
// values). Written to bench/results/breeding-values[-quick].{json,md}. With `genotyped`: genotypes simulated down the
// stored pedigree (test/support/genotype-simulation.ts) for that many germplasm with records, imported as a VCF, then
// the pedigree, single-step and genomic fits timed with the variances given (bench/results/breeding-values-genomic.*).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { importVcf } from '../src/modules/genotyping/io/importVcf.js';
import type { RunningServer } from '../src/server.js';
import { simulate, type PedigreeNode } from '../test/support/genotype-simulation.js';
import { phenotypeRandom, postRecords, postStudies, postVariable, type Post } from '../test/support/breeding-records.js';
import { BENCH_TOKEN } from './db.js';
import { machine, writeResults } from './report.js';
import { summarize, timed, type Summary } from './stats.js';

export interface BreedingValuesCase {
  dataset: string;
  /** pedigree, genomic or single-step (with the genotyped count and markers). */
  relationship?: string;
  records: number;
  germplasm: number;
  equations: number;
  variances: 'given' | 'reml';
  request: Summary;
  /** CPU time of this process (the service and the client's parse) per request. */
  cpu: Summary;
  solver: string;
  remlRounds: number | null;
  remlConverged: boolean | null;
  targetMs: number | null;
  /** How the rounds were answered: by their POST (200) or by the GET of their 202 (`POST 2, GET 1`). */
  answeredBy: string;
  /** Median ms of each phase over the rounds, from the answer's Server-Timing header (see phases.ts). */
  phases: Record<string, number>;
}

const BATCH = 1000;
const STUDIES = 10;

/** `records;dur=12.3, pedigree;dur=40` as { records: 12.3, pedigree: 40 }. */
function serverTiming(header: string | null): Record<string, number> {
  const out: Record<string, number> = {};
  for (const part of (header ?? '').split(',')) {
    const [name, ...params] = part.trim().split(';');
    const dur = params.find((p) => p.trim().startsWith('dur='));
    if (name && dur) out[name] = Number(dur.trim().slice(4));
  }
  return out;
}

type Answer = { result: any; phases: Record<string, number>; answeredBy: 'POST' | 'GET' };

async function call(running: RunningServer, method: string, route: string, body: unknown): Promise<Answer> {
  const res = await fetch(`${running.baseUrl}${route}`, {
    method,
    headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${BENCH_TOKEN}` },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  // A fit longer than the search wait answers 202: its GET answers when it is done (polled every 50 ms).
  if (res.status === 202 && route.startsWith('/extensions/breeding-values')) {
    const { searchResultsDbId } = JSON.parse(text).result;
    for (;;) {
      await new Promise((resolve) => setTimeout(resolve, 50));
      const saved = await fetch(`${running.baseUrl}${route}/${searchResultsDbId}`, { headers: { accept: 'application/json', authorization: `Bearer ${BENCH_TOKEN}` } });
      const answer = await saved.text();
      if (saved.status === 200) return { result: JSON.parse(answer).result, phases: serverTiming(saved.headers.get('server-timing')), answeredBy: 'GET' };
      if (saved.status !== 202) throw new Error(`GET ${route}/${searchResultsDbId} answered ${saved.status}: ${answer.slice(0, 300)}`);
    }
  }
  if (res.status !== 200) throw new Error(`${method} ${route} answered ${res.status}: ${text.slice(0, 300)}`);
  return { result: JSON.parse(text).result, phases: serverTiming(res.headers.get('server-timing')), answeredBy: 'POST' };
}

/** Imports `records` records of a new variable on germplasm spread over the whole pedigree; its DbId and the germplasm with records. */
export async function importRecords(running: RunningServer, records: number, log: (s: string) => void): Promise<{ variable: string; germplasm: string[] }> {
  const ids = (await running.graph.read<{ id: string }>('MATCH (g:Germplasm) RETURN g.germplasmDbId AS id ORDER BY id')).map((r) => r.id);
  const rng = phenotypeRandom(records);
  const tag = `bench-bv-${Date.now().toString(36)}`;
  const post: Post = async (route, body) => (await call(running, 'POST', route, body)).result;
  const variable = await postVariable(post, tag);
  const studies = await postStudies(post, Array.from({ length: STUDIES }, (_, i) => `${tag} study ${i}`));
  const effect = new Map<string, number>();
  const t0 = performance.now();
  for (let start = 0; start < records; start += BATCH) {
    const rows = Array.from({ length: Math.min(BATCH, records - start) }, () => {
      const germplasm = ids[Math.floor(rng.uniform() * ids.length)];
      if (!effect.has(germplasm)) effect.set(germplasm, 2 * rng.normal());
      const s = Math.floor(rng.uniform() * STUDIES);
      const rep = rng.uniform() < 0.5 ? 'R1' : 'R2';
      return { germplasm, study: studies[s], rep, value: (50 + s + effect.get(germplasm)! + 3 * rng.normal()).toFixed(3) };
    });
    await postRecords(post, variable, rows, `${tag} plot`, start);
  }
  log(`  breeding values: imported ${records} records on ${effect.size} germplasm in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  return { variable, germplasm: [...effect.keys()] };
}

/**
 * Genotypes of `count` germplasm with records (names unique in the crop, so the VCF's columns match them), simulated
 * down the stored Soybean pedigree with `markers` SNPs (5 selfings, 2% missing) and imported as the VCF import does;
 * the variant set's DbId.
 */
export async function importGenotypes(running: RunningServer, withRecords: string[], count: number, markers: number, log: (s: string) => void): Promise<string> {
  const nodes = await running.graph.read<PedigreeNode & Record<string, unknown>>(
    'MATCH (g:Germplasm {commonCropName: $crop}) RETURN g.germplasmDbId AS germplasmDbId, g.germplasmName AS germplasmName, ' +
    '[(g)-[r:PARENT]->(p:Germplasm) | {germplasmDbId: p.germplasmDbId, parentType: r.parentType}] AS parents ORDER BY germplasmDbId',
    { crop: 'Soybean' },
  );
  const names = new Map<string, number>();
  for (const n of nodes) names.set(n.germplasmName, (names.get(n.germplasmName) ?? 0) + 1);
  const soy = new Map(nodes.map((n) => [n.germplasmDbId, n]));
  const eligible = withRecords.filter((id) => soy.has(id) && names.get(soy.get(id)!.germplasmName) === 1);
  const rng = phenotypeRandom(count);
  for (let i = eligible.length - 1; i > 0; i--) {
    const j = Math.floor(rng.uniform() * (i + 1));
    [eligible[i], eligible[j]] = [eligible[j], eligible[i]];
  }
  const chosen = eligible.slice(0, count);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-gblup-'));
  const variantSetDbId = `bench-gblup-${Date.now().toString(36)}`;
  try {
    const file = path.join(dir, 'simulated.vcf');
    fs.writeFileSync(file, simulate(nodes, { markers, seed: count, selfings: 5, errorRate: 0, missingRate: 0.02 }).vcf(chosen));
    const t0 = performance.now();
    const report = await importVcf(running.graph, file, { crop: 'Soybean', studyDbId: 'study-stoneville-2023', variantSetDbId, batchSize: 200 });
    log(`  breeding values: imported ${markers} markers of ${report.matched.length} germplasm in ${((performance.now() - t0) / 1000).toFixed(1)} s`);
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
  return variantSetDbId;
}

export interface BreedingValuesOptions {
  records: number;
  rounds: number;
  /** REML rounds at most (the quick mode caps them). */
  maxIterations?: number;
  targetMs: number | null;
  /** Genotyped germplasm and markers: time pedigree, single-step and genomic fits with the variances given instead. */
  genotyped?: { count: number; markers: number };
}

export async function measureBreedingValues(running: RunningServer, dataset: string, options: BreedingValuesOptions, log: (s: string) => void): Promise<BreedingValuesCase[]> {
  const { variable, germplasm } = await importRecords(running, options.records, log);
  const cases: BreedingValuesCase[] = [];
  const given = { observationVariableDbId: variable, fixedEffects: ['rep'], additiveVariance: 4, residualVariance: 9 };
  const runs: Array<{ variances: 'given' | 'reml'; relationship: string; body: Record<string, unknown> }> = [
    { variances: 'given', relationship: 'pedigree', body: given },
  ];
  if (options.genotyped) {
    const { count, markers } = options.genotyped;
    const variantSetDbId = await importGenotypes(running, germplasm, count, markers, log);
    for (const relationship of ['single-step', 'genomic']) runs.push({ variances: 'given', relationship: `${relationship} (${count} genotyped, ${markers} markers)`, body: { ...given, relationship, variantSetDbId } });
  } else {
    runs.push({ variances: 'reml', relationship: 'pedigree', body: { observationVariableDbId: variable, fixedEffects: ['rep'], tolerance: 1e-6, ...(options.maxIterations ? { maxIterations: options.maxIterations } : {}) } });
  }
  for (const { variances, relationship, body } of runs) {
    const times: number[] = [];
    const cpus: number[] = [];
    const phases: Record<string, number[]> = {};
    let last: any;
    const answeredBy = { POST: 0, GET: 0 };
    for (let round = 0; round < options.rounds; round++) {
      const cpu = process.cpuUsage();
      const { ms, value } = await timed(() => call(running, 'POST', '/extensions/breeding-values', body));
      const used = process.cpuUsage(cpu);
      times.push(ms);
      cpus.push(Math.round((used.user + used.system) / 1000));
      last = value.result;
      answeredBy[value.answeredBy]++;
      for (const [name, phaseMs] of Object.entries(value.phases)) (phases[name] ??= []).push(phaseMs);
    }
    const request = summarize(times);
    const by = Object.entries(answeredBy).filter(([, n]) => n).map(([k, n]) => `${k} ${n}`).join(', ');
    const phaseP50 = Object.fromEntries(Object.entries(phases).map(([name, all]) => [name, summarize(all).p50]));
    const reml = last.variances.reml;
    cases.push({
      dataset, relationship, records: last.recordCount, germplasm: last.germplasmCount, equations: last.equations, variances, request, cpu: summarize(cpus),
      solver: `${last.solver.method} (${last.solver.iterations} iterations)`,
      remlRounds: reml?.iterations ?? null, remlConverged: reml?.converged ?? null, targetMs: options.targetMs, answeredBy: by, phases: phaseP50,
    });
    log(`  breeding values, ${relationship}, ${variances}: ${last.germplasmCount} germplasm, ${last.recordCount} records, p50 ${request.p50} ms (CPU ${summarize(cpus).p50} ms; answered by ${by}; ${Object.entries(phaseP50).map(([n, v]) => `${n} ${v}`).join(', ')})` +
      (reml ? `, REML ${reml.iterations} rounds (converged ${reml.converged}), sigma_a^2 ${last.variances.additive.toFixed(3)}, sigma_e^2 ${last.variances.residual.toFixed(3)}` : ''));
  }
  return cases;
}

const PHASES = ['records', 'genotypes', 'pedigree', 'inverse', 'build', 'order', 'solve', 'reml', 'rows', 'worker', 'pack', 'present', 'read', 'unpack', 'handler'];

export function writeBreedingValuesReport(cases: BreedingValuesCase[], quick: boolean, totalMs: number, name = quick ? 'breeding-values-quick' : 'breeding-values'): { json: string; md: string; text: string } {
  const m = machine();
  const report = { date: new Date().toISOString(), machine: m, quick, cases, totalMs };
  const text = [
    `# Breeding values benchmark (${report.date})`,
    '',
    `Node ${m.node}, ${m.cpus} CPUs (${m.cpuModel}), ${m.memoryGb} GB. POST /extensions/breeding-values (JSON) over HTTP, ` +
      'study and rep fixed, one record per plot; the request includes reading the records and the pedigree. REML: AI-REML, ' +
      'tolerance 1e-6, exact traces from the sparse LDL\' factor where it fits (solver cholesky), else Hutchinson traces (20 probes) with PCG.',
    '',
    '| dataset | relationship | germplasm | records | equations | variances | p50 ms | CPU ms p50 | target ms | answered by | solver | REML rounds (converged) |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
    ...cases.map((c) => `| ${c.dataset} | ${c.relationship ?? 'pedigree'} | ${c.germplasm} | ${c.records} | ${c.equations} | ${c.variances} | ${c.request.p50} | ${c.cpu?.p50 ?? ''} | ${c.targetMs ?? ''} | ${c.answeredBy} | ${c.solver} | ${c.remlRounds === null ? '' : `${c.remlRounds} (${c.remlConverged})`} |`),
    '',
    'CPU ms: the CPU time of the benchmark\'s process, which runs the service and the client (not Neo4j\'s), per request:',
    'what the request costs on an idle machine, where the wall time on a loaded one is several times it.',
    '',
    'Where the time went (p50 ms of each phase, from the answers\' Server-Timing header; the rest of a request is HTTP,',
    'JSON and, for an answer by GET, the wait for the poll): records, genotypes and pedigree are the reads, inverse the pedigree\'s',
    'inbreeding and A-inverse (and G_w, A22, their inverses), build the equations, order the factorisation\'s fill-reducing order, solve or reml the solver, rows the answer\'s rows, worker the wait for a free worker thread and the copies to and from it, present the body,',
    'handler the whole handler of the answering request (for a POST: the saved search\'s writes and the fit).',
    '',
    '| dataset | relationship | variances | ' + PHASES.join(' | ') + ' |',
    '|---|---|---|' + PHASES.map(() => '---|').join(''),
    ...cases.map((c) => `| ${c.dataset} | ${c.relationship ?? 'pedigree'} | ${c.variances} | ${PHASES.map((p) => c.phases?.[p] ?? '').join(' | ')} |`),
    '',
  ].join('\n');
  return writeResults(name, report, text);
}
