// BRAVA, the BrAPI community's validator, against the running test server: every collection test whose call the
// server lists in /serverinfo must pass.
import { expect } from 'chai';
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { loadSpec } from '../../src/openapi/spec.js';
import { removeVariantSets, variantSetIds } from '../support/genotyping.js';
import { api, ADMIN_TOKEN, server } from '../support/server.js';

const RUNNER = fileURLToPath(new URL('../brava/run-brava.mjs', import.meta.url));
const COLLECTION = fileURLToPath(new URL('../brava/collections/CompleteBrapiTest.v2.1.json', import.meta.url));

type Item = { name: string; endpoint: string; request: { method: string } };

describe('BRAVA (BrAPI Validator collection)', () => {
  it('passes every test that applies to the calls in /serverinfo', async function () {
    this.timeout(120_000);
    // The collection's POST /variantsets/extract (an empty selection) copies every call into a new variant set:
    // removed after the run, so the genotyping data other tests count stays as it was.
    const setsBefore = await variantSetIds();
    // Asynchronous: the server under test runs in this process and must keep answering.
    const reportFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'brava-')), 'report.json');
    const run = await new Promise<{ status: number; stdout: string; stderr: string }>((resolve) => {
      execFile(process.execPath, [RUNNER, '--base', server().baseUrl, '--token', ADMIN_TOKEN, '--json', reportFile], { cwd: process.cwd() }, (err, stdout, stderr) =>
        resolve({ status: err ? Number((err as { code?: number }).code ?? 1) : 0, stdout, stderr }));
    });
    await removeVariantSets((await variantSetIds()).filter((id) => !setsBefore.includes(id)));
    const lines = run.stdout.trim().split('\n');
    const summary = lines.filter((l) => /^coverage:|^\d+ passed, \d+ failed/.test(l));
    console.log(`      BRAVA ${summary.join(' | ')}`);
    const failures = lines.filter((l) => l.startsWith('FAIL') || l.startsWith('      '));
    expect(run.status, `BRAVA failures:\n${failures.join('\n')}\n${run.stderr}`).to.equal(0);
    const [, passed] = /^(\d+) passed/.exec(lines[lines.length - 1]) ?? [];
    expect(Number(passed)).to.be.greaterThan(0);

    // Coverage cannot shrink unnoticed: every test of the collection runs, except those of calls this server does not
    // list, and those are all calls of the one module it does not complete (Genotyping: vendor calls). A route
    // lost from another module drops out of /serverinfo, and its tests would be skipped: this fails instead.
    const report = JSON.parse(fs.readFileSync(reportFile, 'utf8')) as Array<{ name: string; skipped?: string }>;
    expect(report.filter((r) => r.skipped && r.skipped !== 'not in serverinfo')).to.deep.equal([]);
    const listed = new Set(((await api('GET', '/serverinfo')).json.result.calls as Array<{ service: string }>).map((c) => `/${c.service}`));
    const items = (JSON.parse(fs.readFileSync(COLLECTION, 'utf8')).item as Array<{ item: Item[] }>).slice(1).flatMap((f) => f.item);
    const spec = loadSpec();
    const unlisted = items.filter((i) => !listed.has(i.endpoint));
    const modules = [...new Set(unlisted.map((i) => spec.getOperation(i.request.method.toLowerCase(), i.endpoint)?.module ?? `(not in the spec) ${i.endpoint}`))];
    expect(modules).to.deep.equal(['Genotyping']);
    expect(report.filter((r) => r.skipped).length).to.equal(unlisted.length);
    console.log(`      BRAVA runs ${items.length - unlisted.length} of ${items.length} collection tests; the others are Genotyping calls`);
  });
});
