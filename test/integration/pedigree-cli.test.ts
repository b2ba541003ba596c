// npm run import / export against the test server's Neo4j (and, for all of SoyBase, an empty bundled Neo4j), checked
// through the BrAPI API: what a curator would see after running them. Most runs are in the test process; an export to
// standard output and the import that is killed midway are real processes.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { connectGraph } from '../../src/graph/connect.js';
import { FIXTURES } from '../../src/demo/load.js';
import { cli, cliAsProcess, cliProcess } from '../support/cli.js';
import { extraNeo4j, type ExtraNeo4j } from '../support/extra-neo4j.js';
import { HISTORY, removeNodes } from '../support/graph.js';
import { api, onBundledNeo4j, server, type TestDatabase } from '../support/server.js';

async function pedigreeOf(id: string, query = '') {
  const res = await api('GET', `/pedigree?germplasmDbId=${encodeURIComponent(id)}&pageSize=1000${query}`);
  expect(res.status, res.text).to.equal(200);
  return res.json.result.data as Array<{ germplasmDbId: string; germplasmName: string; parents: Array<{ germplasmDbId: string; germplasmName: string; parentType: string }> }>;
}

async function idOfName(name: string): Promise<string | undefined> {
  const res = await api('GET', `/germplasm?germplasmName=${encodeURIComponent(name)}`);
  return res.json.result.data[0]?.germplasmDbId;
}

describe('pedigree import and export CLI', function () {
  this.timeout(120_000);
  let dir: string;
  before(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pedigree-cli-'))));
  const runCli = (script: 'import' | 'export', args: string[], db?: TestDatabase) => cli(script, args, db, dir);
  after(async () => {
    fs.rmSync(dir, { recursive: true, force: true });
    // What the imports into the suite's database made (every --id-prefix there starts with cli-), with its history.
    await removeNodes('Germplasm', 'germplasmDbId', { startsWith: 'cli-' }, HISTORY);
  });
  const file = (name: string, text: string) => {
    const p = path.join(dir, name);
    fs.writeFileSync(p, text);
    return p;
  };
  // The CLIs run from `dir`, where the files are: the report of FILE is ./FILE.import-report.json.
  const report = (p: string) => JSON.parse(fs.readFileSync(`${p}.import-report.json`, 'utf8'));

  it('imports Helium (Breedbase form), linking names to existing germplasm; a dry run first writes nothing', async () => {
    const p = file('bb.helium', '# from Breedbase\n# heliumInput = PEDIGREE\nLineName\tFemaleParent\tMaleParent\nCLI-Alpha\tWilliams 82\tCLI-Founder\nCLI-Beta\tCLI-Alpha\tCLI-Alpha\n');
    const dry = await runCli('import', [p, '--dry-run', '--id-prefix', 'cli-a-', '--crop', 'Soybean']);
    expect(dry.code, dry.stderr).to.equal(0);
    expect(dry.stdout).to.contain('dry run (nothing written)');
    const planned = report(p);
    expect(planned).to.include({ format: 'helium', dryRun: true, records: 2, existing: 1, created: 3, linked: 3 });
    expect(await idOfName('CLI-Alpha')).to.equal(undefined);

    const run = await runCli('import', [p, '--id-prefix', 'cli-a-', '--crop', 'Soybean']);
    expect(run.code, run.stderr).to.equal(0);
    expect(report(p)).to.include({ dryRun: false, existing: 1, created: 3, linked: 3 });
    expect(report(p).rejected).to.deep.equal([]);
    const beta = (await pedigreeOf('cli-a-cli-beta')).find((n) => n.germplasmDbId === 'cli-a-cli-beta')!;
    expect(beta.parents).to.deep.equal([{ germplasmDbId: 'cli-a-cli-alpha', germplasmName: 'CLI-Alpha', parentType: 'SELF' }]);
    const alpha = (await pedigreeOf('cli-a-cli-alpha')).find((n) => n.germplasmDbId === 'cli-a-cli-alpha')!;
    expect(alpha.parents.map((x) => [x.germplasmDbId, x.parentType]).sort()).to.deep.equal([['cli-a-cli-founder', 'MALE'], ['soy-williams-82', 'FEMALE']]);
  });

  it('rejects self-parents, cycles, unknown parent types and (with --no-create-parents) unknown parents, naming each row', async () => {
    const p = file('g.helium', [
      '# heliumInput = PEDIGREE',
      'LineName\tParent\tParentType',
      'CLI-Self\tCLI-Self\tF', // line 3
      'CLI-X\tCLI-Y\tF', // line 4
      'CLI-Y\tCLI-X\tM', // line 5
      'CLI-Odd\tWilliams 82\tWHO', // line 6
      'CLI-Orphan\tCLI-Nowhere\tF', // line 7
      'CLI-Good\tWilliams 82\tM', // line 8
      '',
    ].join('\n'));
    const run = await runCli('import', [p, '--id-prefix', 'cli-g-', '--no-create-parents', '--crop', 'Soybean']);
    expect(run.code, run.stderr).to.equal(3);
    const { rejected, created } = report(p);
    const byLine = Object.fromEntries(rejected.map((r: { at: string[]; reason: string }) => [r.at[0], r.reason]));
    expect(byLine['line 3']).to.contain('own parent');
    expect(byLine['line 4'] ?? byLine['line 5']).to.contain('own ancestor');
    expect(byLine['line 6']).to.contain('"WHO"');
    expect(byLine['line 7']).to.contain('unknown parent CLI-Nowhere');
    expect(rejected).to.have.length(4);
    expect(run.stdout).to.contain('4 rejected');
    // Created: Self, X, Y, Good (Odd's only row was rejected while reading, Orphan before the upload).
    expect(created).to.equal(4);
    expect(await idOfName('CLI-Orphan')).to.equal(undefined);
    expect((await pedigreeOf('cli-g-cli-self'))[0].parents).to.deep.equal([]);
    const x = (await pedigreeOf('cli-g-cli-x')).find((n) => n.germplasmDbId === 'cli-g-cli-x')!;
    const y = (await pedigreeOf('cli-g-cli-y')).find((n) => n.germplasmDbId === 'cli-g-cli-y')!;
    expect([...x.parents, ...y.parents]).to.deep.equal([]); // neither relationship of the cycle is stored
    const good = (await pedigreeOf('cli-g-cli-good')).find((n) => n.germplasmDbId === 'cli-g-cli-good')!;
    expect(good.parents).to.deep.equal([{ germplasmDbId: 'soy-williams-82', germplasmName: 'Williams 82', parentType: 'MALE' }]);
  });

  it('imports CSV with named columns and BrAPI JSON, reporting a parent DbId that exists nowhere', async () => {
    const csv = file('c.csv', 'Name,Mother,Father\n"CLI-C1, sel. 2",Williams 82,Essex\n');
    expect((await runCli('import', [csv, '--id-prefix', 'cli-c-', '--crop', 'Soybean'])).code).to.equal(0);
    const c1 = (await pedigreeOf('cli-c-cli-c1-sel-2')).find((n) => n.germplasmDbId === 'cli-c-cli-c1-sel-2')!;
    expect(c1.germplasmName).to.equal('CLI-C1, sel. 2');
    expect(c1.parents.map((x) => x.germplasmDbId).sort()).to.deep.equal(['soy-essex', 'soy-williams-82']);

    const json = file('j.json', JSON.stringify([
      { germplasmDbId: 'cli-j-1', germplasmName: 'CLI-J1', parents: [{ germplasmDbId: 'cli-nowhere', parentType: 'FEMALE' }] },
      { germplasmDbId: 'cli-j-2', germplasmName: 'CLI-J2', parents: [{ germplasmDbId: 'soy-williams-82', parentType: 'MALE' }] },
      { germplasmDbId: 'cli-j-3', germplasmName: 'CLI-J3', parents: 'not a list' },
    ]));
    const run = await runCli('import', [json]);
    expect(run.code, run.stderr).to.equal(3);
    const { rejected } = report(json);
    expect(rejected.map((r: { at: string[] }) => r.at[0])).to.deep.equal(['item 1', 'item 3']);
    expect(rejected[0].reason).to.contain('unknown parent cli-nowhere');
    expect(rejected[1].reason).to.contain('parents must be an array');
    expect((await pedigreeOf('cli-j-2'))[0].parents.map((x) => x.germplasmDbId)).to.include('soy-williams-82');
  });

  it('exports the ancestry of Williams 82 as Helium and BrAPI JSON, matching GET /pedigree; the JSON imports back unchanged', async function () {
    const expected = await pedigreeOf('soy-williams-82', '&pedigreeDepth=1000&progenyDepth=0');
    expect(expected.length).to.be.greaterThan(2);

    const json = path.join(dir, 'w82.json');
    const j = await runCli('export', ['Williams 82', '--format', 'brapi', '--out', json]);
    expect(j.code, j.stderr).to.equal(0);
    const exported = JSON.parse(fs.readFileSync(json, 'utf8'));
    expect(exported).to.deep.equal(expected);

    const h = await cliAsProcess('export', ['soy-williams-82'], undefined, dir, { test: this });
    expect(h.code, h.stderr).to.equal(0);
    const [mark, header, ...rows] = h.stdout.trimEnd().split('\n');
    expect([mark, header]).to.deep.equal(['# heliumInput = PEDIGREE', 'LineName\tParent\tParentType']);
    const want = expected.flatMap((n) =>
      n.parents.length === 0
        ? [`${n.germplasmName}\t\t`]
        : n.parents.flatMap((x) => (x.parentType === 'SELF' ? ['F', 'M'] : [x.parentType[0]]).map((t) => `${n.germplasmName}\t${x.germplasmName}\t${t}`)),
    );
    expect(rows.sort()).to.deep.equal(want.sort());

    const back = await runCli('import', [json, '--dry-run']);
    expect(back.code, back.stderr).to.equal(0);
    expect(report(json)).to.include({ records: expected.length, existing: expected.length, created: 0 });
  });

  it('answers bad usage and unknown germplasm with a message and a non-zero exit', async () => {
    expect((await runCli('import', [])).code).to.equal(2);
    expect((await runCli('import', [path.join(dir, 'missing.tsv')])).stderr).to.contain('no such file');
    const unknown = await runCli('export', ['No Such Cultivar']);
    expect(unknown.code).to.equal(1);
    expect(unknown.stderr).to.contain('No germplasm has the DbId or name "No Such Cultivar"');
  });

  it('killed midway, an import leaves whole batches only, and running it again completes it as one run would have', async function () {
    this.timeout(300_000);
    // 1,500 germplasm in a heap-shaped pedigree (11 generations), 300 per transaction: five batches, so the kill after
    // the first leaves four to roll back or complete.
    const N = 1500;
    const name = (i: number) => `CLI-K ${i}`;
    const parents = (i: number): Array<[number, 'FEMALE' | 'MALE']> => {
      if (i === 0) return [];
      const [mother, father] = [Math.floor((i - 1) / 2), Math.floor((i - 1) / 3)];
      return mother === father ? [[mother, 'FEMALE']] : [[mother, 'FEMALE'], [father, 'MALE']];
    };
    const rows = Array.from({ length: N }, (_, i) => [name(i), ...parents(i).map(([p]) => name(p))].concat(['', '']).slice(0, 3).join(','));
    const csv = file('killed.csv', `Name,Mother,Father\n${rows.join('\n')}\n`);
    const expected = Array.from({ length: N }, (_, i) => parents(i).map(([p, type]) => [name(i), name(p), type].join(' <- '))).flat().sort();
    const stored = async () => (await server().graph.read<{ n: number }>("MATCH (g:Germplasm) WHERE g.germplasmDbId STARTS WITH 'cli-k-' RETURN count(g) AS n"))[0].n;
    const edges = async () => (await server().graph.read<{ e: string }>(
      "MATCH (c:Germplasm)-[r:PARENT]->(p:Germplasm) WHERE c.germplasmDbId STARTS WITH 'cli-k-' RETURN c.germplasmName + ' <- ' + p.germplasmName + ' <- ' + r.parentType AS e",
    )).map((r) => r.e).sort();
    const args = [csv, '--id-prefix', 'cli-k-', '--crop', 'Soybean', '--batch-size', '300'];

    // The process is killed (as a closed laptop or an out-of-memory kill would end it) once its first batch is committed;
    // the open transaction dies with its connection.
    const { child, done } = cliProcess('import', args, undefined, dir, { test: this });
    let atKill = 0;
    while ((atKill = await stored()) < 300) {
      expect(child.exitCode, 'the import ended before its first batch was seen').to.equal(null);
      await new Promise((r) => setTimeout(r, 50));
    }
    child.kill('SIGKILL');
    expect((await done).signal).to.equal('SIGKILL');
    const left = await stored();
    expect(left, 'the import finished before it could be killed').to.be.lessThan(N);
    expect(left % 300, `${left} germplasm: a batch was left in part`).to.equal(0);
    // The batches that are there are whole: each germplasm with every parent the file gives it (parents come first).
    const names = new Set((await server().graph.read<{ name: string }>(
      "MATCH (g:Germplasm) WHERE g.germplasmDbId STARTS WITH 'cli-k-' RETURN g.germplasmName AS name",
    )).map((r) => r.name));
    expect(await edges()).to.deep.equal(expected.filter((e) => names.has(e.split(' <- ')[0])));

    const again = await runCli('import', args);
    expect(again.code, again.stderr).to.equal(0);
    expect(report(csv)).to.include({ records: N, existing: left, created: N - left });
    expect(await stored()).to.equal(N);
    expect(await edges()).to.deep.equal(expected);
    console.log(`      killed with ${atKill} germplasm committed (${left} once the open batch rolled back); the second run created ${N - left}`);
  });

  describe('all of SoyBase into an empty database', () => {
    let db: ExtraNeo4j;
    before(async function () {
      if (!onBundledNeo4j()) {
        console.log('    (skipped: needs a second, empty bundled Neo4j; the suite runs on TEST_NEO4J_URI)');
        return this.skip();
      }
      this.timeout(120_000);
      // The suite's extra Neo4j, emptied.
      db = await extraNeo4j();
    });

    it('creates what the demo loader creates and reports its two bad records', async function () {
      this.timeout(300_000);
      const tsv = path.join(dir, 'parentage.tsv');
      fs.copyFileSync(path.join(FIXTURES, 'soybase', 'parentage.tsv'), tsv);
      const run = await runCli('import', [tsv, '--id-prefix', 'soy-', '--batch-size', '5000', '--crop', 'Soybean', '--genus', 'Glycine', '--species', 'max'], { uri: db.boltUrl });
      expect(run.code, run.stderr).to.equal(3);
      expect(run.stderr).to.match(/importing \[#+\] 100%/);
      const r = report(tsv);
      expect(r.rejected.map((x: { at: string[]; germplasmName: string }) => [x.at[0], x.germplasmName])).to.deep.equal([
        ['line 7030', 'Ln 955414'],
        ['line 13277', 'Pioneer P90B74'],
      ]);
      expect(r.rejected[0].reason).to.contain('own ancestor');
      expect(r.rejected[1].reason).to.contain('own parent');

      // The same germplasm and relationships as the demo data's SoyBase part (loaded by another path at start).
      const totals = `MATCH (g:Germplasm) WHERE g.germplasmDbId STARTS WITH 'soy-'
        OPTIONAL MATCH (g)-[r:PARENT]->(:Germplasm) RETURN count(DISTINCT g) AS germplasm, count(r) AS edges`;
      const fresh = connectGraph({ uri: db.boltUrl, timeoutMs: 120_000 });
      try {
        const [mine] = await fresh.read<{ germplasm: number; edges: number }>(totals);
        const [demo] = await server().graph.read<{ germplasm: number; edges: number }>(totals);
        expect(r.created).to.equal(mine.germplasm);
        expect(mine).to.deep.equal(demo);
      } finally {
        await fresh.close();
      }
      // And Williams 82's whole ancestry exports the same from both.
      const a = await runCli('export', ['soy-williams-82', '--format', 'brapi'], { uri: db.boltUrl });
      const b = await runCli('export', ['soy-williams-82', '--format', 'brapi']);
      const ids = (text: string) => JSON.parse(text).map((n: { germplasmDbId: string; parents: unknown }) => [n.germplasmDbId, n.parents]);
      expect(ids(a.stdout)).to.deep.equal(ids(b.stdout));
    });
  });
});
