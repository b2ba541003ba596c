// npm run bench: the pedigree benchmark. For each dataset (SoyBase, then the synthetic graphs), it loads the data
// into one fresh Neo4j with raw Cypher and into another through POST /pedigree, then times GET /pedigree slices
// against their raw Cypher on the service's database; finally it compares the same slices across graph sizes.
//
//   npm run bench                                    SoyBase, 100k and 1M
//   BENCH_SIZES=100000 npm run bench                 skip 1M (also: npm run bench -- --sizes=100000)
//   options (env or --flag=value): BENCH_SIZES / --sizes, BENCH_SOYBASE=false / --no-soybase,
//   BENCH_REPS / --reps (timed rounds over the probes, default 6), BENCH_BATCH / --batch (default 20000),
//   BENCH_NEO4J_HEAP, BENCH_NEO4J_PAGECACHE (default 2g, 1g); BENCH_LISTS_ONLY=true / --lists-only: only the
//   list-endpoint figure (GET /germplasm on the demo data); BENCH_KINSHIP_ONLY=true / --kinship-only: only the
//   kinship extension's cost on SoyBase (bench/results/kinship.{json,md}); BENCH_GEO_ONLY=true / --geo-only: only
//   the area search over images (BENCH_GEO_IMAGES / --geo-images, default 50000; bench/results/geo-only.{json,md});
//   the list section also times the relationship filters (programDbId, trialDbId, studyDbId; GET and POST /search)
//   against an id filter; BENCH_FIELD_ONLY=true / --field-only: only field data at field scale (POST of 5,000
//   observations, a 10,000-observation study read page by page and as tables; bench/results/field-only.{json,md});
//   BENCH_ANALYTICS_ONLY=true / --analytics-only: only the pedigree analytics extensions (inbreeding of every SoyBase
//   germplasm, pairs of SoyBase cultivars side by side, A-inverse and the quality report of the 100k synthetic pedigree; bench/results/analytics.{json,md});
//   BENCH_LOAD_ONLY=true / --load-only: only many clients at once on the demo data (BENCH_LOAD_SECONDS /
//   --load-seconds per side, default 60; bench/results/load.{json,md}); BENCH_VIEWER_ONLY=true / --viewer-only: only
//   the viewer in Chromium on the demo data (suggestions, full tree of Williams 82; bench/results/viewer.{json,md});
//   BENCH_GENOTYPING_ONLY=true / --genotyping-only: only genotyping at scale (VCF import, allele matrix and calls
//   pages, a FASTA import and reference bases, the pedigree check; bench/results/genotyping.{json,md}, small data in --quick: genotyping-quick.*);
//   BENCH_TREE_ONLY=true / --tree-only: only the large answers on the demo data (the full tree of Williams 82 against
//   its lower bound, the SoyBase collection at depth 1, 10 and full tree; bench/results/tree.{json,md});
//   BENCH_BREEDING_VALUES_ONLY=true / --breeding-values-only: only the breeding-values extension (SoyBase, the demo
//   data, with 10,000 imported records; the 100k synthetic pedigree with 100k records; bench/results/breeding-values.*;
//   --sizes=0: SoyBase alone, --no-soybase: the synthetic pedigree alone; --genotyped=N[,MARKERS]: SoyBase alone,
//   N germplasm with records given simulated genotypes (MARKERS SNPs, default 2000), pedigree, single-step and genomic
//   fits with the variances given: bench/results/breeding-values-genomic.*);
//   BENCH_WRITES_ONLY=true / --writes-only: only the pedigree writes statement by statement (the demo's pedigree
//   write, a PUT /pedigree of 1,000 SoyBase children; bench/results/writes.*, or --writes-name=NAME);
//   BENCH_PHASES_ONLY=true / --phases-only: only where a pedigree read spends its time, phase by phase (SoyBase's
//   slices and the full tree of Williams 82 on the demo data; bench/results/read-phases.*, or --phases-name=NAME);
//   --against URL / BENCH_AGAINST=URL (with --token T / BENCH_TOKEN for its writes): SoyBase loaded through
//   any BrAPI server's public API (POST /germplasm, PUT /pedigree, 1,000 a batch), then the read mix on it
//   (bench/results/against.*, or --against-name=NAME; --against-seconds for the 16-connection part, default 20);
//   --quick / BENCH_QUICK=true: every pedigree section on a small synthetic graph, one round, results to
//   bench/results/quick.*; CI runs it so the benchmark cannot rot unnoticed (it fails on an error, never on a time)
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { performance } from 'node:perf_hooks';
import { againstMarkdown, measureAgainst } from './against.js';
import { soybaseDataset, syntheticDataset, type Dataset } from './datasets.js';
import { BLOCK_SIZE } from './generate.js';
import { freshDatabase, NEO4J_MEMORY, profileStatements, startService, stopAll, type Database } from './db.js';
import { diagnoseBatch } from './diagnose.js';
import { rawLoad, serviceLoad } from './load.js';
import { machine, TARGETS, writeReport, type BenchReport, type DatasetResult, type SizeComparison } from './report.js';
import type { RunningServer } from '../src/server.js';
import { measureKinship, writeKinshipReport } from './kinship.js';
import { measureComparison, measureInbreeding, measureWholePedigree, writeAnalyticsReport, type AnalyticsCase } from './analytics.js';
import { measureAreaSearch, type GeoResult } from './geo.js';
import { FIELD_FULL, FIELD_QUICK, measureField, type FieldResult } from './field.js';
import { measureLists, type ListResult } from './lists.js';
import { GENOTYPING_FULL, GENOTYPING_QUICK, measureGenotyping, writeGenotypingReport } from './genotyping.js';
import { measureRelationFilters, type RelationResult } from './relations.js';
import { measureBroad, measureFullTreeFloor, TREE_TARGETS, writeTreeReport } from './tree.js';
import { measureAcrossSizes, measureFloor, measureSlices } from './slices.js';
import { ratio } from './stats.js';
import { measureManyClients } from './clients.js';
import { writeLoadReport, writeViewerReport } from './clients-report.js';
import { measureViewer } from './viewer.js';
import { measureWrites, writeWritesReport } from './writes.js';
import { measureBreedingValues, writeBreedingValuesReport, type BreedingValuesCase } from './breeding-values.js';
import { measureReadPhases, writePhasesReport } from './read-phases.js';

/** The germplasm (DbId and name) of these DbIds that exist, read through the service. */
async function named(running: RunningServer, ids: string[]): Promise<Array<{ id: string; name: string }>> {
  const found: Array<{ id: string; name: string }> = [];
  for (const id of ids) {
    const res = await fetch(`${running.baseUrl}/germplasm/${encodeURIComponent(id)}`, { headers: { accept: 'application/json' } });
    if (res.status === 200) found.push({ id, name: ((await res.json()) as { result: { germplasmName: string } }).result.germplasmName ?? id });
    else await res.arrayBuffer();
  }
  return found;
}

/** Many clients at once and the viewer in Chromium, on a loaded service; reports `<prefix>load` and `<prefix>viewer`. */
async function runClientSections(running: RunningServer, dataset: string, ids: string[], crop: string | null, prefix: string, which = { load: true, viewer: true }) {
  const germplasm = await named(running, ids);
  if (!germplasm.length) throw new Error(`none of ${ids.join(', ')} exists in ${dataset}`);
  if (which.load) {
    const load = await measureManyClients(running, germplasm, crop, loadSeconds, log);
    const { json, md } = writeLoadReport(`${prefix}load`, dataset, load);
    log(`written ${json} and ${md}`);
  }
  if (which.viewer) {
    const texts = quick ? [germplasm[0].name] : germplasm.slice(0, 3).map((g) => g.name);
    const viewer = await measureViewer(running, germplasm[0].id, texts, quick ? 1 : reps, log);
    const { json, md } = writeViewerReport(`${prefix}viewer`, dataset, viewer);
    log(`written ${json} and ${md}`);
  }
}

const DEMO_PROBES = ['soy-williams-82', 'soy-essex', 'soy-forrest', 'soy-clark', 'soy-lee', 'barley-bonus'];

/**
 * `--flag=value` (a bare `--flag` is 'true'; a flag of VALUE_FLAGS may also take the next argument, `--against URL`),
 * else the environment's BENCH_FLAG (upper case, `-` as `_`).
 */
function option(flag: string): string | undefined {
  const at = process.argv.findIndex((a) => a === `--${flag}` || a.startsWith(`--${flag}=`));
  const arg = process.argv[at];
  if (arg) {
    if (arg.includes('=')) return arg.slice(arg.indexOf('=') + 1);
    const next = process.argv[at + 1];
    return next !== undefined && !next.startsWith('--') && VALUE_FLAGS.has(flag) ? next : 'true';
  }
  return process.env[`BENCH_${flag.toUpperCase().replace(/-/g, '_')}`];
}

/** Flags whose value may follow them as the next argument. */
const VALUE_FLAGS = new Set(['against', 'token', 'writes-name', 'phases-name', 'against-name', 'against-seconds']);

/** Whether a switch (`--lists-only`, BENCH_LISTS_ONLY=true) is on. */
const on = (flag: string) => option(flag) === 'true';
/** A number option, or its default. */
const number = (flag: string, fallback: number) => Number(option(flag) ?? fallback);

const quick = on('quick');
const sizes = (option('sizes') ?? (quick ? '3000' : '100000,1000000')).split(',').map((s) => Number(s.trim())).filter((n) => n > 0).sort((a, b) => a - b);
const withSoybase = !quick && option('no-soybase') === undefined && option('soybase') !== 'false';
const reps = number('reps', quick ? 1 : 6);
const batchSize = number('batch', quick ? 1000 : 20_000);
const listsOnly = on('lists-only');
const kinshipOnly = on('kinship-only');
const geoOnly = on('geo-only');
const fieldOnly = on('field-only');
const genotypingOnly = on('genotyping-only');
const analyticsOnly = on('analytics-only');
const treeOnly = on('tree-only');
const writesOnly = on('writes-only');
const breedingValuesOnly = on('breeding-values-only');
const phasesOnly = on('phases-only');
const geoImages = number('geo-images', quick ? 2000 : 50_000);
const loadOnly = on('load-only');
const viewerOnly = on('viewer-only');
const loadSeconds = number('load-seconds', quick ? 3 : 60);

const started = performance.now();
const log = (line: string) => console.log(`[${((performance.now() - started) / 1000).toFixed(0).padStart(5)} s] ${line}`);

/** The analytics figures of the quick mode, measured on its synthetic graph. */
const quickAnalytics: AnalyticsCase[] = [];
/** The breeding-values figures of the quick mode, on its synthetic graph (500 records, REML capped at 20 rounds). */
const quickBreedingValues: BreedingValuesCase[] = [];

/** A loaded service kept running after its dataset, for the side-by-side size comparison. */
interface Kept {
  name: string;
  probes: string[];
  running: RunningServer;
  db: Database;
}

async function runDataset(make: () => Dataset, keep: Kept[] | null): Promise<DatasetResult> {
  const t0 = performance.now();
  const data = make();
  const edges = data.nodes.reduce((n, x) => n + x.parents.length, 0);
  log(`${data.name}: ${data.nodes.length} germplasm, ${edges} relationships, generated in ${Math.round(performance.now() - t0)} ms`);

  // Raw load first, on its own fresh database, which is then thrown away.
  const rawDb = await freshDatabase();
  let raw;
  try {
    raw = await rawLoad(rawDb.graph, data.nodes, batchSize, log);
  } finally {
    await rawDb.stop();
  }
  log(`  raw load: ${(raw.ms / 1000).toFixed(1)} s (${raw.nodesPerSecond} germplasm/s)`);

  // The service load on a second fresh database; the slices are then measured on that one.
  const db = await freshDatabase();
  let running: RunningServer | undefined;
  let kept = false;
  try {
    running = await startService(db);
    const ledger = profileStatements(running.graph);
    const service = await serviceLoad(running, data.nodes, batchSize, ledger, log);
    log(`  service load: ${(service.ms / 1000).toFixed(1)} s (${service.nodesPerSecond} germplasm/s), service/raw ${ratio(service.ms, raw.ms)}`);
    const floor = await measureFloor(running);
    log(`  request floor p50: GET /health ${floor.health.p50} ms, GET /ready ${floor.ready.p50} ms, raw RETURN 1 ${floor.ping.p50} ms`);
    const slices = await measureSlices(running, data.probes, reps, log);
    log('  diagnosing the last batch of the service load');
    const diagnosis = await diagnoseBatch(running.graph, ...lastBatch(data));
    // The quick mode times the analytics calls here, on the small graph already loaded (no Neo4j start of their own).
    if (quick && data.name.startsWith('synthetic') && !quickAnalytics.length) {
      quickAnalytics.push(...(await measureInbreeding(running, data.name, 1, log, null)), ...(await measureWholePedigree(running, data.name, 1, log)));
      quickBreedingValues.push(...(await measureBreedingValues(running, data.name, { records: 500, rounds: 1, maxIterations: 20, targetMs: null }, log)));
    }
    // The quick mode has no demo data: many clients and the viewer run on its synthetic graph.
    if (quick && !listsOnly && !geoOnly) await runClientSections(running, data.name, data.probes.slice(0, 3), null, 'quick-');
    // The quick mode has no demo data for the tree section: its check (service answer = in-memory answer, byte for
    // byte) and its timings run on the small graph's first probe instead, logged only.
    if (quick) await measureFullTreeFloor(running, data.probes[0], 1, log);
    const load = { service, raw, ratio: ratio(service.ms, raw.ms) };
    if (keep) {
      keep.push({ name: data.name, probes: data.probes, running, db });
      kept = true;
    }
    return { name: data.name, meta: data.meta, probes: data.probes, load, floor, slices, diagnosis, ms: performance.now() - t0 };
  } finally {
    if (!kept) {
      await running?.stop();
      await db.stop();
    }
  }
}

/** The last batch of a load, and the germplasm the batches before it created (described or referenced). */
function lastBatch(data: Dataset): [Dataset['nodes'], Set<string>] {
  const start = Math.floor((data.nodes.length - 1) / batchSize) * batchSize;
  const before = new Set<string>();
  for (const n of data.nodes.slice(0, start)) {
    before.add(n.germplasmDbId);
    for (const p of n.parents) before.add(p.germplasmDbId);
  }
  return [data.nodes.slice(start), before];
}

/** The list endpoint, relationship filters, many clients and the viewer on the demo data, on a fresh database. */
async function runLists(which = { lists: true, load: true, viewer: true }): Promise<{ lists: ListResult[]; relations: RelationResult[] }> {
  const db = await freshDatabase();
  let running: RunningServer | undefined;
  try {
    log('demo data: loading');
    running = await startService(db, { demoData: true });
    const lists = which.lists ? await measureLists(running, reps * 5, log) : [];
    let relations: RelationResult[] = [];
    if (which.lists) {
      log('relationship filters against an id filter');
      relations = await measureRelationFilters(running, reps * 5, log);
    }
    if (which.load || which.viewer) await runClientSections(running, 'demo data (SoyBase and barley)', DEMO_PROBES, null, '', which);
    return { lists, relations };
  } finally {
    await running?.stop();
    await db.stop();
  }
}

/**
 * Area searches over images and field data at field scale (small in the quick mode), either or both, on one fresh
 * database without demo data (they touch different labels; one Neo4j start fewer keeps the quick mode short).
 */
async function runGeoAndField(geo: boolean, field: boolean): Promise<{ geo: GeoResult | null; field: FieldResult | null }> {
  const db = await freshDatabase();
  let running: RunningServer | undefined;
  try {
    running = await startService(db);
    return {
      geo: geo ? await measureAreaSearch(running, geoImages, quick ? 1 : reps * 2, log) : null,
      field: field ? await measureField(running, quick ? FIELD_QUICK : FIELD_FULL, quick ? 1 : reps * 2, log) : null,
    };
  } finally {
    await running?.stop();
    await db.stop();
  }
}

/** One section on its own fresh database and service (with the demo data or without), its report printed. */
async function onFreshService(demoData: boolean, section: (running: RunningServer, db: Database) => Promise<{ json: string; md: string; text: string }>) {
  const db = await freshDatabase();
  let running: RunningServer | undefined;
  try {
    if (demoData) log('loading the demo data');
    running = await startService(db, { demoData });
    const { json, md, text } = await section(running, db);
    console.log('\n' + text);
    log(`written ${json} and ${md}`);
  } finally {
    await running?.stop();
    await db.stop();
  }
}

/** The kinship extension on the demo data (SoyBase). */
const runKinship = () =>
  onFreshService(true, async (running) => writeKinshipReport(await measureKinship(running, reps, log), reps, Math.round(performance.now() - started)));

/** Genotyping at scale (small in the quick mode), without demo data. */
const runGenotyping = () =>
  onFreshService(false, async (running) => {
    const result = await measureGenotyping(running, quick ? GENOTYPING_QUICK : GENOTYPING_FULL, quick ? 2 : reps * 2, log);
    return writeGenotypingReport(result, quick, Math.round(performance.now() - started));
  });

/** The large answers on the demo data (bench/results/tree.*). */
const runTree = () =>
  onFreshService(true, async (running) => {
    const fullTree = await measureFullTreeFloor(running, 'soy-williams-82', reps * 3, log);
    const collection = 'SoyBase parentage';
    const broad = await measureBroad(running, collection, reps, log);
    return writeTreeReport({
      date: new Date().toISOString(), machine: machine(), reps, targets: TREE_TARGETS, fullTree, collection, broad,
      totalMs: Math.round(performance.now() - started),
    });
  });

/** Where a pedigree read spends its time, phase by phase, on the demo data (bench/results/read-phases.*, or
 * --phases-name=NAME). */
const runPhases = () =>
  onFreshService(true, async (running, db) =>
    writePhasesReport(await measureReadPhases(running, db, reps * 2, log), reps * 2, option('phases-name') ?? 'read-phases'));

/**
 * The analytics extensions: inbreeding of all SoyBase (the demo data) and pairs of SoyBase cultivars side by side on
 * one fresh database, then inbreeding, A-inverse, the quality report and the duplicate-cross look-up on the 100k
 * synthetic pedigree (raw-loaded) on another. With --quick: the comparison on SoyBase, the rest on one small synthetic
 * pedigree (the quick mode proper measures them inside runDataset).
 */
async function runAnalytics() {
  const cases: AnalyticsCase[] = [];
  const rounds = quick ? 1 : Math.max(3, Math.ceil(reps / 2));
  // SoyBase (the demo data) also in the quick mode: the comparison's figure is for pairs of SoyBase cultivars.
  {
    const db = await freshDatabase();
    let running: RunningServer | undefined;
    try {
      log('analytics: loading the demo data');
      running = await startService(db, { demoData: true });
      if (!quick) cases.push(...(await measureInbreeding(running, 'soybase (demo data)', rounds, log)));
      cases.push(...(await measureComparison(running, 'soybase (demo data)', rounds, log)));
    } finally {
      await running?.stop();
      await db.stop();
    }
  }
  const size = quick ? Math.min(...sizes) : 100_000;
  const data = syntheticDataset(size);
  const db = await freshDatabase();
  let running: RunningServer | undefined;
  try {
    log(`analytics: loading ${data.name}`);
    await rawLoad(db.graph, data.nodes, batchSize, log);
    running = await startService(db);
    // The 2 s target is SoyBase's; on the synthetic graph the figure is for scale.
    cases.push(...(await measureInbreeding(running, data.name, rounds, log, null)));
    cases.push(...(await measureWholePedigree(running, data.name, rounds, log)));
  } finally {
    await running?.stop();
    await db.stop();
  }
  const { json, md, text } = writeAnalyticsReport(cases, rounds, quick, Math.round(performance.now() - started));
  console.log('\n' + text);
  log(`written ${json} and ${md}`);
}

/** The breeding-values extension: SoyBase (the demo data) with 10,000 records, then the 100k synthetic pedigree
 * (raw-loaded) with 100,000 records, each on its own fresh database. */
async function runBreedingValues() {
  const cases: BreedingValuesCase[] = [];
  const genotyped = option('genotyped');
  if (genotyped) {
    const [count, markers = 2000] = genotyped.split(',').map(Number);
    await onFreshService(true, async (running) => {
      cases.push(...(await measureBreedingValues(running, 'soybase (demo data)', { records: 10_000, rounds: 3, targetMs: null, genotyped: { count, markers } }, log)));
      return writeBreedingValuesReport(cases, false, Math.round(performance.now() - started), 'breeding-values-genomic');
    });
    const { json, md, text } = writeBreedingValuesReport(cases, false, Math.round(performance.now() - started), 'breeding-values-genomic');
    console.log('\n' + text);
    log(`written ${json} and ${md}`);
    return;
  }
  if (withSoybase) {
    await onFreshService(true, async (running) => {
      cases.push(...(await measureBreedingValues(running, 'soybase (demo data)', { records: 10_000, rounds: 3, targetMs: 5000 }, log)));
      return writeBreedingValuesReport(cases, false, Math.round(performance.now() - started));
    });
  }
  // The 100k synthetic pedigree with as many records (--sizes picks others; --sizes=0 none).
  for (const size of option('sizes') ? sizes : [100_000]) {
    const data = syntheticDataset(size);
    const db = await freshDatabase();
    let running: RunningServer | undefined;
    try {
      log(`breeding values: loading ${data.name}`);
      await rawLoad(db.graph, data.nodes, batchSize, log);
      running = await startService(db);
      cases.push(...(await measureBreedingValues(running, data.name, { records: size, rounds: 1, targetMs: null }, log)));
    } finally {
      await running?.stop();
      await db.stop();
    }
  }
  const { json, md, text } = writeBreedingValuesReport(cases, false, Math.round(performance.now() - started));
  console.log('\n' + text);
  log(`written ${json} and ${md}`);
}

/** Pedigree writes statement by statement (bench/results/writes.*, or --writes-name=NAME: bench/results/NAME.*). */
async function runWrites() {
  const profiles = await measureWrites(log);
  const { json, md, text } = writeWritesReport(profiles, Math.round(performance.now() - started), option('writes-name') ?? 'writes');
  console.log('\n' + text);
  log(`written ${json} and ${md}`);
}

/** SoyBase through another (or our own) server's public API, then the read mix (bench/results/against.*). */
async function runAgainst(url: string) {
  const result = await measureAgainst(
    { url, token: option('token'), rounds: reps * 3, seconds: Number(option('against-seconds') ?? 20), batch: 1000 },
    log,
  );
  const date = new Date().toISOString();
  const md = againstMarkdown(result, date, machine());
  const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');
  const name = option('against-name') ?? 'against';
  fs.writeFileSync(path.join(dir, `${name}.json`), JSON.stringify({ date, machine: machine(), ...result }, null, 2) + '\n');
  fs.writeFileSync(path.join(dir, `${name}.md`), md);
  console.log('\n' + md);
  log(`written bench/results/${name}.json and .md`);
}

async function main() {
  const against = option('against');
  if (against) return runAgainst(against);
  if (writesOnly) return runWrites();
  if (kinshipOnly) return runKinship();
  if (breedingValuesOnly) return runBreedingValues();
  if (genotypingOnly) return runGenotyping();
  if (treeOnly) return runTree();
  if (phasesOnly) return runPhases();
  if (analyticsOnly) return runAnalytics();
  if (loadOnly || viewerOnly) {
    await runLists({ lists: false, load: loadOnly, viewer: viewerOnly });
    return;
  }
  const datasets: DatasetResult[] = [];
  const kept: Kept[] = [];
  let sizeComparison: SizeComparison | null = null;
  let lists: ListResult[] = [];
  let relations: RelationResult[] = [];
  let geo: GeoResult | null = null;
  let field: FieldResult | null = null;
  const partial = listsOnly || geoOnly || fieldOnly;
  try {
    // The list figure needs the demo data (a minute to load): the quick mode leaves it out.
    if (!quick && !geoOnly && !fieldOnly) ({ lists, relations } = await runLists({ lists: true, load: !listsOnly, viewer: !listsOnly }));
    // The large answers need the demo data too.
    if (!quick && !partial) await runTree();
    if (!listsOnly) ({ geo, field } = await runGeoAndField(!fieldOnly, !geoOnly));
    if (partial) sizes.length = 0;
    if (withSoybase && !partial) datasets.push(await runDataset(() => soybaseDataset(), null));
    // The smallest and the largest synthetic graph stay up for the side-by-side comparison (two JVMs at once).
    // Below one block (100k) a graph has fewer programs, so its slices are not those of the larger graphs.
    const comparable = sizes.length >= 2 && Math.min(...sizes) >= BLOCK_SIZE;
    if (sizes.length >= 2 && !comparable) log(`sizes below ${BLOCK_SIZE} have other slices: no size comparison`);
    for (const [i, size] of sizes.entries()) {
      const keepThis = comparable && (i === 0 || i === sizes.length - 1);
      datasets.push(await runDataset(() => syntheticDataset(size), keepThis ? kept : null));
    }
    if (kept.length >= 2) {
      const [small, large] = [kept[0], kept[kept.length - 1]];
      log(`same slices, ${large.name} vs ${small.name}, interleaved`);
      sizeComparison = { small: small.name, large: large.name, shapes: await measureAcrossSizes(small.running, large.running, small.probes, reps, log) };
    }
  } finally {
    for (const k of kept) {
      await k.running.stop();
      await k.db.stop();
    }
  }

  const notes = [
    'Synthetic graphs are blocks of 100k germplasm (10 programs x 25 generations) with their own PRNG: block 0, ' +
      'where the probes are, is identical on every graph of 100k and more, so the size comparison times identical slices.',
    'The raw load refreshes the index statistics after each batch, as the service does after a write of 1,000 ' +
      'germplasm or relationships or more.',
    'Loads go generation by generation across blocks: a 20k batch holds about five generations of the 100k graph ' +
      'but half a generation of the 1M graph, so checks that look at relationships inside a batch see different work.',
    'Other processes on the machine (e.g. test suites of other work) add noise; ratios are taken within the run.',
  ];
  const report: BenchReport = {
    date: new Date().toISOString(),
    machine: machine(),
    settings: { sizes, soybase: withSoybase, reps, batchSize, neo4jHeap: NEO4J_MEMORY.heap, neo4jPageCache: NEO4J_MEMORY.pageCache, neo4jTransactionMemory: NEO4J_MEMORY.transaction },
    targets: TARGETS,
    datasets,
    sizeComparison,
    lists,
    relations,
    geo,
    field,
    totalMs: Math.round(performance.now() - started),
    notes,
  };
  // The analytics section on small data (its own report), so that the quick mode covers it too.
  if (quick && quickAnalytics.length) {
    const written = writeAnalyticsReport(quickAnalytics, 1, true, Math.round(performance.now() - started));
    log(`written ${written.json} and ${written.md}`);
  }
  if (quick && quickBreedingValues.length) {
    const written = writeBreedingValuesReport(quickBreedingValues, true, Math.round(performance.now() - started));
    log(`written ${written.json} and ${written.md}`);
  }
  const { json, md, text } = writeReport(report, listsOnly ? 'lists-only' : geoOnly ? 'geo-only' : fieldOnly ? 'field-only' : quick ? 'quick' : 'latest');
  console.log('\n' + text);
  log(`written ${json} and ${md}`);
  if (quick) await runGenotyping();
}

main()
  .catch((err) => {
    console.error(err);
    process.exitCode = 1;
  })
  .finally(async () => {
    await stopAll();
  });

