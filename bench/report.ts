// bench/results/latest.json (every figure) and latest.md (the tables, with the targets of the issue and pass/fail).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Diagnosis } from './diagnose.js';
import type { GeoResult } from './geo.js';
import { FIELD_FULL, FIELD_TARGETS, type FieldResult } from './field.js';
import type { ListResult } from './lists.js';
import { RELATION_TARGET_MS, type RelationResult } from './relations.js';
import type { LoadResult } from './load.js';
import { NEO4J_VERSION } from '../src/devdb/launcher.js';
import type { Floor, SizeShape, SliceResult } from './slices.js';
import { ratio } from './stats.js';

export const TARGETS = { sliceRatio: 1.25, loadRatio: 1.5, sizeRatio: 1.3, roundTripsPerGet: 1, listRatio: 1.3 };

export interface DatasetResult {
  name: string;
  meta: Record<string, unknown>;
  probes: string[];
  load: { service: LoadResult; raw: LoadResult; ratio: number };
  floor: Floor;
  slices: SliceResult[];
  diagnosis: Diagnosis;
  ms: number;
}

export interface SizeComparison {
  small: string;
  large: string;
  shapes: SizeShape[];
}

export interface BenchReport {
  date: string;
  machine: { node: string; cpus: number; cpuModel: string; memoryGb: number; platform: string; loadAverageAtEnd: number[] };
  settings: Record<string, unknown>;
  targets: typeof TARGETS;
  datasets: DatasetResult[];
  sizeComparison: SizeComparison | null;
  lists: ListResult[];
  /** Relationship filters against an id filter (empty when the run left the list section out). */
  relations: RelationResult[];
  /** Field data at field scale (null when the run left it out). */
  field: FieldResult | null;
  /** Area searches over images (null when the run left them out). */
  geo: GeoResult | null;
  totalMs: number;
  notes: string[];
}

export function machine(): BenchReport['machine'] {
  return {
    node: process.version,
    cpus: os.cpus().length,
    cpuModel: os.cpus()[0]?.model ?? 'unknown',
    memoryGb: Math.round(os.totalmem() / 2 ** 30),
    platform: `${os.platform()} ${os.release()}`,
    loadAverageAtEnd: os.loadavg().map((x) => Math.round(x * 100) / 100),
  };
}

const pass = (ok: boolean) => (ok ? 'pass' : '**FAIL**');

/** The list-endpoint table (empty when the run did not measure it). */
function listSection(r: BenchReport): string[] {
  if (!r.lists.length) return [];
  const lines: string[] = [];
  lines.push('## List endpoint: GET /germplasm vs the raw Cypher of the same page', '');
  lines.push(`Target: service p50 / raw p50 <= ${TARGETS.listRatio}. Demo data (SoyBase cultivars as full germplasm records); ` +
    'pages of 1000, the raw side runs the statement the route builds on the service\'s connection.', '');
  lines.push('| filter | pages | matching | service p50 / p95 | raw p50 / p95 | ratio p50 | ratio p95 | target |');
  lines.push('|---|---|---|---|---|---|---|---|');
  for (const l of r.lists) {
    lines.push(`| ${l.case} | ${l.pages.join(', ')} | ${l.totalCount} | ${l.service.p50} / ${l.service.p95} | ${l.raw.p50} / ${l.raw.p95} | ` +
      `${l.ratioP50} | ${l.ratioP95} | ${pass(l.ratioP50 <= TARGETS.listRatio)} |`);
  }
  lines.push('');
  return lines;
}

/** The relationship-filter table (empty when the run did not measure it). */
function relationSection(r: BenchReport): string[] {
  if (!r.relations?.length) return [];
  const lines = ['## Relationship filters: GET /germplasm and POST /search/germplasm against an id filter', ''];
  lines.push(`Target: service p50 <= ${RELATION_TARGET_MS} ms on the demo data. Each filter names the related node with the most ` +
    'germplasm; the id filter (germplasmDbId) is the same call measured in the same rounds. The search is timed as ' +
    'its POST, which runs the filter and saves the matching DbIds (the saved-search writes are the same for the id ' +
    'filter); the warm-up also reads the saved page and checks its total. Raw: the statement the list route builds (the related node found by its ' +
    'index, its paths walked backwards once); per candidate: the form it replaced (the paths walked from every ' +
    'germplasm), both on the service\'s connection.', '');
  lines.push('| call | filter | matching | service p50 / p95 | / id filter (p50) | raw p50 / p95 | per candidate p50 / p95 | per candidate / raw (p50) | target |');
  lines.push('|---|---|---|---|---|---|---|---|---|');
  for (const x of r.relations) {
    const id = x.filter.startsWith('germplasmDbId=');
    lines.push(`| ${x.call} | ${x.filter} | ${x.matching} | ${x.service.p50} / ${x.service.p95} | ${x.overIdFilter} | ` +
      `${x.raw ? `${x.raw.p50} / ${x.raw.p95}` : ''} | ${x.perCandidate ? `${x.perCandidate.p50} / ${x.perCandidate.p95}` : ''} | ` +
      `${x.perCandidateOverRaw ?? ''} | ${id ? '(baseline)' : pass(x.service.p50 <= RELATION_TARGET_MS)} |`);
  }
  lines.push('');
  return lines;
}

/** The field-data table (empty when the run did not measure it). */
function fieldSection(r: BenchReport): string[] {
  const f = r.field;
  if (!f) return [];
  return [
    '## Field data at field scale', '',
    `A study of ${f.units} plots x ${f.variables} numerical variables = ${f.observations} observations, created through ` +
      `the service on a fresh database. POST /observations of ${f.perPost} observations in one request (${f.post.n} runs: ` +
      'the ones that fill the study, then more on a second study); the study read page by page with GET /observations?studyDbId=, ' +
      'its observation unit table (GET /observationunits/table?studyDbId=, a row per plot) page by page, and its observation ' +
      'table (GET /observations/table?studyDbId=, every row in one answer).', '',
    '| call | size | p50 | p95 | min / max | target |',
    '|---|---|---|---|---|---|',
    `| POST /observations | ${f.perPost} observations | ${f.post.p50} | ${f.post.p95} | ${f.post.min} / ${f.post.max} | ` +
      `${f.perPost === FIELD_FULL.perPost ? pass(f.post.p50 <= FIELD_TARGETS.postMs) : 'small data'} (<= ${FIELD_TARGETS.postMs} ms) |`,
    `| GET /observations?studyDbId= | ${f.observationPages.pages} pages of ${f.pageSize} | ${f.observationPages.p50} | ${f.observationPages.p95} | ` +
      `${f.observationPages.min} / ${f.observationPages.max} | ${f.pageSize === FIELD_FULL.pageSize ? pass(f.observationPages.p95 <= FIELD_TARGETS.pageMs) : 'small data'} (p95 <= ${FIELD_TARGETS.pageMs} ms) |`,
    `| GET /observationunits/table?studyDbId= | ${f.unitTablePages.pages} pages of ${f.pageSize} | ${f.unitTablePages.p50} | ${f.unitTablePages.p95} | ` +
      `${f.unitTablePages.min} / ${f.unitTablePages.max} | |`,
    `| GET /observations/table?studyDbId= | ${f.observationTable.rows} rows | ${f.observationTable.p50} | ${f.observationTable.p95} | ` +
      `${f.observationTable.min} / ${f.observationTable.max} | |`,
    '',
  ];
}

/** The area-search table (empty when the run did not measure it). */
function geoSection(r: BenchReport): string[] {
  const g = r.geo;
  if (!g) return [];
  return [
    '## Area search: POST /search/images with imageLocation', '',
    `${g.images} images created through POST /images (points over 10 W..30 E, 35..60 N; one in a hundred a small field), ` +
      `${g.areas} pentagons of about 2 x 1.25 degrees finding ${g.found.min}..${g.found.max} images each. The statement ` +
      'the search builds, with the point index and forced to scan every image (USING SCAN), and the whole search ' +
      'through the service (POST, then the first page of up to 1000 results).', '',
    '| point index p50 / p95 | label scan p50 / p95 | scan / index (p50) | service search p50 / p95 |',
    '|---|---|---|---|',
    `| ${g.indexed.p50} / ${g.indexed.p95} | ${g.scan.p50} / ${g.scan.p95} | ${g.scanOverIndexed} | ${g.service.p50} / ${g.service.p95} |`,
    '',
  ];
}

export function markdown(r: BenchReport): string {
  const lines: string[] = [];
  lines.push(`# Benchmark (${r.date})`, '');
  lines.push(`Node ${r.machine.node}, ${r.machine.cpus} CPUs (${r.machine.cpuModel}), ${r.machine.memoryGb} GB; Neo4j ${NEO4J_VERSION} (bundled) ` +
    `heap ${r.settings.neo4jHeap}, page cache ${r.settings.neo4jPageCache}, one transaction at most ${r.settings.neo4jTransactionMemory}, over Bolt. Total run ${(r.totalMs / 60000).toFixed(1)} min.`, '');
  lines.push('Every ratio compares two figures measured in this run, on the same database and connection. Latencies in ms.', '');
  // A lists-only run (--lists-only) has no pedigree datasets.
  if (!r.datasets.length) return [...lines, ...listSection(r), ...relationSection(r), ...geoSection(r), ...fieldSection(r)].join('\n');

  lines.push('## Slices: GET /pedigree vs the raw Cypher of the same slice', '');
  lines.push(`Target: service p50 / raw p50 <= ${TARGETS.sliceRatio}; ${TARGETS.roundTripsPerGet} database round trip per GET. ` +
    'Service: each GET timed, to the whole body decompressed, by a lean client in the service\'s own thread, where its work ' +
    'counts against the service (Node\'s http module on a kept-alive connection, asking for gzip); raw: the route\'s ' +
    'statement on the service\'s connection.', '');
  lines.push('| dataset | shape | slice size (germplasm, min..max) | service p50 / p95 | raw p50 / p95 | ratio p50 | ratio p95 | round trips / GET | target |');
  lines.push('|---|---|---|---|---|---|---|---|---|');
  for (const d of r.datasets) {
    for (const s of d.slices) {
      lines.push(`| ${d.name} | ${s.shape} | ${s.sliceSize.min}..${s.sliceSize.max} (mean ${s.sliceSize.mean}) | ${s.service.p50} / ${s.service.p95} | ` +
        `${s.raw.p50} / ${s.raw.p95} | ${s.ratioP50} | ${s.ratioP95} | ${s.roundTripsPerGet.mean} | ` +
        `${pass(s.ratioP50 <= TARGETS.sliceRatio && s.roundTripsPerGet.max === TARGETS.roundTripsPerGet)} |`);
    }
  }
  lines.push('');
  lines.push('The full tree of Williams 82 as one answer is timed once, on the demo data, against its lower bound: see `tree.md`.', '');
  lines.push('Fixed cost of any request (p50, ms), to read the small slices against: ');
  lines.push('');
  lines.push('| dataset | GET /health (Koa + HTTP) | GET /ready (RETURN 1 via the service) | RETURN 1 direct | service overhead on a trivial statement |');
  lines.push('|---|---|---|---|---|');
  for (const d of r.datasets) {
    const f = d.floor;
    lines.push(`| ${d.name} | ${f.health.p50} | ${f.ready.p50} | ${f.ping.p50} | ${Math.round((f.ready.p50 - f.ping.p50) * 100) / 100} |`);
  }
  lines.push('');

  lines.push(...listSection(r), ...relationSection(r), ...geoSection(r), ...fieldSection(r));
  if (r.sizeComparison) {
    const c = r.sizeComparison;
    lines.push(`## The same slices on ${c.large} vs ${c.small}`, '');
    lines.push(`Target: p50(${c.large}) / p50(${c.small}) <= ${TARGETS.sizeRatio}. The probes and their slices are identical on ` +
      'both graphs; both databases and services were up at once and the samples interleaved.', '');
    lines.push('| shape | slice size (mean) | service p50 small -> large | service ratio | raw p50 small -> large | raw ratio | target |');
    lines.push('|---|---|---|---|---|---|---|');
    for (const s of c.shapes) {
      lines.push(`| ${s.shape} | ${s.sliceSize} | ${s.service.small.p50} -> ${s.service.large.p50} | ${s.service.ratioP50} | ` +
        `${s.raw.small.p50} -> ${s.raw.large.p50} | ${s.raw.ratioP50} | ${pass(s.service.ratioP50 <= TARGETS.sizeRatio)} |`);
    }
    lines.push('');
  }

  lines.push('## Bulk load: POST /pedigree vs raw UNWIND CREATE', '');
  lines.push(`Target: service time / raw time <= ${TARGETS.loadRatio}. Same batches; one transaction per batch each.`, '');
  lines.push('| dataset | germplasm | relationships | batches | service s (germplasm/s) | raw s (germplasm/s) | ratio | DB round trips / batch (service, raw) | target |');
  lines.push('|---|---|---|---|---|---|---|---|---|');
  for (const d of r.datasets) {
    const { service: s, raw: w } = d.load;
    lines.push(`| ${d.name} | ${s.nodes} | ${s.edges} | ${s.batches} | ${(s.ms / 1000).toFixed(1)} (${s.nodesPerSecond}) | ` +
      `${(w.ms / 1000).toFixed(1)} (${w.nodesPerSecond}) | ${d.load.ratio} | ${s.roundTripsPerBatch}, ${w.roundTripsPerBatch} | ${pass(d.load.ratio <= TARGETS.loadRatio)} |`);
  }
  lines.push('');
  lines.push('### Where the load time goes (ms summed over all batches, per statement)', '');
  for (const d of r.datasets) {
    const svc = d.load.service;
    const db = svc.statements.reduce((a, b) => a + b.ms, 0);
    lines.push(`**${d.name}**: service ${svc.ms} ms, of which statements and commits ${db} ms and the rest (parsing, ` +
      `validating, presenting, JSON, HTTP) ${svc.ms - db} ms; raw ${d.load.raw.ms} ms.`, '');
    lines.push('| service statement | ms | calls | first call ms | | raw statement | ms | calls | first call ms |', '|---|---|---|---|---|---|---|---|---|');
    const n = Math.max(svc.statements.length, d.load.raw.statements.length);
    for (let i = 0; i < n; i++) {
      const a = svc.statements[i];
      const b = d.load.raw.statements[i];
      const cells = (x: typeof a | undefined) => (x ? `${x.statement} | ${x.ms} | ${x.calls} | ${x.firstMs}` : ' | | | ');
      lines.push(`| ${cells(a)} | | ${cells(b)} |`);
    }
    lines.push('');
  }

  lines.push('### The checks and the response of the last batch, re-run on the loaded graph (reads only)', '');
  for (const d of r.datasets) {
    const g = d.diagnosis;
    const cycleNames = new Set(['check-cycles.cypher', ...g.cycleCheckStatements.map((x) => x.statement)]);
    const msOf = (pick: (name: string) => boolean) => d.load.service.statements.filter((x) => pick(x.statement)).reduce((a, b) => a + b.ms, 0);
    const cycles = msOf((n) => cycleNames.has(n));
    // The parent sets are checked in memory since the writes' rework (bench/results/writes.md); older runs read them.
    const parentTypes = msOf((n) => n === 'check-parent-types.cypher');
    lines.push(`**${d.name}**, last batch: ${g.batchNodes} germplasm, ${g.batchEdges} relationships, of which ` +
      `${g.edgesWithExistingChild} with a child that existed before the request. In the whole service load the cycle ` +
      `check's statements took ${cycles} ms and check-parent-types ${parentTypes} ms ` +
      `(service/raw ${ratio(d.load.service.ms - cycles - parentTypes, d.load.raw.ms)} without them).`, '');
    lines.push('| statement | ms |', '|---|---|');
    for (const [name, ms] of Object.entries(g.ms)) lines.push(`| ${name} | ${ms} |`);
    lines.push('', 'The cycle check of the last batch with its graph search forced, by statement:', '');
    lines.push('| statement | ms | calls |', '|---|---|---|');
    for (const x of g.cycleCheckStatements) lines.push(`| ${x.statement} | ${x.ms} | ${x.calls} |`);
    lines.push('');
  }

  lines.push('## Datasets', '');
  for (const d of r.datasets) lines.push(`- **${d.name}** (${(d.ms / 1000).toFixed(0)} s): ${JSON.stringify(d.meta)}; probes ${d.probes.join(', ')}`);
  lines.push('');
  if (r.notes.length) lines.push('## Notes', '', ...r.notes.map((n) => `- ${n}`), '');
  return lines.join('\n');
}

/** Writes bench/results/<name>.json (the report) and <name>.md (its text); their paths and the text. */
export function writeResults(name: string, report: object, text: string): { json: string; md: string; text: string } {
  const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'results');
  fs.mkdirSync(dir, { recursive: true });
  const json = path.join(dir, `${name}.json`);
  const md = path.join(dir, `${name}.md`);
  fs.writeFileSync(json, JSON.stringify(report, null, 2) + '\n');
  fs.writeFileSync(md, text);
  return { json, md, text };
}

/** Writes latest.{json,md}, or `<name>.{json,md}` for a partial run (so it does not replace the full figures). */
export function writeReport(r: BenchReport, name = 'latest'): { json: string; md: string; text: string } {
  return writeResults(name, r, markdown(r));
}
