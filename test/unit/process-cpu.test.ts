// The CPU the test reporter charges to a file: this process's and every process it started, alive or reaped.
import { spawn } from 'node:child_process';
import { expect } from 'chai';
import { treeCpuSeconds } from '../support/process-cpu.js';

/**
 * A grandchild (node under a shell, as a JVM runs under its watchdog) that spins until it has used `s` CPU-s, says so,
 * and ends when its input does.
 */
function spinner(s: number) {
  const code = `const u = () => { const c = process.cpuUsage(); return (c.user + c.system) / 1e6; }; while (u() < ${s}) {} ` +
    "process.stdout.write('spun\\n'); process.stdin.resume(); process.stdin.on('end', () => process.exit(0));";
  return spawn('sh', ['-c', `"${process.execPath}" -e "$0"; true`, code], { stdio: ['pipe', 'pipe', 'inherit'] });
}

describe('treeCpuSeconds: CPU of this process and all it started', function () {
  let child: ReturnType<typeof spinner> | undefined;
  before(function () {
    if (process.platform !== 'linux') this.skip();
  });
  // A failed assertion leaves the spinner waiting for its input: end it, or the run never ends.
  after(() => child?.stdin?.end());

  it('counts a grandchild while it runs, and again once it has been reaped', async () => {
    const before = treeCpuSeconds()!;
    // 0.6 CPU-s by its own clock; /proc counts in ticks of 10 ms, so at least 0.5 must show.
    const spinning = child = spinner(0.6);
    await new Promise<void>((resolve) => spinning.stdout!.on('data', () => resolve()));
    expect(treeCpuSeconds()! - before, 'alive').to.be.at.least(0.5);
    const ended = new Promise((resolve) => spinning.once('exit', resolve));
    spinning.stdin!.end();
    await ended;
    expect(treeCpuSeconds()! - before, 'reaped').to.be.at.least(0.5);
  });

  it('leaves out processes outside the tree', () => {
    // The parent (mocha's launcher, a node process that has loaded mocha) is outside this tree: its tree is this one
    // (read after, so no smaller) and the parent's own CPU more.
    const own = treeCpuSeconds()!;
    expect(treeCpuSeconds(process.ppid)).to.be.above(own);
  });
});
