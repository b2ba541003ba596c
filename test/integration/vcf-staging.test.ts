// A VCF import killed before its commit (npm run import-vcf, a real process, SIGKILL) leaves its staged variants
// behind, invisible to every call; the next import removes them first, counted in its report, and then imports
// exactly what a clean import of the same file does.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { cli, cliProcess } from '../support/cli.js';
import { genotypingStudy, removeGenotypingStudy } from '../support/genotyping.js';
import { count } from '../support/graph.js';
import { api, server } from '../support/server.js';

const HEADER = '##fileformat=VCFv4.2\n##FORMAT=<ID=GT,Number=1,Type=String,Description="Genotype">\n#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT';
const COLUMNS = ['Essex', 'Lee', 'Forrest', 'Williams 82'];
const GTS = ['0/0', '0/1', '1/1', './.', '1|0'];
/** Enough variants, in batches small enough, that the import is still staging when it is killed. */
const VARIANTS = 6000;
const BATCH = '10';

/** What a variant set holds: its variants, their call rows and the bytes of those, its call sets. */
async function contents(variantSetDbId: string) {
  const [row] = await server().graph.read<{ variants: number; rows: number; bytes: number; callSets: number }>(
    `MATCH (vs:VariantSet {variantSetDbId: $variantSetDbId})
     OPTIONAL MATCH (v:Variant)-[:IN_VARIANT_SET]->(vs)
     OPTIONAL MATCH (v)-[:HAS_CALLS]->(r:CallRow)
     RETURN count(DISTINCT v) AS variants, count(r) AS rows, sum(size(r.calls)) AS bytes,
            COUNT { (:CallSet)-[:IN_VARIANT_SET]->(vs) } AS callSets`,
    { variantSetDbId },
  );
  return row;
}

describe('VCF import: what a killed import staged is removed by the next', function () {
  this.timeout(300_000);
  let dir: string;
  let study: string;
  let file: string;
  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vcf-staging-'));
    study = await genotypingStudy('Staging of a killed VCF import');
    const lines = Array.from({ length: VARIANTS }, (_, i) =>
      ['Gm07', 1000 + i * 10, `ss-kill-${i}`, 'A', 'G', '.', 'PASS', '.', 'GT', ...COLUMNS.map((_, c) => GTS[(i * 7 + c * 3) % GTS.length])].join('\t'));
    file = path.join(dir, 'kill.vcf');
    fs.writeFileSync(file, [`${HEADER}\t${COLUMNS.join('\t')}`, ...lines].join('\n') + '\n');
  });
  after(async () => {
    if (study) await removeGenotypingStudy(study);
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const args = (variantSetDbId: string) => [file, '--crop', 'Soybean', '--study', study, '--variant-set-id', variantSetDbId, '--batch-size', BATCH];
  const report = () => JSON.parse(fs.readFileSync(path.join(dir, 'kill.vcf.import-report.json'), 'utf8'));

  it('an import killed while staging leaves staged variants; the next removes them, counts them, and imports as a clean one', async function () {
    const callRowsBefore = await count('MATCH (r:CallRow) RETURN count(r) AS n');
    const { child, done } = cliProcess('import-vcf', args('vs-killed'), undefined, dir, { test: this });
    let exited = false;
    void done.then(() => { exited = true; });
    // Killed as soon as a batch is staged (the commit comes after all of them).
    while (!exited && (await count('MATCH (v:StagedVariant) RETURN count(v) AS n')) === 0) await new Promise((r) => setTimeout(r, 50));
    child.kill('SIGKILL');
    const killed = await done;
    expect(killed.signal, `the import ended before it was killed: ${killed.stdout}${killed.stderr}`).to.equal('SIGKILL');
    const staged = await count('MATCH (v:StagedVariant) RETURN count(v) AS n');
    expect(staged).to.be.above(0).and.below(VARIANTS);
    expect(await count('MATCH (:StagedVariant)-[:HAS_CALLS]->(r:CallRow) RETURN count(r) AS n')).to.equal(staged);
    expect((await api('GET', '/variantsets/vs-killed')).status).to.equal(404);

    const next = await cli('import-vcf', args('vs-after-kill'), undefined, dir);
    expect(next.code, next.stderr + next.stdout).to.equal(0);
    const afterKill = report();
    expect(afterKill.removedStaging).to.deep.equal({ imports: 1, variants: staged, blocks: 0 });
    expect(next.stdout).to.contain(`first removed what 1 killed import(s) had left staged: ${staged} variants`);
    expect(await count('MATCH (v:StagedVariant) RETURN count(v) AS n')).to.equal(0);
    expect(await count('MATCH (m:StagedImport) RETURN count(m) AS n')).to.equal(0);

    // A clean import of the same file: nothing to remove, the same report and the same records.
    const clean = await cli('import-vcf', args('vs-clean'), undefined, dir);
    expect(clean.code, clean.stderr + clean.stdout).to.equal(0);
    const cleanReport = report();
    expect(cleanReport.removedStaging).to.deep.equal({ imports: 0, variants: 0, blocks: 0 });
    for (const key of ['variants', 'calls', 'missingCalls', 'sampleColumns', 'contigs', 'referenceSetDbId']) {
      expect(afterKill[key], key).to.deep.equal(cleanReport[key]);
    }
    expect(afterKill.variants).to.equal(VARIANTS);
    expect(await contents('vs-after-kill')).to.deep.equal(await contents('vs-clean'));
    expect(await contents('vs-clean')).to.deep.include({ variants: VARIANTS, rows: VARIANTS, callSets: COLUMNS.length });
    // No call row of the killed import is left anywhere: only the two imports' rows were added.
    expect(await count('MATCH (r:CallRow) RETURN count(r) AS n')).to.equal(callRowsBefore + 2 * VARIANTS);
  });
});
