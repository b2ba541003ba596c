// Genotype calls the demo data never has: sites with 12 and 120 ALT alleles (two- and three-digit allele indexes),
// haploid, triploid and tetraploid calls (mixed in one row), phased, unphased and mixed-phase calls, and missing
// alleles inside a call ("./1"). The expected calls come from an outside VCF reader, bcftools (htslib), run on the
// same file in the test; the import (npm run import-vcf, a real process) must read back identically through GET /calls
// (genotypeValue, and genotype.values against bcftools' translated %TGT) and GET /allelematrix.
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { cli } from '../support/cli.js';
import { genotypingStudy, removeGenotypingStudy } from '../support/genotyping.js';
import { expectValidResponse } from '../support/schema.js';
import { api } from '../support/server.js';

const run = promisify(execFile);

/** bcftools' own reading of a VCF: one [position, sample, value] per call, in file order, for a query format. */
async function bcftools(file: string, field: '%GT' | '%TGT', include?: string): Promise<Array<[number, string, string]>> {
  let out: string;
  try {
    out = (await run('bcftools', ['query', ...(include ? ['-i', include] : []), '-f', `[%POS\t%SAMPLE\t${field}\n]`, file], { maxBuffer: 16 * 1024 * 1024 })).stdout;
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') {
      throw new Error('bcftools is not installed: this test compares the service with bcftools\' reading of the VCF ' +
        '(Debian: apt-get install -y bcftools; .ci/run installs it)');
    }
    throw e;
  }
  return out.trim().split('\n').map((line) => {
    const [pos, sample, value] = line.split('\t');
    return [Number(pos), sample, value];
  });
}

// Distinct ALT alleles: 120 of them for the three-digit indexes (the codec holds indexes up to 125).
const bases = ['A', 'C', 'G', 'T'];
const alts = (n: number) => Array.from({ length: n }, (_, i) => `A${bases[i % 4]}${bases[(i >> 2) % 4]}${bases[(i >> 4) % 4]}${bases[(i >> 6) % 4]}`);

const columns = ['Essex', 'Lee', 'Forrest', 'Williams 82'];
const rows: Array<{ pos: number; alt: string[]; gts: string[] }> = [
  { pos: 101, alt: alts(12), gts: ['10/11', '12|3', '11|10', '0/12'] },
  { pos: 202, alt: alts(12), gts: ['./11', '10|.', '1/10', '12/12'] },
  { pos: 303, alt: alts(120), gts: ['100/119', '0|120', '99/100', '120/.'] },
  // Haploid calls, one with a two-digit index.
  { pos: 404, alt: alts(12), gts: ['1', '10', '.', '0'] },
  // Triploid, phased, unphased, mixed, missing inside.
  { pos: 505, alt: alts(12), gts: ['0/1/2', '1|1|1', './1/.', '10/11|12'] },
  // Tetraploid.
  { pos: 606, alt: alts(12), gts: ['0/0/1/1', '0|1|2|3', '11/./1/0', './././.'] },
  // Ploidy 1, 2, 3 and 4 in one row.
  { pos: 707, alt: alts(12), gts: ['11', '.|1', '10/0|12', '1|0/./11'] },
  // Biallelic, missing alleles inside diploid calls.
  { pos: 808, alt: ['G'], gts: ['./1', '1/.', '.|0', '0|.'] },
];

const HEADER = [
  '##fileformat=VCFv4.2',
  '##contig=<ID=Gm07>',
  '##FORMAT=<ID=GT,Number=1,Type=String,Description="Genotype">',
  `#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT\t${columns.join('\t')}`,
];
const TEXT = [...HEADER, ...rows.map((r, i) => ['Gm07', r.pos, `ss-alleles-${i}`, 'A', r.alt.join(','), '.', 'PASS', '.', 'GT', ...r.gts].join('\t'))].join('\n') + '\n';

describe('genotyping: many ALT alleles, ploidy 1 to 4, phasing and missing alleles, against bcftools', function () {
  this.timeout(180_000);
  let dir: string;
  let file: string;
  let study: string | undefined;
  /** bcftools' GT, and its bases without separators, by "position sample". */
  const outside = new Map<string, string>();
  const outsideBases = new Map<string, string>();

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'vcf-alleles-'));
    file = path.join(dir, 'alleles.vcf');
    fs.writeFileSync(file, TEXT);
    for (const [pos, sample, gt] of await bcftools(file, '%GT')) outside.set(`${pos} ${sample}`, gt);
    // bcftools 1.16 cannot translate a GT that htslib stores in 16 bits (an allele index over 62: an assertion fails
    // in process_tgt), so the bases are compared on the sites with 12 ALT alleles, not on the one with 120. It writes them with their
    // separators ("AC/AG"); the service lists them: compared without separators.
    for (const [pos, sample, tgt] of await bcftools(file, '%TGT', 'N_ALT<100')) outsideBases.set(`${pos} ${sample}`, tgt.replace(/[/|]/g, ''));
    // The reader saw every call of the file (a check of the fixture and of the reader, not of the service).
    expect(outside.size).to.equal(rows.length * columns.length);
    expect(outsideBases.size).to.equal((rows.length - 1) * columns.length);
    // A study of its own: the samples the import makes for its columns must not join a demo study's, which other
    // files read.
    study = await genotypingStudy('VCF alleles against bcftools');
    const imported = await cli('import-vcf', [file, '--crop', 'Soybean', '--study', study, '--variant-set-id', 'vs-alleles'], undefined, dir);
    expect(imported.code, imported.stderr + imported.stdout).to.equal(0);
  });
  after(async () => {
    if (study) await removeGenotypingStudy(study);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  /** The variant set's variants (in file order) as variantDbId -> position. */
  async function positions(): Promise<Map<string, number>> {
    const res = await api('GET', '/variantsets/vs-alleles/variants?pageSize=100');
    expect(res.status, res.text).to.equal(200);
    const variants = res.json.result.data as Array<{ variantDbId: string; start: number }>;
    expect(variants).to.have.length(rows.length);
    return new Map(variants.map((v) => [v.variantDbId, v.start + 1]));
  }

  it('GET /calls gives bcftools\' GT and bases for every call', async () => {
    const pos = await positions();
    const res = await api('GET', '/calls?variantSetDbId=vs-alleles&pageSize=1000');
    expect(res.status, res.text).to.equal(200);
    expectValidResponse('get', '/calls', 200, res.json);
    const data = res.json.result.data as Array<{ variantDbId: string; callSetName: string; genotypeValue: string; genotype: { values: string[] } }>;
    expect(data).to.have.length(outside.size);
    const got = new Map(data.map((c) => [`${pos.get(c.variantDbId)} ${c.callSetName}`, c]));
    expect(Object.fromEntries([...got].map(([k, c]) => [k, c.genotypeValue]))).to.deep.equal(Object.fromEntries(outside));
    const bases = [...got].filter(([k]) => outsideBases.has(k)).map(([k, c]) => [k, c.genotype.values.join('')]);
    expect(Object.fromEntries(bases)).to.deep.equal(Object.fromEntries(outsideBases));
  });

  it('GET /allelematrix gives bcftools\' GT in every cell', async () => {
    const pos = await positions();
    const names = new Map(((await api('GET', '/variantsets/vs-alleles/callsets')).json.result.data as Array<{ callSetDbId: string; callSetName: string }>)
      .map((c) => [c.callSetDbId, c.callSetName]));
    const res = await api('GET', '/allelematrix?variantSetDbId=vs-alleles&dimensionVariantPageSize=100&dimensionCallSetPageSize=100');
    expect(res.status, res.text).to.equal(200);
    expectValidResponse('get', '/allelematrix', 200, res.json);
    const m = res.json.result as { variantDbIds: string[]; callSetDbIds: string[]; dataMatrices: Array<{ dataMatrix: string[][] }> };
    const cells: Record<string, string> = {};
    m.variantDbIds.forEach((v, i) => m.callSetDbIds.forEach((cs, j) => { cells[`${pos.get(v)} ${names.get(cs)}`] = m.dataMatrices[0].dataMatrix[i][j]; }));
    expect(cells).to.deep.equal(Object.fromEntries(outside));
  });
});
