// `npm test` and `npm run test:fast`: the mocha suite spread over lanes, each a process of its own with its own
// throwaway Neo4j and service (test/support/lane-runner.ts). Most of a test file's time is spent waiting on Neo4j, a
// child process or a browser. Two database lanes are the default: with the lane beside the demo load
// (test/support/lanes.ts) they keep 2 cores as busy as three did, and each lane's Neo4j compiles every statement its
// files send anew, most of its CPU (docs/testing.md). Each lane takes the next file in the suite's order whenever it
// is free, so the lanes end together. Each lane's output is streamed with its number in front; the summary at the end
// (counts, failures, the slowest files) is printed once for the whole run, in the shape .ci/run reads.
//
//   tsx scripts/test.ts [--config .mocharc.json] [--lanes N] [--typecheck] [file ...]
//
// --lanes (or TEST_LANES) defaults to 2; 1 runs one lane.
// --typecheck runs tsc --noEmit beside the tests (npm test does), and the run fails with it.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import { createRequire } from 'node:module';
import os from 'node:os';
import path from 'node:path';
import { buildClassArchive } from '../src/devdb/build-class-archive.js';
import { buildDemoStore, DEMO_COUNTS_ENV, DEMO_STORE_ENV, demoStoreDir } from '../test/support/demo-store.js';
import type { LaneOptions, LaneTimings } from '../test/support/lane-runner.js';
import { isUnitFile, needsNoLaneServer, NO_LANE_SERVER_ENV } from '../test/support/lanes.js';
import { treeCpuSeconds } from '../test/support/process-cpu.js';
import { installPythonReferences, referencesOf } from '../test/support/python-references.js';
import { SHOWN, slowestFiles } from '../test/support/timing-reporter.js';
import { testServerConfig } from '../test/support/server.js';

const require = createRequire(import.meta.url);
/** How long a lane may take to end after its summary (TEST_LANE_EXIT_S; its Neo4j is stopped before the summary). */
const LANE_EXIT_S = Number(process.env.TEST_LANE_EXIT_S ?? 60);

/** What the lanes take from a mocha config (its `require` and `reporter` serve a plain mocha: the lanes do both). */
interface MochaConfig {
  spec: string[];
  ignore?: string[];
  'node-option'?: string[];
  timeout?: number;
}

function parseArgs(argv: string[]) {
  const opts = { config: '.mocharc.json', lanes: Number(process.env.TEST_LANES ?? 2), typecheck: false, files: [] as string[] };
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--config') opts.config = argv[++i];
    else if (arg === '--lanes') opts.lanes = Number(argv[++i]);
    else if (arg === '--typecheck') opts.typecheck = true;
    else if (arg.startsWith('-')) throw new Error(`unknown option ${arg} (scripts/test.ts takes --config, --lanes, --typecheck and files)`);
    else opts.files.push(arg);
  }
  if (!Number.isInteger(opts.lanes) || opts.lanes < 1) throw new Error(`--lanes (TEST_LANES) must be a whole number of at least 1, got ${opts.lanes}`);
  return opts;
}

/** The files a `dir/**\/*suffix` pattern names (the only shape our configs use), sorted. */
function expand(pattern: string): string[] {
  const match = /^(.*?)\/\*\*\/\*([^*/]+)$/.exec(pattern);
  if (!match) return fs.existsSync(pattern) ? [pattern] : [];
  const [, dir, suffix] = match;
  const found: string[] = [];
  const walk = (d: string) => {
    for (const entry of fs.readdirSync(d, { withFileTypes: true })) {
      const p = path.join(d, entry.name);
      if (entry.isDirectory()) walk(p);
      else if (entry.name.endsWith(suffix)) found.push(p);
    }
  };
  walk(dir);
  return found.sort();
}

/**
 * The files not yet handed out: each lane takes the next when it is free (test/support/lane-runner.ts), and a lane
 * without a Neo4j of its own takes only files that need none. In alphabetical order, as mocha would run them: some
 * files leave records behind that would change the answers of files that sort before them (TEST_CHECK_LEAKS=1 names
 * them), so a lane runs its files in the order the suite has always passed in. Handed out, and not dealt in advance,
 * the lanes end within about one file of each other.
 */
class Queue {
  private readonly withServer: string[];
  private readonly without: string[];

  constructor(files: string[]) {
    const sorted = [...files].sort();
    this.withServer = sorted.filter((f) => !needsNoLaneServer(f));
    this.without = sorted.filter(needsNoLaneServer);
  }

  get serverFiles(): number {
    return this.withServer.length;
  }

  take(hasServer: boolean): string | undefined {
    if (typeErrors) return undefined;
    return (hasServer ? this.withServer.shift() : undefined) ?? this.without.shift();
  }
}

/** Starts lane `index` (test/support/lane-runner.ts), which takes its files from `queue` one at a time. */
function runLane(index: number, prefixed: boolean, queue: Queue, config: MochaConfig, timingsOut: string, env: NodeJS.ProcessEnv = {}): Promise<{ code: number; failures: string }> {
  if (typeErrors) return Promise.resolve({ code: 1, failures: '' });
  const hasServer = !env[NO_LANE_SERVER_ENV];
  const lane: LaneOptions = { timeout: config.timeout, timingsOut };
  const child = spawn(process.execPath, [...(config['node-option'] ?? []).map((o) => `--${o}`), path.resolve('test/support/lane-runner.ts')], {
    stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
    // One lane's summary is the run's summary when there is one lane; with several, the runner prints it once.
    env: { ...process.env, ...env, TEST_LANE: JSON.stringify(lane), ...(prefixed ? { SLOWEST_FILES: '0' } : {}), FORCE_COLOR: process.env.FORCE_COLOR ?? '0' },
  });
  child.on('message', () => child.connected && child.send({ file: queue.take(hasServer) }));
  children.add(child);
  const tag = prefixed ? `[${index + 1}] ` : '';
  let failures = '';
  let inFailures = false;
  const relay = (stream: NodeJS.ReadableStream, out: NodeJS.WriteStream) => {
    let rest = '';
    stream.setEncoding('utf8');
    stream.on('data', (chunk: string) => {
      const lines = (rest + chunk).split('\n');
      rest = lines.pop()!;
      for (const line of lines) {
        out.write(tag + line + '\n');
        // The failure details come after the "N failing" line; the runner repeats them under the whole summary.
        if (/^ {2}\d+ failing/.test(line)) inFailures = true;
        if (inFailures && out === process.stdout) failures += line + '\n';
      }
    });
    stream.on('end', () => rest && out.write(tag + rest + '\n'));
  };
  relay(child.stdout!, process.stdout);
  relay(child.stderr!, process.stderr);
  // A lane disconnects once it has printed its summary. A handle a file left open (a timer, a connection, a Neo4j its
  // end did not stop) would keep it alive, and the run with it, until CI's limit: it is stopped and the run fails.
  let hung: NodeJS.Timeout | undefined;
  child.on('disconnect', () => {
    hung = setTimeout(() => {
      console.log(`\nLane ${index + 1} did not end ${LANE_EXIT_S} s after its last file: something a file started is still open. It is stopped, and the run fails.`);
      child.kill('SIGKILL');
    }, LANE_EXIT_S * 1000);
  });
  return new Promise((resolve) => child.on('close', (code, signal) => {
    clearTimeout(hung);
    children.delete(child);
    resolve({ code: code ?? (signal ? 1 : 0), failures });
  }));
}

/**
 * `tsc --noEmit` beside the tests (it needs no database, and the lanes' first minute leaves a core to spare): answers
 * whether it passed; its errors are printed when it ends, and a failed check stops the lanes.
 */
function typecheck(): Promise<boolean> {
  const child = spawn(path.resolve('node_modules/.bin/tsc'), ['--noEmit'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (chunk) => (out += chunk));
  child.stderr!.on('data', (chunk) => (out += chunk));
  return new Promise((resolve) => child.on('close', (code) => {
    if (code === 0) return resolve(true);
    console.log(`\nThe type check failed (tsc --noEmit); lanes still running are stopped:\n${out}`);
    typeErrors = true;
    for (const lane of children) lane.kill('SIGINT');
    resolve(false);
  }));
}

const children = new Set<ReturnType<typeof spawn>>();
/** Set when the type check failed: lanes not started yet are not. */
let typeErrors = false;
// A stopped run stops its lanes as Ctrl-C would, and each lane's Neo4j ends with it (its watchdog: src/devdb/launcher.ts).
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.on(signal, () => {
    for (const child of children) child.kill('SIGINT');
  });
}

function minutes(s: number): string {
  return s >= 60 ? `${Math.floor(s / 60)}m ${Math.round(s % 60)}s` : `${Math.round(s)}s`;
}

async function main(): Promise<number> {
  const opts = parseArgs(process.argv.slice(2));
  const config = require(path.resolve(opts.config)) as MochaConfig;
  const ignored = new Set((config.ignore ?? []).map((f) => path.normalize(f)));
  const files = (opts.files.length ? opts.files : config.spec.flatMap(expand)).map((f) => path.normalize(f)).filter((f) => !ignored.has(f));
  if (files.length === 0) throw new Error(`no test files found for ${opts.files.join(' ') || config.spec.join(' ')}`);
  const typechecked = opts.typecheck ? typecheck() : Promise.resolve(true);
  // On a first run the PyPI references are installed now, and not by the first file that needs them, which would hold
  // its lane meanwhile (CI makes them before the tests). A file that needs one waits on its lock; one that cannot be
  // made is reported by the files that need it.
  const references = installPythonReferences(console.log, [...new Set(files.flatMap((f) => referencesOf(fs.readFileSync(f, 'utf8'))))]);
  // Every lane starts a bundled Neo4j, and some tests more: made once per JVM and classpath, the class archive
  // (src/devdb/class-archive.ts) takes a third off the CPU of each start.
  if (!process.env.TEST_NEO4J_URI && !files.every(isUnitFile)) await buildClassArchive(console.log);
  const queue = new Queue(files);
  // Two lanes or more on the bundled Neo4j: the demo is loaded once, and each lane starts from a copy of it
  // (test/support/demo-store.ts), its JVM a short-lived one, with the lane beside it busy meanwhile. test:fast (two
  // lanes) took 0.91 of the wall time and CPU this way (docs/testing.md); one lane loads the demo itself.
  const sharedDemo = Math.min(opts.lanes, queue.serverFiles) > 1 && !process.env.TEST_NEO4J_URI;
  // The load keeps one core busy: the unit tests, which need no database, and the files that start their own
  // (test/support/lanes.ts) run on the other meanwhile, in a lane of its own without a Neo4j and service, and the
  // database lanes take the rest (and what that lane has not taken yet, once theirs are done).
  const laneCount = sharedDemo ? Math.min(opts.lanes, queue.serverFiles) : Math.min(opts.lanes, files.length);
  const beside = sharedDemo && queue.serverFiles < files.length;
  const prefixed = laneCount > 1 || beside;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'brapi-test-lanes-'));
  const timingsFile = (i: number) => path.join(dir, `lane-${i + 1}.json`);
  const demoCountsFile = path.join(dir, 'demo-counts.json');
  const started = performance.now();
  const startCpu = treeCpuSeconds();
  const besideLane = beside
    ? runLane(laneCount, true, queue, config, timingsFile(laneCount), { [NO_LANE_SERVER_ENV]: '1', [DEMO_COUNTS_ENV]: demoCountsFile })
    : undefined;
  if (besideLane) console.log(`lane ${laneCount + 1}: the unit tests and the files with databases of their own, while the demo data loads`);
  let demoStore: string | undefined;
  if (sharedDemo) {
    demoStore = demoStoreDir();
    const loading = performance.now();
    try {
      process.env[DEMO_STORE_ENV] = await buildDemoStore(testServerConfig(demoStore), demoCountsFile);
    } catch (err) {
      fs.rmSync(demoStore, { recursive: true, force: true });
      for (const child of children) child.kill('SIGINT');
      await besideLane;
      throw err;
    }
    const cpu = treeCpuSeconds();
    console.log(`The demo data loaded once for the ${laneCount} lanes in ${minutes((performance.now() - loading) / 1000)}` +
      (cpu !== undefined && startCpu !== undefined ? ` (${Math.round(cpu - startCpu)} CPU-s, the unit tests' included)` : ''));
  }
  if (prefixed) console.log(`lanes 1 to ${laneCount}: the ${queue.serverFiles} files that use a lane's Neo4j and service, each taking the next when it is free`);
  const results = await Promise.all([
    ...Array.from({ length: laneCount }, (_, i) => runLane(i, prefixed, queue, config, timingsFile(i))),
    ...(besideLane ? [besideLane] : []),
  ]);
  const wall = (performance.now() - started) / 1000;
  const endCpu = treeCpuSeconds();
  if (demoStore) fs.rmSync(demoStore, { recursive: true, force: true });
  const timings = results.map((_, i) => {
    const file = timingsFile(i);
    return fs.existsSync(file) ? (JSON.parse(fs.readFileSync(file, 'utf8')) as LaneTimings) : undefined;
  });
  fs.rmSync(dir, { recursive: true, force: true });
  await references;
  const failed = results.some((r) => r.code !== 0) || !(await typechecked);

  if (results.length === 1) return failed ? 1 : 0;

  // The whole run's summary, unprefixed: the counts (.ci/run sums the "passing" lines it finds), the failures again,
  // each lane's time, and the slowest files of all lanes.
  const sum = (k: 'passes' | 'failures' | 'pending') => timings.reduce((s, t) => s + (t?.[k] ?? 0), 0);
  console.log(`\nAll ${results.length} lanes:`);
  console.log(`  ${sum('passes')} passing (${minutes(wall)})`);
  if (sum('pending')) console.log(`  ${sum('pending')} pending`);
  if (sum('failures')) console.log(`  ${sum('failures')} failing`);
  if (typeErrors) console.log('  the type check failed (its errors are above)');
  results.forEach((r, i) => {
    if (r.failures) console.log(`\nLane ${i + 1}'s failures:\n${r.failures.split('\n').slice(1).join('\n')}`);
    if (r.code !== 0 && !timings[i]) console.log(`\nLane ${i + 1} ended with code ${r.code} before its summary (see its [${i + 1}] lines above).`);
  });
  const perLane = timings.map((t, i) => `lane ${i + 1} ${t ? `${minutes(t.seconds)}, ${Object.keys(t.files).length} file${Object.keys(t.files).length === 1 ? '' : 's'} (root hooks ${Math.round(t.rootHooksSeconds)} s` +
    `${t.cpuSeconds !== undefined ? `; ${Math.round(t.cpuSeconds)} CPU-s, ${Math.round(t.rootHooksCpuSeconds ?? 0)} in the root hooks` : ''})` : 'no summary'}`);
  const cpuOf = Object.fromEntries(timings.flatMap((t) => Object.entries(t?.cpuFiles ?? {})));
  // The CPU of this process and everything it started (every lane, and the demo store's load), from test/support/process-cpu.ts.
  const cpuAll = endCpu !== undefined && startCpu !== undefined ? `; CPU ${Math.round(endCpu - startCpu)} s in all` : '';
  console.log(slowestFiles(perLane.join(', ') + cpuAll, Object.fromEntries(timings.flatMap((t) => Object.entries(t?.files ?? {}))), cpuOf));
  const byCpu = Object.entries(cpuOf).sort((a, b) => b[1] - a[1]);
  if (byCpu.length && SHOWN > 0) {
    console.log(`  Most CPU (${Math.min(SHOWN, byCpu.length)} of ${byCpu.length} files, each with the processes it started and its lane's Neo4j meanwhile):`);
    for (const [f, c] of byCpu.slice(0, SHOWN)) console.log(`    ${c.toFixed(1).padStart(7)} CPU-s  ${f}`);
    console.log('');
  }
  return failed ? 1 : 0;
}

main().then((code) => process.exit(code), (e) => {
  console.error((e as Error).message);
  process.exit(2);
});
