// Mocha's spec reporter, plus the wall time of each test file, for a plain mocha (scripts/test.ts's lanes time their
// files themselves: test/support/lane-runner.ts): at the end of a run it prints the slowest files, so that a file
// which grows slow is seen before the suite does (.ci/run repeats the list beside its part timings). A file's time
// runs from its first top-level suite's start to its last one's end, hooks included (a file that starts a Neo4j of
// its own pays for it here); the root hooks (the suite's Neo4j and service, test/setup.ts) are counted apart. Each
// file's CPU seconds are measured the same way (its process and every process it started, the lane's Neo4j included:
// support/process-cpu.ts), since on a shared machine they swing far less than wall times.
import Mocha from 'mocha';
import { treeCpuSeconds } from './process-cpu.js';

const { EVENT_SUITE_BEGIN, EVENT_SUITE_END, EVENT_RUN_BEGIN, EVENT_RUN_END } = Mocha.Runner.constants;

/** How many of the slowest files are printed; SLOWEST_FILES=n prints n (0: none). */
export const SHOWN = Number(process.env.SLOWEST_FILES ?? 10);

/**
 * The block of the slowest files (seconds per file, and CPU seconds where known) that every run prints at its end;
 * .ci/run copies it into its summary by its heading, so the two are kept in step here.
 */
export function slowestFiles(about: string, seconds: Record<string, number>, cpu: Record<string, number> = {}): string {
  const files = Object.entries(seconds).sort((a, b) => b[1] - a[1]);
  const lines = files.slice(0, SHOWN).map(([f, s]) => `    ${s.toFixed(1).padStart(7)} s  ${f}` +
    (cpu[f] !== undefined ? `  (${cpu[f].toFixed(0)} CPU-s)` : ''));
  return `\n  Slowest test files (${Math.min(SHOWN, files.length)} of ${files.length}; ${about}):\n${lines.join('\n')}\n`;
}

/**
 * The block for one process's run of `total` seconds (`cpu` CPU-s where known): the files' share of it, the rest spent
 * starting and stopping the suite's Neo4j and service (a plain mocha's root hooks, a lane's start and end).
 */
export function slowestOfRun(total: number, cpu: number | undefined, seconds: Record<string, number>, cpuSeconds: Record<string, number>): string {
  const sum = (values: Record<string, number>) => Object.values(values).reduce((s, v) => s + v, 0);
  const inFiles = sum(seconds);
  return slowestFiles(`${inFiles.toFixed(0)} s in test files, ${Math.max(0, total - inFiles).toFixed(0)} s in the root hooks ` +
    "starting and stopping the suite's Neo4j and service" +
    (cpu !== undefined ? `; CPU: ${cpu.toFixed(0)} s, ${Math.max(0, cpu - sum(cpuSeconds)).toFixed(0)} s of it in the root hooks (this process and all it started)` : ''),
  seconds, cpuSeconds);
}

export default class TimingReporter extends Mocha.reporters.Spec {
  constructor(runner: Mocha.Runner, options?: Mocha.MochaOptions) {
    super(runner, options);
    const perFile = new Map<string, number>();
    const cpuPerFile = new Map<string, number>();
    const started = new Map<Mocha.Suite, { ms: number; cpu?: number }>();
    let runStarted = 0;
    let runCpu: number | undefined;
    runner.on(EVENT_RUN_BEGIN, () => {
      runStarted = performance.now();
      runCpu = treeCpuSeconds();
    });
    runner.on(EVENT_SUITE_BEGIN, (suite: Mocha.Suite) => {
      if (suite.parent?.root) started.set(suite, { ms: performance.now(), cpu: treeCpuSeconds() });
    });
    runner.on(EVENT_SUITE_END, (suite: Mocha.Suite) => {
      const from = started.get(suite);
      if (from === undefined) return;
      const file = relative(suite.file ?? '(no file)');
      perFile.set(file, (perFile.get(file) ?? 0) + (performance.now() - from.ms) / 1000);
      const cpu = treeCpuSeconds();
      if (cpu !== undefined && from.cpu !== undefined) cpuPerFile.set(file, (cpuPerFile.get(file) ?? 0) + cpu - from.cpu);
    });
    // Registered after the spec reporter's own end listener, so this prints below its summary.
    runner.once(EVENT_RUN_END, () => {
      if (SHOWN <= 0 || perFile.size === 0) return;
      const endCpu = treeCpuSeconds();
      const cpu = endCpu !== undefined && runCpu !== undefined ? endCpu - runCpu : undefined;
      console.log(slowestOfRun((performance.now() - runStarted) / 1000, cpu, Object.fromEntries(perFile), Object.fromEntries(cpuPerFile)));
    });
  }
}

function relative(file: string): string {
  const cwd = process.cwd() + '/';
  return file.startsWith(cwd) ? file.slice(cwd.length) : file;
}
