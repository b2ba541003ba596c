// Reference sequences: a FASTA imported by `npm run import-fasta` (a process, as a curator runs it) onto the references
// a VCF import made, read back through GET /references/{referenceDbId}/bases. Ranges across block boundaries and
// pages followed by their tokens give back the file's bases; the MD5s are computed here from the file with
// node:crypto; a bad file, a wrong length or another sequence writes nothing; the demo's bases are its VCFs' REF
// alleles.
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';
import { expect } from 'chai';
import { mulberry32 } from '../../bench/generate.js';
import { count } from '../support/graph.js';
import { cli, cliAsProcess, cliProcess } from '../support/cli.js';
import { importOwnVcf, removeGenotypingStudy } from '../support/genotyping.js';
import { expectValidResponse } from '../support/schema.js';
import { api } from '../support/server.js';

const FIXTURES = fileURLToPath(new URL('../../fixtures/genotyping/', import.meta.url));
const TEMPLATE = '/references/{referenceDbId}/bases';
const BLOCK = 65_536;
const PAGE = 100_000;

/** Seeded bases (mulberry32), some in lower case as soft-masked assemblies have them. */
function simulated(seed: number, length: number, letters = 'ACGT'): string {
  const rnd = mulberry32(seed);
  let out = '';
  for (let i = 0; i < length; i++) {
    const base = letters[Math.floor(rnd() * letters.length)];
    out += (i % 10_000) < 300 ? base.toLowerCase() : base;
  }
  return out;
}

/** Bases in lines of `width`. */
function lines(bases: string, width: number): string[] {
  const out: string[] = [];
  for (let i = 0; i < bases.length; i += width) out.push(bases.slice(i, i + width));
  return out;
}

/** A FASTA text: each record's bases in lines of 70. */
function fasta(records: Array<{ header: string; bases: string }>): string {
  return records.flatMap(({ header, bases }) => [`>${header}`, ...lines(bases, 70)]).join('\n') + '\n';
}

/** The sequences of a FASTA text as BrAPI defines them, read here without the importer: upper case, no whitespace. */
function sequencesOf(text: string): Map<string, string> {
  const out = new Map<string, string[]>();
  let name = '';
  for (const line of text.split('\n')) {
    if (line.startsWith('>')) out.set((name = line.slice(1).split(/\s/)[0]), []);
    else out.get(name)?.push(line.replace(/\s/g, '').toUpperCase());
  }
  return new Map([...out].map(([n, parts]) => [n, parts.join('')]));
}

const md5 = (text: string) => createHash('md5').update(text).digest('hex');

async function bases(id: string, query = '') {
  return api('GET', `/references/${encodeURIComponent(id)}/bases${query}`);
}

/** Every page of a range, following nextPageToken; each page checked against the schema. */
async function allPages(id: string, range: string) {
  const pages: Array<{ offset: number; sequence: string; nextPageToken: string | null }> = [];
  let token: string | null = null;
  do {
    const res = await bases(id, `?${range}${token === null ? '' : `&pageToken=${token}`}`);
    expect(res.status, res.text).to.equal(200);
    expectValidResponse('get', TEMPLATE, 200, res.json);
    pages.push(res.json.result);
    token = res.json.result.nextPageToken;
  } while (token !== null);
  return pages;
}

async function blockCount(referenceDbId: string): Promise<number> {
  return count('MATCH (b:SequenceBlock {referenceDbId: $referenceDbId}) RETURN count(b) AS n', { referenceDbId });
}

async function stagedBlocks(): Promise<number> {
  return count('MATCH (b:StagedSequenceBlock) RETURN count(b) AS n');
}

describe('genotyping: reference sequences (FASTA import, GET /references/{referenceDbId}/bases)', function () {
  this.timeout(180_000);
  const ASSEMBLY = 'Glycine max bases test assembly';
  const LENGTH_A = 3 * BLOCK + 12_345; // four blocks, the last one partial
  const VCF = [
    '##fileformat=VCFv4.2',
    `##reference=${ASSEMBLY}`,
    `##contig=<ID=chrA,length=${LENGTH_A}>`,
    '##contig=<ID=chrB>',
    '##contig=<ID=chrC>',
    '##FORMAT=<ID=GT,Number=1,Type=String,Description="Genotype">',
    '#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT\tEssex\tLee',
    'chrA\t70000\t.\tA\tG\t.\tPASS\t.\tGT\t0/0\t1/1',
    'chrB\t10\t.\tC\tT\t.\tPASS\t.\tGT\t0/1\t1/1',
  ].join('\n') + '\n';
  // chrA with lines of two widths; chrB exactly one block and one base; chrX names no reference of the set.
  const A = simulated(1, LENGTH_A);
  const B = simulated(2, BLOCK + 1, 'ACGTN');
  const TEXT = [
    '>chrA first test contig',
    ...lines(A.slice(0, 100_000), 60),
    ...lines(A.slice(100_000), 80),
    '>chrB',
    ...lines(B, 70),
    '>chrX unplaced',
    ...lines(simulated(3, 500), 70),
  ].join('\n') + '\n';
  const expected = sequencesOf(TEXT);
  let dir: string;
  let study: string;
  let setId: string;
  let ids: Record<string, string>;

  const importFasta = (args: string[]) => cli('import-fasta', args, undefined, dir);
  const write = (name: string, text: string) => {
    const file = path.join(dir, name);
    fs.writeFileSync(file, name.endsWith('.gz') ? zlib.gzipSync(text) : text);
    return file;
  };

  before(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'fasta-'));
    study = await importOwnVcf('Bases test study', VCF, 'vs-bases-test');
    setId = (await api('GET', '/variantsets/vs-bases-test')).json.result.referenceSetDbId;
    const refs = (await api('GET', `/references?referenceSetDbId=${encodeURIComponent(setId)}`)).json.result.data as Array<{ referenceDbId: string; referenceName: string }>;
    ids = Object.fromEntries(refs.map((r) => [r.referenceName, r.referenceDbId]));
    expect(Object.keys(ids).sort()).to.deep.equal(['chrA', 'chrB', 'chrC']);
  });
  after(async () => {
    await removeGenotypingStudy(study);
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('the test file is what it should be: chrA in lines of 60 then 80 bases, chrB, chrX', () => {
    expect(expected.get('chrA')).to.equal(A.toUpperCase());
    expect(expected.get('chrB')).to.equal(B.toUpperCase());
    expect([...expected.keys()]).to.deep.equal(['chrA', 'chrB', 'chrX']);
  });

  it('a reference without a stored sequence answers 404 saying to import its FASTA; an unknown reference 404', async () => {
    const none = await bases(ids.chrA);
    expect(none.status).to.equal(404);
    expect(none.text).to.contain('no stored sequence').and.contain('import-fasta').and.contain(setId);
    const unknown = await bases('no-such-reference');
    expect(unknown.status).to.equal(404);
    expect(unknown.text).to.contain('No reference has referenceDbId "no-such-reference"');
  });

  it('a dry run checks the file and writes nothing', async () => {
    const file = write('dry.fa', TEXT);
    const run = await importFasta([file, '--reference-set', setId, '--dry-run']);
    expect(run.code, run.stderr + run.stdout).to.equal(3);
    expect(run.stdout).to.contain('dry run (nothing written)');
    expect((await bases(ids.chrA)).status).to.equal(404);
    expect(await blockCount(ids.chrA)).to.equal(0);
    expect(await stagedBlocks()).to.equal(0);
  });

  it('imports a gzipped FASTA by the reference set\'s name: records matched by name, unknown ones reported, MD5s as node:crypto computes them', async function () {
    const file = write('assembly.fa.gz', TEXT);
    // As a process, as a curator runs it (the other runs of the command here are in the test process).
    const run = await cliAsProcess('import-fasta', [file, '--reference-set', ASSEMBLY], undefined, dir, { test: this });
    // chrX names no reference of the set: skipped and reported (exit 3); chrC has no record.
    expect(run.code, run.stderr + run.stdout).to.equal(3);
    const report = JSON.parse(fs.readFileSync(path.join(dir, 'assembly.fa.gz.import-report.json'), 'utf8'));
    expect(report.referenceSetDbId).to.equal(setId);
    expect(report.missing).to.deep.equal(['chrC']);
    expect(report.records.map((r: any) => [r.name, r.status, r.length, r.blocks, r.md5checksum])).to.deep.equal([
      ['chrA', 'stored', LENGTH_A, 4, md5(expected.get('chrA')!)],
      ['chrB', 'stored', BLOCK + 1, 2, md5(expected.get('chrB')!)],
      ['chrX', 'skipped', 500, 1, md5(expected.get('chrX')!)],
    ]);
    expect(report.records[1].lengthSet).to.equal(true);
    expect(run.stdout).to.contain('1 records skipped').and.contain('chrX');
    expect(await blockCount(ids.chrA)).to.equal(4);
    expect(await blockCount(ids.chrB)).to.equal(2);
    expect(await stagedBlocks()).to.equal(0);

    // The references: chrA kept its length, chrB's was set; both carry the MD5 of their upper-case bases.
    for (const name of ['chrA', 'chrB']) {
      const res = await api('GET', `/references/${encodeURIComponent(ids[name])}`);
      expectValidResponse('get', '/references/{referenceDbId}', 200, res.json);
      expect(res.json.result).to.include({ referenceName: name, length: expected.get(name)!.length, md5checksum: md5(expected.get(name)!) });
    }
    // A hand-checked value: the MD5 of "ACGT" (`printf ACGT | md5sum`).
    expect(md5('ACGT')).to.equal('f1f8f4bf413b16ad135722aa4591043e');
    // The set's checksum waits for every reference: chrC has none yet.
    expect((await api('GET', `/referencesets/${encodeURIComponent(setId)}`)).json.result.md5checksum).to.equal(null);
  });

  it('ranges across block boundaries are the file\'s bases, 0-based and half-open', async () => {
    const a = expected.get('chrA')!;
    const ranges: Array<[number, number]> = [
      [0, 1], [0, 70], [BLOCK - 5, BLOCK + 5], [BLOCK, BLOCK + 1], [BLOCK - 1, BLOCK], [2 * BLOCK - 3, 3 * BLOCK + 3],
      [LENGTH_A - 10, LENGTH_A], [69_999, 70_000], [12_345, 12_345], [LENGTH_A, LENGTH_A],
    ];
    for (const [start, end] of ranges) {
      const res = await bases(ids.chrA, `?start=${start}&end=${end}`);
      expect(res.status, res.text).to.equal(200);
      expectValidResponse('get', TEMPLATE, 200, res.json);
      expect(res.json.result, `${start}..${end}`).to.deep.equal({ offset: start, sequence: a.slice(start, end), nextPageToken: null });
    }
    // The variant at POS 70000 is base 69,999 (0-based): start alone runs to the end, end alone from 0.
    expect((await bases(ids.chrA, `?start=${LENGTH_A - 3}`)).json.result.sequence).to.equal(a.slice(-3));
    expect((await bases(ids.chrA, '?end=5')).json.result.sequence).to.equal(a.slice(0, 5));
    const b = await bases(ids.chrB, `?start=${BLOCK - 2}`);
    expect(b.json.result).to.deep.equal({ offset: BLOCK - 2, sequence: expected.get('chrB')!.slice(BLOCK - 2), nextPageToken: null });
  });

  it('pages of at most 100,000 bases, followed by their tokens, give back the whole sequence and any range', async () => {
    const a = expected.get('chrA')!;
    const whole = await allPages(ids.chrA, '');
    expect(whole.map((p) => [p.offset, p.sequence.length, p.nextPageToken])).to.deep.equal([[0, PAGE, '1'], [PAGE, PAGE, '2'], [2 * PAGE, LENGTH_A - 2 * PAGE, null]]);
    expect(whole.map((p) => p.sequence).join('')).to.equal(a);
    const part = await allPages(ids.chrA, 'start=12345&end=200001');
    expect(part.map((p) => p.offset)).to.deep.equal([12_345, 112_345]);
    expect(part.map((p) => p.sequence).join('')).to.equal(a.slice(12_345, 200_001));
    // The metadata say the same: bases in the range, pages, tokens.
    const second = await bases(ids.chrA, '?pageToken=1');
    expect(second.json.metadata.pagination).to.deep.include({ currentPage: 1, pageSize: PAGE, totalCount: LENGTH_A, totalPages: 3, nextPageToken: '2', prevPageToken: '0' });
  });

  it('bad ranges and tokens answer 400', async () => {
    const bad: Array<[string, string]> = [
      ['?start=10&end=5', 'start (10) is after end (5)'],
      [`?end=${LENGTH_A + 1}`, `end (${LENGTH_A + 1}) is past the end of the reference (length ${LENGTH_A})`],
      [`?start=${LENGTH_A + 1}`, 'is after end'],
      ['?start=-1', 'start must be a non-negative integer'],
      ['?end=1.5', 'end must be integer'],
      ['?start=abc', 'start must be integer'],
      ['?pageToken=3', 'pageToken 3 is past the last page (2)'],
      ['?start=0&end=10&pageToken=1', 'pageToken 1 is past the last page (0)'],
      ['?pageToken=next', 'pageToken must be a non-negative integer'],
    ];
    for (const [query, message] of bad) {
      const res = await bases(ids.chrA, query);
      expect(res.status, `${query}: ${res.text}`).to.equal(400);
      expect(res.text, query).to.contain(message);
    }
  });

  it('a bad FASTA is refused with its line number and writes nothing, even after staging a batch', async () => {
    // chrC (no length yet) takes 4.5 MB, more than a staging batch, before the bad character of chrB's record.
    const big = simulated(4, 4_500_000);
    // The line after big's record: its header, then ceil(4,500,000 / 70) lines of bases.
    const next = 2 + Math.ceil(big.length / 70);
    const cases: Array<[string, string, RegExp]> = [
      ['letter.fa', fasta([{ header: 'chrC', bases: big }, { header: 'chrB', bases: 'ACGTAC' }]) + 'ACGXAC\n', new RegExp(`line ${next + 2}, column 4: "X" is not an IUPAC nucleotide code`)],
      ['rna.fa', fasta([{ header: 'chrC', bases: 'ACGU' }]), /line 2, column 4: "U" is not an IUPAC nucleotide code/],
      ['gap.fa', fasta([{ header: 'chrC', bases: 'ACG-T' }]), /line 2, column 4: "-" is not/],
      ['no-header.fa', 'ACGT\n>chrC\nACGT\n', /line 1: sequence before the first ">" header/],
      ['empty-record.fa', '>chrC\n>chrB\nACGT\n', /line 1: record "chrC" has no sequence/],
      ['twice.fa', '>chrC\nACGT\n>chrC\nACGT\n', /line 3: record "chrC" appears twice \(first at line 1\)/],
      ['long.fa', fasta([{ header: 'chrA', bases: a10(LENGTH_A + 1) }]), new RegExp(`record "chrA" is longer than reference .* \\(length ${LENGTH_A}\\)`)],
      ['short.fa', fasta([{ header: 'chrC', bases: big }, { header: 'chrA', bases: a10(LENGTH_A - 1) }]), new RegExp(`line ${next}: record "chrA" has ${LENGTH_A - 1} bases, but reference .* has length ${LENGTH_A}`)],
      // Same length as the stored chrA, other bases: another sequence than the one its MD5 names.
      ['other.fa', fasta([{ header: 'chrA', bases: a10(LENGTH_A) }]), /record "chrA" has MD5 [0-9a-f]{32}, but reference .* has md5checksum [0-9a-f]{32}: another sequence/],
      ['none.fa', '>chrZ\nACGT\n', /no record of the file names a reference of Glycine max bases test assembly/],
    ];
    for (const [name, text, message] of cases) {
      const run = await importFasta([write(name, text), '--reference-set', setId]);
      expect(run.code, `${name}: ${run.stderr}`).to.equal(1);
      expect(run.stderr, name).to.match(message);
      expect(await stagedBlocks(), name).to.equal(0);
      expect(await blockCount(ids.chrC), name).to.equal(0);
      expect((await bases(ids.chrC)).status, name).to.equal(404);
      expect((await api('GET', `/references/${encodeURIComponent(ids.chrC)}`)).json.result.length, name).to.equal(null);
      // chrA and chrB keep their sequences.
      expect(await blockCount(ids.chrA), name).to.equal(4);
      expect((await bases(ids.chrA, '?start=65530&end=65540')).json.result.sequence).to.equal(expected.get('chrA')!.slice(65_530, 65_540));
    }
    const usage = await importFasta([write('ok.fa', '>chrC\nACGT\n')]);
    expect(usage.code).to.equal(2);
    expect(usage.stderr).to.contain('--reference-set is required');
    const unknownSet = await importFasta([path.join(dir, 'ok.fa'), '--reference-set', 'no-such-assembly']);
    expect(unknownSet.code).to.equal(1);
    expect(unknownSet.stderr).to.contain('No reference set has referenceSetDbId or referenceSetName "no-such-assembly"');

    function a10(n: number) {
      return 'A'.repeat(n);
    }
  });

  it('a second import replaces a sequence without doubling its blocks; --create-references makes the unknown ones; the set takes its checksum', async () => {
    const file = write('again.fa', TEXT + fasta([{ header: 'chrC', bases: 'acgtn' }]));
    const run = await importFasta([file, '--reference-set', setId, '--create-references']);
    expect(run.code, run.stderr + run.stdout).to.equal(0);
    const report = JSON.parse(fs.readFileSync(path.join(dir, 'again.fa.import-report.json'), 'utf8'));
    expect(report.records.map((r: any) => [r.name, r.status, Boolean(r.replaced)])).to.deep.equal([
      ['chrA', 'stored', true], ['chrB', 'stored', true], ['chrX', 'created', false], ['chrC', 'stored', false],
    ]);
    expect(await blockCount(ids.chrA)).to.equal(4);
    expect((await allPages(ids.chrA, '')).map((p) => p.sequence).join('')).to.equal(expected.get('chrA'));
    const refs = (await api('GET', `/references?referenceSetDbId=${encodeURIComponent(setId)}`)).json.result.data as Array<{ referenceDbId: string; referenceName: string; length: number; md5checksum: string }>;
    const x = refs.find((r) => r.referenceName === 'chrX')!;
    expect(x).to.include({ length: 500, md5checksum: md5(expected.get('chrX')!) });
    expect((await bases(x.referenceDbId, '?start=490')).json.result.sequence).to.equal(expected.get('chrX')!.slice(490));
    expect((await bases(ids.chrC)).json.result).to.deep.equal({ offset: 0, sequence: 'ACGTN', nextPageToken: null });
    // BrAPI ReferenceSet.md5checksum: the MD5 of the references' MD5s, sorted and concatenated.
    const all = [...expected.values(), 'ACGTN'].map(md5).sort().join('');
    expect(refs.map((r) => r.md5checksum).sort().join('')).to.equal(all);
    const set = await api('GET', `/referencesets/${encodeURIComponent(setId)}`);
    expectValidResponse('get', '/referencesets/{referenceSetDbId}', 200, set.json);
    expect(set.json.result.md5checksum).to.equal(md5(all));
  });

  it('a killed import leaves its staged blocks invisible; the next import removes them and counts them', async function () {
    // 40 MiB of one new record: ten batches of 64 blocks, so the process is still staging when it is killed.
    const big = write('killed.fa', `>chrKilled\n${lines('ACGT'.repeat(10_000_000), 80).join('\n')}\n`);
    const { child, done } = cliProcess('import-fasta', [big, '--reference-set', setId, '--create-references'], undefined, dir, { test: this });
    let exited = false;
    void done.then(() => { exited = true; });
    while (!exited && (await stagedBlocks()) === 0) await new Promise((r) => setTimeout(r, 50));
    child.kill('SIGKILL');
    const killed = await done;
    expect(killed.signal, `the import ended before it was killed: ${killed.stdout}${killed.stderr}`).to.equal('SIGKILL');
    const staged = await stagedBlocks();
    expect(staged).to.be.above(0).and.below(40 * 16);
    const names = async () => ((await api('GET', `/references?referenceSetDbId=${encodeURIComponent(setId)}`)).json.result.data as Array<{ referenceName: string }>).map((r) => r.referenceName);
    expect(await names()).to.not.include('chrKilled');

    const next = await importFasta([write('after-kill.fa', fasta([{ header: 'chrX', bases: expected.get('chrX')! }])), '--reference-set', setId]);
    expect(next.code, next.stderr + next.stdout).to.equal(0);
    const report = JSON.parse(fs.readFileSync(path.join(dir, 'after-kill.fa.import-report.json'), 'utf8'));
    expect(report.removedStaging).to.deep.equal({ imports: 1, variants: 0, blocks: staged });
    expect(next.stdout).to.contain(`first removed what 1 killed import(s) had left staged: ${staged} sequence blocks`);
    expect(await stagedBlocks()).to.equal(0);
    expect(await count('MATCH (m:StagedImport) RETURN count(m) AS n')).to.equal(0);
    expect(await names()).to.not.include('chrKilled');
    expect((await bases(ids.chrA)).json.result.sequence).to.equal(expected.get('chrA')!.slice(0, 100_000));
  });

  it('the demo references have simulated sequences whose bases are the demo VCFs\' REF alleles', async () => {
    const sets = (await api('GET', '/referencesets?commonCropName=Soybean&pageSize=100')).json.result.data as Array<{ referenceSetDbId: string; referenceSetName: string }>;
    let checked = 0;
    for (const [vcf, assembly] of [['demo.vcf', 'Glycine max Wm82.a2.v1'], ['demo-stoneville.vcf', 'Glycine max Wm82.a1.v1']]) {
      const set = sets.find((s) => s.referenceSetName === assembly)!;
      const refs = (await api('GET', `/references?referenceSetDbId=${encodeURIComponent(set.referenceSetDbId)}`)).json.result.data as Array<{ referenceDbId: string; referenceName: string; length: number; md5checksum: string }>;
      const byName = new Map(refs.map((r) => [r.referenceName, r]));
      for (const line of fs.readFileSync(path.join(FIXTURES, vcf), 'utf8').split('\n')) {
        if (!line || line.startsWith('#')) continue;
        const [chrom, pos, , ref] = line.split('\t');
        const start = Number(pos) - 1;
        const res = await bases(byName.get(chrom)!.referenceDbId, `?start=${start}&end=${start + ref.length}`);
        expect(res.status, res.text).to.equal(200);
        expect(res.json.result.sequence, `${vcf} ${chrom}:${pos}`).to.equal(ref);
        checked++;
      }
      // Each demo reference's stored sequence is its FASTA record, whole.
      const file = fs.readFileSync(path.join(FIXTURES, vcf === 'demo.vcf' ? 'demo-wm82-a2.fa' : 'demo-wm82-a1.fa'), 'utf8');
      for (const [name, sequence] of sequencesOf(file)) {
        const r = byName.get(name)!;
        expect(r).to.include({ length: sequence.length, md5checksum: md5(sequence) });
        expect((await allPages(r.referenceDbId, '')).map((p) => p.sequence).join('')).to.equal(sequence);
      }
    }
    expect(checked).to.equal(21);
  });
});
