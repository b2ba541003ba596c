// Genotyping at scale (npm run bench -- --genotyping-only; small in --quick): on a fresh database, a pedigree of
// `lines` germplasm (a tenth founders, the rest crosses of two earlier lines) written by POST /pedigree, genotypes
// simulated down it (test/support/genotype-simulation.ts), written as VCF files and imported as `npm run import-vcf`
// would (importVcf on the service's connection):
// - import: `callSets` x `variants` calls, its time and the peak resident memory of this process while it ran;
// - GET /allelematrix pages of `matrixPage` variants x `matrixPage` call sets, and GET /calls pages of 1,000 calls,
//   at pages spread over the set;
// - a FASTA of `sequenceBases` imported onto the set's assembly and GET /references/{id}/bases (bench/bases.ts);
// - GET /extensions/pedigree-check on a second variant set of `trioLines` x `trioMarkers` (every genotyped trio).
// Targets (issue 20): import <= 180 s, matrix page <= 500 ms, calls page <= 200 ms, trio check <= 30 s.
// Written to bench/results/genotyping{,-quick}.{json,md}.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { NEO4J_VERSION } from '../src/devdb/launcher.js';
import { importVcf } from '../src/modules/genotyping/io/importVcf.js';
import type { RunningServer } from '../src/server.js';
import { random, simulate, type PedigreeNode } from '../test/support/genotype-simulation.js';
import { measureBases, type BasesResult } from './bases.js';
import { BENCH_TOKEN } from './db.js';
import { machine, writeResults } from './report.js';
import { summarize, timed, type Summary } from './stats.js';

export interface GenotypingSize {
  callSets: number;
  variants: number;
  matrixPage: number;
  trioLines: number;
  trioMarkers: number;
  /** Bases of the simulated assembly (two chromosomes). */
  sequenceBases: number;
}

export const GENOTYPING_FULL: GenotypingSize = { callSets: 1000, variants: 50_000, matrixPage: 1000, trioLines: 2000, trioMarkers: 10_000, sequenceBases: 100_000_000 };
export const GENOTYPING_QUICK: GenotypingSize = { callSets: 100, variants: 2000, matrixPage: 100, trioLines: 200, trioMarkers: 1000, sequenceBases: 2_000_000 };
export const GENOTYPING_TARGETS = { importMs: 180_000, matrixPageMs: 500, callsPageMs: 200, trioCheckMs: 30_000 };

export interface GenotypingResult extends GenotypingSize {
  calls: number;
  importMs: number;
  importPeakRssMb: number;
  matrixPage: number;
  matrix: Summary;
  callsPage: Summary;
  trios: number;
  trioCheck: Summary;
  flagged: number;
  sequence: BasesResult;
}

async function call(running: RunningServer, method: string, url: string, body?: unknown) {
  const res = await fetch(`${running.baseUrl}${url}`, {
    method,
    headers: { accept: 'application/json', authorization: `Bearer ${BENCH_TOKEN}`, ...(body ? { 'content-type': 'application/json' } : {}) },
    body: body ? JSON.stringify(body) : undefined,
  });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`${method} ${url} answered ${res.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

/** A pedigree of `n` lines named `<prefix>-<i>`: the first tenth founders, each later line a cross of two earlier ones. */
function pedigree(prefix: string, n: number): PedigreeNode[] {
  const founders = Math.max(2, Math.floor(n / 10));
  const rnd = random(n);
  const name = (i: number) => `${prefix}-${String(i).padStart(5, '0')}`;
  return Array.from({ length: n }, (_, i) => {
    if (i < founders) return { germplasmDbId: name(i), germplasmName: name(i), parents: [] };
    const female = Math.floor(rnd() * i);
    let male = Math.floor(rnd() * (i - 1));
    if (male >= female) male++;
    return { germplasmDbId: name(i), germplasmName: name(i), parents: [{ germplasmDbId: name(female), parentType: 'FEMALE' }, { germplasmDbId: name(male), parentType: 'MALE' }] };
  });
}

async function load(running: RunningServer, dir: string, prefix: string, lines: number, markers: number, studyDbId: string) {
  const nodes = pedigree(prefix, lines);
  // The germplasm first (their crop is what the import matches names in), then their parents.
  const created = await call(running, 'POST', '/germplasm', nodes.map((n) => ({ germplasmName: n.germplasmName, commonCropName: 'Benchcrop', genus: 'Glycine', species: 'max' })));
  const ids = new Map<string, string>((created.result.data as Array<{ germplasmDbId: string; germplasmName: string }>).map((g) => [g.germplasmName, g.germplasmDbId]));
  for (const n of nodes) {
    n.germplasmDbId = ids.get(n.germplasmName)!;
    for (const p of n.parents) p.germplasmDbId = ids.get(p.germplasmDbId)!;
  }
  await call(running, 'POST', '/pedigree', nodes.filter((n) => n.parents.length).map((n) => ({ germplasmDbId: n.germplasmDbId, parents: n.parents })));
  const sim = simulate(nodes, { markers, seed: 17, selfings: 4, errorRate: 0.01, missingRate: 0.05 });
  const file = path.join(dir, `${prefix}.vcf`);
  const fd = fs.openSync(file, 'w');
  sim.writeVcf(nodes.map((n) => n.germplasmDbId), (line) => fs.writeSync(fd, line + '\n'));
  fs.closeSync(fd);
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 200);
  try {
    const { ms } = await timed(() => importVcf(running.graph, file, { crop: 'Benchcrop', studyDbId, variantSetDbId: `vs-${prefix}`, batchSize: 500 }));
    return { ms, peakMb: Math.round(peak / 2 ** 20) };
  } finally {
    clearInterval(sampler);
    fs.rmSync(file, { force: true });
  }
}

export async function measureGenotyping(running: RunningServer, size: GenotypingSize, reps: number, log: (s: string) => void): Promise<GenotypingResult> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-vcf-'));
  try {
    const [study] = (await call(running, 'POST', '/studies', [{ studyName: 'Genotyping bench', commonCropName: 'Benchcrop' }])).result.data;
    log(`genotyping: import of ${size.callSets} x ${size.variants}`);
    const imported = await load(running, dir, 'gb', size.callSets, size.variants, study.studyDbId);
    log(`  ${imported.ms.toFixed(0)} ms, peak RSS ${imported.peakMb} MB`);
    const pages = (total: number, pageSize: number) => Array.from({ length: reps }, (_, r) => Math.floor(((r + 0.5) / reps) * Math.ceil(total / pageSize)) % Math.ceil(total / pageSize));
    const matrix: number[] = [];
    const calls: number[] = [];
    const p = size.matrixPage;
    await call(running, 'GET', `/allelematrix?variantSetDbId=vs-gb&dimensionVariantPageSize=${p}&dimensionCallSetPageSize=${p}`);
    for (const page of pages(size.variants, p)) {
      matrix.push((await timed(() => call(running, 'GET', `/allelematrix?variantSetDbId=vs-gb&dimensionVariantPage=${page}&dimensionVariantPageSize=${p}&dimensionCallSetPageSize=${p}`))).ms);
    }
    for (const page of pages(size.variants * size.callSets, 1000)) {
      calls.push((await timed(() => call(running, 'GET', `/calls?variantSetDbId=vs-gb&page=${page}&pageSize=1000`))).ms);
    }
    log(`  matrix page p50 ${summarize(matrix).p50} ms, calls page p50 ${summarize(calls).p50} ms`);

    const assembly = (await call(running, 'GET', '/variantsets/vs-gb')).result.referenceSetDbId as string;
    const sequence = await measureBases(running, dir, assembly, size.sequenceBases, reps, log);

    log(`genotyping: pedigree check of ${size.trioLines} lines x ${size.trioMarkers} markers`);
    await load(running, dir, 'gt', size.trioLines, size.trioMarkers, study.studyDbId);
    const check: number[] = [];
    let trios = 0;
    let flagged = 0;
    for (let r = 0; r < Math.max(1, Math.ceil(reps / 3)); r++) {
      const { ms, value } = await timed(() => call(running, 'GET', '/extensions/pedigree-check?variantSetDbId=vs-gt&pageSize=5000'));
      check.push(ms);
      const data = value.result.data as Array<{ trio: unknown; parents: Array<{ verdict: string }> }>;
      trios = data.filter((d) => d.trio).length;
      flagged = data.filter((d) => d.parents.some((x) => x.verdict === 'INCONSISTENT')).length;
    }
    log(`  ${trios} trios checked in p50 ${summarize(check).p50} ms; ${flagged} flagged (no errors were injected)`);
    return {
      ...size, calls: size.callSets * size.variants, importMs: Math.round(imported.ms), importPeakRssMb: imported.peakMb,
      matrix: summarize(matrix), callsPage: summarize(calls), trios, trioCheck: summarize(check), flagged, sequence,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

export function writeGenotypingReport(result: GenotypingResult, quick: boolean, totalMs: number): { json: string; md: string; text: string } {
  const m = machine();
  const report = { date: new Date().toISOString(), machine: m, quick, targets: GENOTYPING_TARGETS, result, totalMs };
  const t = GENOTYPING_TARGETS;
  const row = (what: string, value: string, target: number, ok: boolean) => `| ${what} | ${value} | ${target} | ${ok ? 'met' : 'missed'} |`;
  const text = [
    `# Genotyping benchmark (${report.date}${quick ? ', quick: small data' : ''})`,
    '',
    `Node ${m.node}, ${m.cpus} CPUs (${m.cpuModel}), ${m.memoryGb} GB; bundled Neo4j ${NEO4J_VERSION} over Bolt. Simulated genotypes ` +
      '(bench/genotyping.ts); latencies in ms, over HTTP, pages spread over the set. The machine may be shared: figures vary between runs.',
    '',
    '| measure | value | target | |',
    '|---|---|---|---|',
    row(`import ${result.callSets} x ${result.variants} (${result.calls.toLocaleString('en')} calls), ms`, `${result.importMs} (peak RSS ${result.importPeakRssMb} MB)`, t.importMs, result.importMs <= t.importMs),
    row(`allele matrix page ${result.matrixPage} x ${result.matrixPage}, p50 / p95 ms`, `${result.matrix.p50} / ${result.matrix.p95}`, t.matrixPageMs, result.matrix.p50 <= t.matrixPageMs),
    row('GET /calls page of 1,000, p50 / p95 ms', `${result.callsPage.p50} / ${result.callsPage.p95}`, t.callsPageMs, result.callsPage.p50 <= t.callsPageMs),
    `| FASTA import of ${(result.sequence.bases / 1e6).toFixed(0)} Mb (${result.sequence.chromosomes} chromosomes), ms | ${result.sequence.importMs} (peak RSS ${result.sequence.importPeakRssMb} MB) | | |`,
    `| GET /references/{id}/bases, 100,000 bases, p50 / p95 ms | ${result.sequence.page.p50} / ${result.sequence.page.p95} | | |`,
    `| GET /references/{id}/bases, 1,000 bases, p50 / p95 ms | ${result.sequence.short.p50} / ${result.sequence.short.p95} | | |`,
    `| a whole ${(result.sequence.bases / result.sequence.chromosomes / 1e6).toFixed(0)} Mb chromosome page by page, ms | ${result.sequence.wholeChromosomeMs} | | |`,
    row(`pedigree check, ${result.trios} trios of ${result.trioLines} lines x ${result.trioMarkers} markers, p50 ms`, `${result.trioCheck.p50}`, t.trioCheckMs, result.trioCheck.p50 <= t.trioCheckMs),
    '',
  ].join('\n');
  const name = quick ? 'genotyping-quick' : 'genotyping';
  return writeResults(name, report, text);
}
