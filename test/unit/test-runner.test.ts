// scripts/test.ts itself, on files that need no database (test/unit/fixtures/lanes*): the lanes take files as they
// free up, a failing test and a file that does not load are both counted and listed in the run's summary, every file
// runs once, a lane that a file keeps alive is stopped, and the PyPI references the files call are installed first.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { expect } from 'chai';
import { referencesOf } from '../support/python-references.js';

const FIXTURES = 'test/unit/fixtures/lanes';

function runSuite(files: string[], settings: Record<string, string> = {}): Promise<{ code: number; out: string }> {
  // The runner's own settings, not those of the run this test is part of.
  const env = { ...Object.fromEntries(Object.entries(process.env).filter(([k]) => !k.startsWith('TEST_') && k !== 'SLOWEST_FILES')), ...settings };
  return new Promise((resolve) => {
    execFile(process.execPath, ['--import=tsx', 'scripts/test.ts', '--lanes', '2', ...files], { env, maxBuffer: 1 << 24 }, (err, stdout, stderr) => {
      // Mocha's colours around its ticks left out.
      resolve({ code: err ? Number(err.code ?? 1) : 0, out: (stdout + stderr).replace(/\x1b\[[0-9;]*m/g, '') });
    });
  });
}

describe('the test runner (scripts/test.ts)', function () {
  this.timeout(120_000);
  let run: { code: number; out: string };
  before(async () => {
    run = await runSuite(fs.readdirSync(FIXTURES).sort().map((f) => path.join(FIXTURES, f)));
  });

  it('hands files to the lane that is free: one lane waits on the slow file while the other runs the rest', () => {
    const perLane = [...run.out.matchAll(/lane (\d) [^,]+, (\d+) files?/g)].map((m) => Number(m[2]));
    expect(perLane.sort(), run.out).to.deep.equal([1, 4]);
  });

  it('runs every file once and counts a failing test and a file that does not load as failures', () => {
    expect(run.code, run.out).to.equal(1);
    for (const title of ['a waits', 'b passes', 'e passes']) expect(run.out.split(`✔ ${title}`).length - 1, title).to.equal(1);
    const summary = run.out.slice(run.out.indexOf('All 2 lanes:'));
    expect(summary, run.out).to.match(/^ {2}3 passing/m).and.match(/^ {2}2 failing/m);
    expect(summary).to.include('fixture c fails').and.include('fixture d does not load');
    expect(run.out).not.to.include('d never runs');
  });

  it('stops a lane that a file keeps alive once its files are done, and fails the run', async () => {
    const started = performance.now();
    const open = await runSuite([path.join(`${FIXTURES}-open`, 'keeps-open.ts')], { TEST_LANE_EXIT_S: '2' });
    expect(open.code, open.out).to.equal(1);
    expect(open.out).to.include('1 passing').and.include('did not end 2 s after its last file');
    expect(performance.now() - started).to.be.below(60_000);
  });

  it('installs first the PyPI references that the files it runs call, and only those', () => {
    const of = (file: string) => referencesOf(fs.readFileSync(file, 'utf8'));
    expect(of('test/integration/pedigree-reference.test.ts')).to.deep.equal(['sgkit']);
    expect(of('test/integration/breeding-values-genomic.test.ts')).to.deep.equal(['numpy']);
    expect(of('test/unit/breeding-values-ldl.test.ts')).to.deep.equal(['numpy']);
    expect(of('test/integration/germplasm.test.ts')).to.deep.equal([]);
  });
});
