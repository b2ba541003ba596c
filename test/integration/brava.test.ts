// BRAVA, the BrAPI community's validator, against the running test server: every collection test whose call the
// server lists in /serverinfo must pass.
import { expect } from 'chai';
import { execFile } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { ADMIN_TOKEN, server } from '../support/server.js';

const RUNNER = fileURLToPath(new URL('../brava/run-brava.mjs', import.meta.url));

describe('BRAVA (BrAPI Validator collection)', () => {
  it('passes every test that applies to the calls in /serverinfo', async function () {
    this.timeout(120_000);
    // Asynchronous: the server under test runs in this process and must keep answering.
    const run = await new Promise<{ status: number; stdout: string; stderr: string }>((resolve) => {
      execFile(process.execPath, [RUNNER, '--base', server().baseUrl, '--token', ADMIN_TOKEN], { cwd: process.cwd() }, (err, stdout, stderr) =>
        resolve({ status: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr }));
    });
    const lines = run.stdout.trim().split('\n');
    const summary = lines.filter((l) => /^coverage:|^\d+ passed, \d+ failed/.test(l));
    console.log(`      BRAVA ${summary.join(' | ')}`);
    const failures = lines.filter((l) => l.startsWith('FAIL') || l.startsWith('      '));
    expect(run.status, `BRAVA failures:\n${failures.join('\n')}\n${run.stderr}`).to.equal(0);
    const [, passed] = /^(\d+) passed/.exec(lines[lines.length - 1]) ?? [];
    expect(Number(passed)).to.be.greaterThan(0);
  });
});
