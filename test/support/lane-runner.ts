// One lane of scripts/test.ts: a process that asks the runner for a test file each time it is free and runs it in a
// mocha of its own, until the runner has none left. Handed out this way, the lanes end within about one file of each
// other, whatever this run's files take; dealt in advance by the last run's durations they ended 46 to 89 s apart on
// a shared machine. The lane's Neo4j and service start before its first file that uses them and stop after its last
// file (test/support/lane-hooks.ts, as test/setup.ts's root hooks do for a plain mocha). The files' output is mocha's
// spec reporter's; the lane prints one summary at its end, and writes its counts and each file's wall and CPU seconds
// (its process and every process it started: support/process-cpu.ts) for the runner. With TEST_CHECK_LEAKS=1 a file
// that leaves the lane's database with other counts of nodes or relationships than it found fails, naming them.
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import Mocha from 'mocha';
import { isUnitFile, NO_LANE_SERVER_ENV } from './lanes.js';
import { treeCpuSeconds } from './process-cpu.js';
import { SHOWN, slowestOfRun } from './timing-reporter.js';

// Mocha loads the test files as CommonJS modules (through tsx's require hook): the lane's server must be the module
// instance they see, not this ES module's own copy, so the hooks are loaded the same way.
const load = createRequire(import.meta.url);
const { endLane, startLane } = load('./lane-hooks.js') as typeof import('./lane-hooks.js');
const { server } = load('./server.js') as typeof import('./server.js');
const { demoCounts } = load('./demo-counts.js') as typeof import('./demo-counts.js');

/** What scripts/test.ts tells a lane (TEST_LANE, JSON). */
export interface LaneOptions {
  timeout?: number;
  /** Where the lane writes its LaneTimings. */
  timingsOut: string;
}

/** What a lane writes for the runner when it ends. */
export interface LaneTimings {
  passes: number;
  failures: number;
  pending: number;
  seconds: number;
  /** Outside the files: starting and stopping the lane's Neo4j and service. */
  rootHooksSeconds: number;
  files: Record<string, number>;
  /** CPU seconds of the lane's process tree (Linux only): in all, outside the files, per file. */
  cpuSeconds?: number;
  rootHooksCpuSeconds?: number;
  cpuFiles?: Record<string, number>;
}

/** Every failed test of the lane's files, for its summary (mocha's own list of failures). */
const failed: Mocha.Test[] = [];

/** The spec reporter without its summary, which the lane prints once for all its files. */
class FileReporter extends Mocha.reporters.Spec {
  constructor(runner: Mocha.Runner, options?: Mocha.MochaOptions) {
    super(runner, options);
    runner.once(Mocha.Runner.constants.EVENT_RUN_END, () => failed.push(...this.failures));
  }

  override epilogue(): void {}
}

/** A failure outside any test (a file that did not load, the lane's start or end), listed as mocha lists a test's. */
function laneFailure(where: string, title: string, err: unknown): void {
  const test = new Mocha.Test(title);
  test.parent = new Mocha.Suite(where);
  test.err = err instanceof Error ? err : new Error(String(err));
  failed.push(test);
}

function nextFile(): Promise<string | undefined> {
  return new Promise((resolve) => {
    process.once('message', (message: { file?: string }) => resolve(message.file));
    process.send!({ next: true });
  });
}

function runFile(file: string): Promise<Mocha.Runner> {
  const mocha = new Mocha({ timeout: options.timeout, reporter: FileReporter });
  mocha.addFile(path.resolve(file));
  return mocha.loadFilesAsync().then(() => new Promise((resolve) => {
    const runner: Mocha.Runner = mocha.run(() => resolve(runner));
  }));
}

const options = JSON.parse(process.env.TEST_LANE ?? '{}') as LaneOptions;
const stats = { passes: 0, failures: 0, pending: 0 };
const seconds: Record<string, number> = {};
const cpuSeconds: Record<string, number> = {};
let inFile = false;
// An error thrown outside a test (a file's leftover callback after its run) would end the lane and skip its clean end.
process.on('uncaughtException', (err) => {
  if (!inFile) laneFailure('the lane', 'between files', err);
});

const started = performance.now();
const startCpu = treeCpuSeconds();
let failedToStart = false;
let serverUp = false;
for (let file = await nextFile(); file; file = await nextFile()) {
  if (!isUnitFile(file) && !process.env[NO_LANE_SERVER_ENV] && !failedToStart) {
    try {
      await startLane();
      serverUp = true;
    } catch (err) {
      // The run fails with the file this lane took unrun; the other lanes take the rest.
      laneFailure(file, "starting the lane's Neo4j and service before it", err);
      failedToStart = true;
    }
  }
  if (failedToStart) break;
  const from = performance.now();
  const fromCpu = treeCpuSeconds();
  // What a file leaves behind can change the answers of the files after it in its lane (docs/testing.md).
  const countsBefore = serverUp && process.env.TEST_CHECK_LEAKS === '1' ? await demoCounts(server().graph) : undefined;
  inFile = true;
  try {
    const runner = await runFile(file);
    stats.passes += runner.stats?.passes ?? 0;
    stats.pending += runner.stats?.pending ?? 0;
  } catch (err) {
    laneFailure(file, 'loading the file', err);
  }
  inFile = false;
  if (countsBefore) {
    const after = await demoCounts(server().graph);
    const left = Object.keys({ ...countsBefore, ...after })
      .map((k) => [k, (after[k] ?? 0) - (countsBefore[k] ?? 0)] as const).filter(([, d]) => d !== 0)
      .map(([k, d]) => `${k} ${d > 0 ? '+' : ''}${d}`);
    if (left.length) laneFailure(file, 'leaves the database as it found it', new Error(`it changed ${left.join(', ')}`));
  }
  seconds[file] = (performance.now() - from) / 1000;
  const cpu = treeCpuSeconds();
  if (cpu !== undefined && fromCpu !== undefined) cpuSeconds[file] = cpu - fromCpu;
}
try {
  await endLane();
} catch (err) {
  laneFailure('the lane', 'its end', err);
}
stats.failures = failed.length;

const total = (performance.now() - started) / 1000;
const inFiles = Object.values(seconds).reduce((sum, s) => sum + s, 0);
const endCpu = treeCpuSeconds();
const cpu = endCpu !== undefined && startCpu !== undefined ? endCpu - startCpu : undefined;
const cpuInFiles = Object.values(cpuSeconds).reduce((sum, c) => sum + c, 0);
const round = (n: number) => Math.round(n * 10) / 10;
const timings: LaneTimings = {
  ...stats, seconds: total, rootHooksSeconds: Math.max(0, total - inFiles), files: seconds,
  ...(cpu !== undefined ? { cpuSeconds: cpu, rootHooksCpuSeconds: Math.max(0, cpu - cpuInFiles), cpuFiles: Object.fromEntries(Object.entries(cpuSeconds).map(([f, c]) => [f, round(c)])) } : {}),
};
fs.writeFileSync(options.timingsOut, JSON.stringify(timings));
// Mocha's own summary (counts, then each failure in full), once for the lane's files.
Mocha.reporters.Base.prototype.epilogue.call({ stats: { ...stats, duration: Math.round(total * 1000) }, failures: failed } as unknown as Mocha.reporters.Base);
if (SHOWN > 0 && inFiles > 0) console.log(slowestOfRun(total, cpu, seconds, cpuSeconds));
process.exitCode = failed.length ? 1 : 0;
process.disconnect();
