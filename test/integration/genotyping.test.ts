// Genotyping: a VCF imported (npm run import-vcf, a real process) reads back through /calls and /allelematrix call
// for call; matching of sample columns, dry run, and all-or-nothing on a failure midway; the variant set, variant
// and call set calls against the official schemas.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { connectGraph } from '../../src/graph/connect.js';
import type { Graph } from '../../src/graph/port.js';
import { importVcf as importVcfFile } from '../../src/modules/genotyping/io/importVcf.js';
import { cli, cliAsProcess } from '../support/cli.js';
import { removeVariantSets } from '../support/genotyping.js';
import { expectValidResponse } from '../support/schema.js';
import { api, createRecords, testDatabase } from '../support/server.js';

const HEADER = '##fileformat=VCFv4.2\n##FORMAT=<ID=GT,Number=1,Type=String,Description="Genotype">\n#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT';

/** A VCF text and its calls as [variant row][column] GT strings. */
function vcf(columns: string[], rows: Array<{ chrom: string; pos: number; id?: string; ref: string; alt: string; gts: string[] }>): string {
  return [`${HEADER}\t${columns.join('\t')}`, ...rows.map((r) => [r.chrom, r.pos, r.id ?? '.', r.ref, r.alt, '.', 'PASS', '.', 'GT', ...r.gts].join('\t'))].join('\n') + '\n';
}

describe('genotyping: VCF import, calls and allele matrix', function () {
  this.timeout(120_000);
  let dir: string;
  let graph: Graph;
  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vcf-'));
    graph = connectGraph({ ...testDatabase(), timeoutMs: 60_000 });
  });
  after(async () => {
    await graph.close();
    fs.rmSync(dir, { recursive: true, force: true });
  });
  const file = (name: string, text: string) => {
    const p = path.join(dir, name);
    fs.writeFileSync(p, text);
    return p;
  };
  const report = (p: string) => JSON.parse(fs.readFileSync(`${p}.import-report.json`, 'utf8'));
  const importVcf = (args: string[]) => cli('import-vcf', args, undefined, dir);

  // 40 variants x 4 columns, seeded, with hets, phased calls, missing calls, a multi-allelic site and a haploid call.
  const columns = ['Essex', 'Lee', 'Forrest', 'Williams 82'];
  let seed = 11;
  const rnd = () => ((seed = (seed * 1103515245 + 12345) % 2 ** 31) / 2 ** 31);
  const choices = ['0/0', '1/1', '0/1', '1|0', '0|1', './.', '.', '1/1', '0/0'];
  const rows = Array.from({ length: 40 }, (_, i) => ({
    chrom: i < 25 ? 'Gm05' : 'Gm06',
    pos: 1000 + i * 100,
    id: `ss-test-${i}`,
    ref: 'A',
    alt: i === 7 ? 'G,T' : 'G',
    gts: columns.map((_, c) => (i === 7 && c === 2 ? '2/1' : i === 9 && c === 0 ? '1' : choices[Math.floor(rnd() * choices.length)])),
  }));

  it('imports a VCF (dry run first), then /calls and /allelematrix give exactly its calls', async function () {
    const p = file('roundtrip.vcf', vcf(columns, rows));
    const dry = await importVcf([p, '--crop', 'Soybean', '--study', 'study-urbana-2023', '--variant-set-id', 'vs-roundtrip', '--dry-run']);
    expect(dry.code, dry.stderr + dry.stdout).to.equal(0);
    expect(report(p)).to.include({ dryRun: true, variants: 40, calls: 160 });
    expect((await api('GET', '/variantsets/vs-roundtrip')).status).to.equal(404);

    // As a process, as a curator runs it (the other runs of the command here are in the test process).
    const run = await cliAsProcess('import-vcf', [p, '--crop', 'Soybean', '--study', 'study-urbana-2023', '--variant-set-id', 'vs-roundtrip', '--batch-size', '7'], undefined, dir, { test: this });
    expect(run.code, run.stderr + run.stdout).to.equal(0);
    const r = report(p);
    expect(r).to.include({ dryRun: false, variants: 40, calls: 160, variantSetDbId: 'vs-roundtrip' });
    expect(r.matched.map((m: { name: string; germplasmDbId: string; by: string }) => [m.name, m.germplasmDbId, m.by])).to.deep.equal([
      ['Essex', 'soy-essex', 'germplasmName'], ['Lee', 'soy-lee', 'germplasmName'], ['Forrest', 'soy-forrest', 'germplasmName'], ['Williams 82', 'soy-williams-82', 'germplasmName'],
    ]);

    const set = await api('GET', '/variantsets/vs-roundtrip');
    expect(set.status, set.text).to.equal(200);
    expectValidResponse('get', '/variantsets/{variantSetDbId}', 200, set.json);
    expect(set.json.result).to.include({ variantSetDbId: 'vs-roundtrip', studyDbId: 'study-urbana-2023', callSetCount: 4, variantCount: 40 });

    // Every call through GET /calls, in pages of 7 (calls of a page cross variant rows).
    const got = new Map<string, string>();
    for (let page = 0; ; page++) {
      const res = await api('GET', `/calls?variantSetDbId=vs-roundtrip&pageSize=7&page=${page}`);
      expect(res.status, res.text).to.equal(200);
      expectValidResponse('get', '/calls', 200, res.json);
      for (const c of res.json.result.data) got.set(`${c.variantDbId} ${c.callSetName}`, c.genotypeValue);
      expect(res.json.metadata.pagination.totalCount).to.equal(160);
      if (!res.json.metadata.pagination.nextPageToken) break;
      expect(res.json.metadata.pagination.nextPageToken).to.equal(String(page + 1));
    }
    expect(got.size).to.equal(160);
    const variants = (await api('GET', '/variantsets/vs-roundtrip/variants?pageSize=100')).json.result.data as Array<{ variantDbId: string; variantNames: string[]; start: number; referenceName: string }>;
    expect(variants.map((v) => v.variantNames[0])).to.deep.equal(rows.map((x) => x.id));
    expect(variants.map((v) => [v.referenceName, v.start])).to.deep.equal(rows.map((x) => [x.chrom, x.pos - 1]));
    rows.forEach((row, i) => columns.forEach((name, c) => expect(got.get(`${variants[i].variantDbId} ${name}`), `${row.id} ${name}`).to.equal(row.gts[c])));

    // The allele matrix, paged in both dimensions (3 call sets, then 1; 16 variants a page), gives the same cells.
    const cells = new Map<string, string>();
    for (let vp = 0; vp < 3; vp++) {
      for (let cp = 0; cp < 2; cp++) {
        const res = await api('GET', `/allelematrix?variantSetDbId=vs-roundtrip&dimensionVariantPage=${vp}&dimensionVariantPageSize=16&dimensionCallSetPage=${cp}&dimensionCallSetPageSize=3`);
        expect(res.status, res.text).to.equal(200);
        expectValidResponse('get', '/allelematrix', 200, res.json);
        const m = res.json.result;
        expect(m.pagination).to.deep.include({ dimension: 'VARIANTS', page: vp, pageSize: 16, totalCount: 40, totalPages: 3 });
        const [gt] = m.dataMatrices;
        m.variantDbIds.forEach((v: string, i: number) => m.callSetDbIds.forEach((cs: string, j: number) => cells.set(`${v} ${cs}`, gt.dataMatrix[i][j])));
      }
    }
    const callSets = (await api('GET', '/variantsets/vs-roundtrip/callsets')).json.result.data as Array<{ callSetDbId: string; callSetName: string }>;
    expect(callSets.map((c) => c.callSetName)).to.deep.equal(columns);
    expect(cells.size).to.equal(160);
    rows.forEach((row, i) => callSets.forEach((cs, c) => expect(cells.get(`${variants[i].variantDbId} ${cs.callSetDbId}`)).to.equal(row.gts[c])));

    // Text options: another unknown string and collapsed homozygotes; genotype.values are the bases.
    const shaped = await api('GET', `/calls?variantDbId=${variants[9].variantDbId}&variantDbId=${variants[7].variantDbId}&unknownString=N&expandHomozygotes=false&sepUnphased=:`);
    const byKey = new Map(shaped.json.result.data.map((c: { variantDbId: string; callSetName: string }) => [`${c.variantDbId} ${c.callSetName}`, c]));
    expect(shaped.json.result).to.include({ unknownString: 'N', expandHomozygotes: false, sepUnphased: ':' });
    expect((byKey.get(`${variants[7].variantDbId} Forrest`) as { genotypeValue: string; genotype: { values: string[] } })).to.deep.include({ genotypeValue: '2:1', genotype: { values: ['T', 'G'] } });
    expect((byKey.get(`${variants[9].variantDbId} Essex`) as { genotypeValue: string }).genotypeValue).to.equal('1');
  });

  it('filters calls and the matrix by call set, germplasm and position; the calls of one variant, call set, variant set', async () => {
    const callSets = (await api('GET', '/callsets?variantSetDbId=vs-roundtrip&germplasmDbId=soy-lee')).json.result.data;
    expect(callSets.map((c: { callSetName: string }) => c.callSetName)).to.deep.equal(['Lee']);
    const lee = callSets[0].callSetDbId as string;
    const one = await api('GET', `/callsets/${lee}/calls?pageSize=100`);
    expectValidResponse('get', '/callsets/{callSetDbId}/calls', 200, one.json);
    expect(one.json.result.data.map((c: { genotypeValue: string }) => c.genotypeValue)).to.deep.equal(rows.map((r) => r.gts[1]));
    const byGermplasm = await api('GET', '/allelematrix?germplasmName=Lee&positionRange=Gm06:2501-3000&variantSetDbId=vs-roundtrip');
    const m = byGermplasm.json.result;
    expect(m.callSetDbIds).to.deep.equal([lee]);
    // Gm06 holds rows 25..39 at 1000 + i*100: 3500.. ; 2501-3000 holds none, so take rows 25-29 by a wider range.
    expect(m.variantDbIds).to.deep.equal([]);
    const wider = (await api('GET', '/allelematrix?germplasmName=Lee&positionRange=Gm06:3500-3900&variantSetDbId=vs-roundtrip')).json.result;
    expect(wider.dataMatrices[0].dataMatrix).to.deep.equal(rows.slice(25, 30).map((r) => [r.gts[1]]));
    const variantId = wider.variantDbIds[0];
    const ofVariant = await api('GET', `/variants/${variantId}/calls`);
    expectValidResponse('get', '/variants/{variantDbId}/calls', 200, ofVariant.json);
    expect(ofVariant.json.result.data.map((c: { genotypeValue: string }) => c.genotypeValue)).to.deep.equal(rows[25].gts);
    const ofSet = await api('GET', '/variantsets/vs-roundtrip/calls?pageSize=1000');
    expect(ofSet.json.result.data).to.have.length(160);
    expect((await api('GET', '/variants/no-such-variant/calls')).status).to.equal(404);
    expect((await api('GET', '/allelematrix?dimensionVariantPageSize=0')).status).to.equal(400);
  });

  it('searches calls and the allele matrix (saved, then read by searchResultsDbId)', async () => {
    const post = await api('POST', '/search/calls', { variantSetDbIds: ['vs-roundtrip'], callSetDbIds: [], pageSize: 5 });
    expect([200, 202]).to.include(post.status);
    const id = post.json.result.searchResultsDbId;
    const page = await api('GET', `/search/calls/${id}?pageSize=5&page=1`);
    expect(page.status, page.text).to.equal(200);
    expect(page.json.metadata.pagination.totalCount).to.equal(160);
    expect(page.json.result.data).to.have.length(5);
    const am = await api('POST', '/search/allelematrix', { variantSetDbIds: ['vs-roundtrip'], germplasmDbIds: ['soy-essex'], pagination: [{ dimension: 'VARIANTS', page: 0, pageSize: 4 }] });
    const read = await api('GET', `/search/allelematrix/${am.json.result.searchResultsDbId}`);
    expect(read.status, read.text).to.equal(200);
    expect(read.json.result.dataMatrices[0].dataMatrix).to.deep.equal(rows.slice(0, 4).map((r) => [r.gts[0]]));
  });

  it('PUT /calls changes calls in place (all or none); a bad genotype is a 400 and changes nothing', async () => {
    const [first, second] = (await api('GET', '/variantsets/vs-roundtrip/variants?pageSize=2')).json.result.data.map((v: { variantDbId: string }) => v.variantDbId);
    const lee = (await api('GET', '/callsets?variantSetDbId=vs-roundtrip&callSetName=Lee')).json.result.data[0].callSetDbId;
    const put = await api('PUT', '/calls', [{ variantDbId: first, callSetDbId: lee, genotypeValue: '1|0' }, { variantDbId: second, callSetDbId: lee, genotypeValue: '.' }]);
    expect(put.status, put.text).to.equal(200);
    expectValidResponse('put', '/calls', 200, put.json);
    const read = async (v: string) => (await api('GET', `/calls?variantDbId=${v}&callSetDbId=${lee}`)).json.result.data[0].genotypeValue;
    expect([await read(first), await read(second)]).to.deep.equal(['1|0', '.']);
    const bad = await api('PUT', '/calls', [{ variantDbId: first, callSetDbId: lee, genotypeValue: '0/0' }, { variantDbId: second, callSetDbId: lee, genotypeValue: '0/3' }]);
    expect(bad.status).to.equal(400);
    expect(await read(first)).to.equal('1|0');
    // Put the file's calls back for the tests after this one.
    const restore = await api('PUT', '/calls', [{ variantDbId: first, callSetDbId: lee, genotypeValue: rows[0].gts[1] }, { variantDbId: second, callSetDbId: lee, genotypeValue: rows[1].gts[1] }]);
    expect(restore.status).to.equal(200);
    expect([await read(first), await read(second)]).to.deep.equal([rows[0].gts[1], rows[1].gts[1]]);
  });

  it('rejects unknown and ambiguous names (a name two Soybean germplasm share), imports the rest, exit 3', async () => {
    await createRecords('germplasm', [
      { germplasmName: 'Twin Line', commonCropName: 'Soybean', genus: 'Glycine', species: 'max' },
      { germplasmName: 'Twin Line', commonCropName: 'Soybean', genus: 'Glycine', species: 'max' },
    ]);
    const p = file('partial.vcf', vcf(['Essex', 'Twin Line', 'No Such Line', 'UST24-URB-101-P1-L'], [{ chrom: 'Gm01', pos: 5, ref: 'C', alt: 'T', gts: ['0/0', '1/1', '0/1', '1/1'] }]));
    const run = await importVcf([p, '--crop', 'Soybean', '--study', 'study-urbana-2024', '--variant-set-id', 'vs-partial']);
    expect(run.code, run.stderr + run.stdout).to.equal(3);
    const r = report(p);
    expect(r.rejected.map((x: { name: string; reason: string }) => [x.name, x.reason.split(':')[0]])).to.deep.equal([
      ['Twin Line', 'ambiguous'], ['No Such Line', 'no sample of the study and no Soybean germplasm has this name'],
    ]);
    // A sample column naming a sample of the study is that sample's call set: the demo's own sample, and the sample
    // the demo VCF's Essex column made in this study.
    expect(r.matched.map((m: { name: string; by: string; sampleDbId: string }) => [m.name, m.by])).to.deep.equal([['Essex', 'sampleName'], ['UST24-URB-101-P1-L', 'sampleName']]);
    const cs = (await api('GET', '/callsets?variantSetDbId=vs-partial&callSetName=UST24-URB-101-P1-L')).json.result.data[0];
    expect(cs).to.include({ sampleDbId: 'sample-urbana-2024-plot-101-plant-1-leaf', studyDbId: 'study-urbana-2024' });
    const essex = (await api('GET', '/callsets?variantSetDbId=vs-partial&callSetName=Essex')).json.result.data[0];
    const sample = (await api('GET', `/samples/${essex.sampleDbId}`)).json.result;
    expect(sample).to.include({ germplasmDbId: 'soy-essex', studyDbId: 'study-urbana-2024' });
  });

  it('a failure midway (a bad genotype after several batches) leaves nothing; bad usage is exit 2', async () => {
    const bad = rows.map((r) => ({ ...r, gts: [...r.gts] }));
    bad[33].gts[1] = '0/7';
    const p = file('broken.vcf', vcf(columns, bad));
    const run = await importVcf([p, '--crop', 'Soybean', '--study', 'study-urbana-2023', '--variant-set-id', 'vs-broken', '--batch-size', '5']);
    expect(run.code).to.equal(1);
    expect(run.stderr).to.match(/line 37: genotype "0\/7"/);
    expect((await api('GET', '/variantsets/vs-broken')).status).to.equal(404);
    const [left] = await graph.read<{ n: number }>('MATCH (v:StagedVariant) RETURN count(v) AS n');
    expect(left.n).to.equal(0);
    expect((await api('GET', '/variants?variantSetDbId=vs-broken')).json.result.data).to.deep.equal([]);

    expect((await importVcf([p, '--crop', 'Soybean'])).code).to.equal(2);
    const wrongStudy = await importVcf([p, '--crop', 'Soybean', '--study', 'no-such-study']);
    expect(wrongStudy.code).to.equal(1);
    expect(wrongStudy.stderr).to.contain('No study has studyDbId "no-such-study"');
  });

  it('refuses a file whose first line is not ##fileformat=VCFv4.x, as bcftools does, unless --lenient', async () => {
    const headless = vcf(columns, rows.slice(0, 3)).replace(/^##fileformat=VCFv4\.2\n/, '');
    const p = file('headless.vcf', headless);
    const refused = await importVcf([p, '--crop', 'Soybean', '--study', 'study-urbana-2023', '--variant-set-id', 'vs-headless']);
    expect(refused.code, refused.stderr).to.equal(1);
    expect(refused.stderr).to.contain('line 1: a VCF starts with ##fileformat=VCFv4.x; this file starts with "##FORMAT=<ID=GT');
    expect(refused.stderr).to.contain('--lenient');
    expect((await api('GET', '/variantsets/vs-headless')).status).to.equal(404);
    const [left] = await graph.read<{ n: number }>('MATCH (v:StagedVariant) RETURN count(v) AS n');
    expect(left.n).to.equal(0);
    // The in-process import (the demo loader's) refuses it the same way.
    const error = await importVcfFile(graph, p, { crop: 'Soybean', studyDbId: 'study-urbana-2023', variantSetDbId: 'vs-headless' }).then(() => undefined, (e: Error) => e);
    expect(error?.message).to.match(/^line 1: a VCF starts with ##fileformat=VCFv4\.x/);

    const lenient = await importVcf([p, '--crop', 'Soybean', '--study', 'study-urbana-2023', '--variant-set-id', 'vs-headless', '--lenient']);
    expect(lenient.code, lenient.stderr + lenient.stdout).to.equal(0);
    expect(report(p)).to.include({ variants: 3, calls: 12 });
    await removeVariantSets(['vs-headless']);
  });

  it('names the sample columns expected and found on a data line with too few or too many, and writes nothing', async () => {
    for (const [name, gts] of [['short', ['0/0', '1/1', '0/1']], ['long', ['0/0', '1/1', '0/1', '0/0', '1/1']]] as const) {
      const bad = rows.map((r) => ({ ...r, gts: [...r.gts] }));
      bad[20].gts = [...gts];
      const p = file(`${name}.vcf`, vcf(columns, bad));
      const run = await importVcf([p, '--crop', 'Soybean', '--study', 'study-urbana-2023', '--variant-set-id', `vs-${name}`, '--batch-size', '5']);
      expect(run.code, run.stderr).to.equal(1);
      // bcftools: "Number of columns at Gm05:3000 does not match the number of samples (3 vs 4)".
      expect(run.stderr).to.contain(`line 24: Gm05:3000 has ${gts.length} sample columns; the #CHROM line names 4`);
      expect((await api('GET', `/variantsets/vs-${name}`)).status).to.equal(404);
    }
    const [left] = await graph.read<{ n: number }>('MATCH (v:StagedVariant) RETURN count(v) AS n');
    expect(left.n).to.equal(0);
  });

  it('places variants on references of the import\'s reference set (each demo VCF names its assembly)', async () => {
    const sets = await api('GET', '/referencesets?commonCropName=Soybean');
    expectValidResponse('get', '/referencesets', 200, sets.json);
    const named = (name: string) => sets.json.result.data.find((s: { referenceSetName: string }) => s.referenceSetName === name);
    const a2 = named('Glycine max Wm82.a2.v1');
    const a1 = named('Glycine max Wm82.a1.v1');
    expect(a2).to.include({ commonCropName: 'Soybean', isDerived: false });
    expect(a1).to.include({ commonCropName: 'Soybean', isDerived: false });
    const refsOf = async (set: { referenceSetDbId: string }, query = '') => {
      const refs = await api('GET', `/references?referenceSetDbId=${encodeURIComponent(set.referenceSetDbId)}${query}`);
      expectValidResponse('get', '/references', 200, refs.json);
      return refs.json.result.data as Array<{ referenceDbId: string; referenceName: string; length: number | null }>;
    };
    // The ##contig lines give the lengths (those of the demo's simulated sequences); the Stoneville file names its
    // contig without one, which the demo's FASTA import set.
    expect((await refsOf(a2)).map((r) => [r.referenceName, r.length])).to.deep.equal([['Gm01', 26000], ['Gm02', 36000]]);
    const [gm03] = await refsOf(a1);
    expect([gm03.referenceName, gm03.length]).to.deep.equal(['Gm03', 42000]);
    expectValidResponse('get', '/references/{referenceDbId}', 200, (await api('GET', `/references/${encodeURIComponent(gm03.referenceDbId)}`)).json);
    expect((await refsOf(a2, '&minLength=30000')).map((r) => r.referenceName)).to.deep.equal(['Gm02']);
    const onGm03 = (await api('GET', `/variants?referenceDbId=${encodeURIComponent(gm03.referenceDbId)}`)).json.result.data;
    expect(onGm03).to.have.length(5);
    expect(onGm03[0]).to.include({ referenceDbId: gm03.referenceDbId, referenceSetDbId: a1.referenceSetDbId, referenceName: 'Gm03' });
    const variantSetsOn = async (set: { referenceSetDbId: string }) =>
      (await api('GET', `/variantsets?referenceSetDbId=${encodeURIComponent(set.referenceSetDbId)}`)).json.result.data.map((v: { variantSetDbId: string }) => v.variantSetDbId);
    expect(await variantSetsOn(a2)).to.deep.equal(['variantset-urbana-2024-demo']);
    expect(await variantSetsOn(a1)).to.deep.equal(['variantset-stoneville-2023-demo']);
    // A file without ##reference or ##contig lines: a reference set named after it, contigs without lengths.
    const own = (await api('GET', '/variantsets/vs-roundtrip')).json.result.referenceSetDbId;
    expect((await api('GET', `/references?referenceSetDbId=${own}`)).json.result.data.map((r: { referenceName: string; length: null }) => [r.referenceName, r.length])).to.deep.equal([['Gm05', null], ['Gm06', null]]);
  });

  it('serves the demo variant sets, variants and call sets as the schemas say', async () => {
    const sets = await api('GET', '/variantsets?studyDbId=study-urbana-2024');
    expectValidResponse('get', '/variantsets', 200, sets.json);
    expect(sets.json.result.data.map((s: { variantSetDbId: string }) => s.variantSetDbId)).to.include('variantset-urbana-2024-demo');
    const variants = await api('GET', '/variants?variantSetDbId=variantset-urbana-2024-demo&pageSize=5&pageToken=1');
    expectValidResponse('get', '/variants', 200, variants.json);
    expect(variants.json.metadata.pagination).to.include({ currentPage: 1, totalCount: 16 });
    const v = variants.json.result.data[0];
    expect(v.variantSetDbId).to.deep.equal(['variantset-urbana-2024-demo']);
    const callSets = await api('GET', '/callsets?germplasmName=Essex');
    expectValidResponse('get', '/callsets', 200, callSets.json);
    expect(callSets.json.result.data.length).to.be.greaterThan(0);
    const one = await api('GET', `/callsets/${callSets.json.result.data[0].callSetDbId}`);
    expectValidResponse('get', '/callsets/{callSetDbId}', 200, one.json);
    expect(one.json.result.variantSetDbIds).to.have.length(1);
  });
});
