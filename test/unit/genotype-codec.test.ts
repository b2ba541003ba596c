import { expect } from 'chai';
import VCF from '@gmod/vcf';
import { ABSENT, allelesAt, cellTexts, DEFAULT_TEXT, genotypeText, MISSING, packRow, parseGenotype, PHASED, signed, unsigned } from '../../src/modules/genotyping/calls/codec.js';
import { packCalls, scratchFor, variantProps } from '../../src/modules/genotyping/io/vcfRows.js';

const HEADER = '##fileformat=VCFv4.2\n#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT\ta\tb\tc\td\te\n';

describe('packed genotype calls', () => {
  it('packs GT values byte by byte and writes them back exactly', () => {
    const texts = ['0/0', '0/1', '1|0', '2/1', './.', '.', '1', '0|.'];
    const { bytes, ploidy } = packRow(texts.map((t) => parseGenotype(t, 3)));
    expect(ploidy).to.equal(2);
    // Hand-computed: 1|0 is [1, 0 | PHASED]; a haploid 1 is [1, ABSENT]; '.' is [MISSING, ABSENT].
    expect([...bytes.slice(4, 6)]).to.deep.equal([1, PHASED]);
    expect([...bytes.slice(10, 14)]).to.deep.equal([MISSING, ABSENT, 1, ABSENT]);
    expect(texts.map((_, i) => genotypeText(bytes, ploidy, i))).to.deep.equal(texts);
    expect(allelesAt(bytes, ploidy, 7)).to.deep.equal([0, null]);
  });

  it('shapes the text as asked: unknown string, separators, collapsed homozygotes', () => {
    const { bytes, ploidy } = packRow(['1/1', '0|1', './.', '0/1'].map((t) => parseGenotype(t, 2)));
    const text = { unknownString: 'N', sepPhased: '~', sepUnphased: ':', expandHomozygotes: false };
    expect([0, 1, 2, 3].map((i) => genotypeText(bytes, ploidy, i, text))).to.deep.equal(['1', '0~1', 'N', '0:1']);
    expect(genotypeText(bytes, ploidy, 2, DEFAULT_TEXT)).to.equal('./.');
  });

  it('remembered cell texts: hand-written texts of haploid, diploid and triploid calls, the same when read again', () => {
    const P = PHASED;
    const shaped = { unknownString: 'N', sepPhased: '~', sepUnphased: ':', expandHomozygotes: false };
    // [row ploidy, bytes of one call, default text, shaped text]
    const cases: Array<[number, number[], string, string]> = [
      [2, [0, 0], '0/0', '0'],
      [2, [0, 1], '0/1', '0:1'],
      [2, [1, 0 | P], '1|0', '1~0'],
      [2, [10, 11], '10/11', '10:11'],
      [2, [11, 10 | P], '11|10', '11~10'],
      [2, [12, 12 | P], '12|12', '12'],
      [2, [125, 125], '125/125', '125'],
      [2, [MISSING, 1], './1', 'N:1'],
      [2, [1, MISSING | P], '1|.', '1~N'],
      [2, [MISSING, MISSING], './.', 'N'],
      [2, [1, ABSENT], '1', '1'],
      [2, [MISSING, ABSENT], '.', 'N'],
      [1, [0], '0', '0'],
      [1, [10], '10', '10'],
      [1, [125], '125', '125'],
      [1, [MISSING], '.', 'N'],
      [3, [0, 1, 2], '0/1/2', '0:1:2'],
      [3, [1, 1 | P, 1 | P], '1|1|1', '1'],
      [3, [MISSING, 1, MISSING], './1/.', 'N:1:N'],
      [3, [10, 11 | P, 12], '10|11/12', '10~11:12'],
      [3, [2, ABSENT, ABSENT], '2', '2'],
    ];
    for (const [shape, which] of [[DEFAULT_TEXT, 0], [shaped, 1]] as const) {
      const cell = cellTexts(shape);
      // Each call in a row of three calls (the middle one), between two others, read twice (the second time from memory).
      for (let pass = 0; pass < 2; pass++) {
        for (const [ploidy, call, ...texts] of cases) {
          const row = Uint8Array.from([...Array(ploidy).fill(0), ...call, ...Array(ploidy).fill(1)]);
          expect(cell(row, ploidy, 1), `${call} pass ${pass}`).to.equal(texts[which]);
          expect(genotypeText(row, ploidy, 1, shape), `${call}`).to.equal(texts[which]);
        }
      }
    }
  });

  it('rejects alleles the variant does not have and text that is no GT', () => {
    expect(() => parseGenotype('0/2', 2)).to.throw(/alleles 0..1/);
    expect(() => parseGenotype('0/x', 2)).to.throw();
    expect(() => parseGenotype('', 2)).to.throw();
  });

  it('reads a VCF line in place, keeping only the matched columns, at the row ploidy', () => {
    const parser = new VCF({ header: HEADER });
    const v = parser.parseLine('Gm01\t100\trs7;ss9\tA\tG,T\t37\tq10\tDP=12;SVLEN=-3\tGT:DP\t0/1:3\t2|2:5\t./.:0\t1:1\t0/0:9');
    const columns = Int32Array.from([0, 1, -1, 2, 3]);
    const { scratch, lengths } = scratchFor(4);
    const row = packCalls(v, columns, 4, scratch, lengths);
    expect(row.ploidy).to.equal(2);
    expect([0, 1, 2, 3].map((i) => genotypeText(row.bytes, row.ploidy, i))).to.deep.equal(['0/1', '2|2', '1', '0/0']);
    expect(row.missing).to.equal(0);
    expect(() => packCalls(parser.parseLine('Gm01\t1\t.\tA\tG\t.\t.\t.\tGT\t0/2\t0\t0\t0\t0'), columns, 4, scratch, lengths)).to.throw(/"0\/2"/);
    const props = variantProps(v, 'vs-v1', 0, '2026-01-01T00:00:00Z');
    expect(props).to.include({ start: 99, end: 100, referenceBases: 'A', filtersApplied: true, filtersPassed: false, variantType: 'SNV', svlen: -3 });
    expect(props.variantNames).to.deep.equal(['rs7', 'ss9']);
    expect(props.filtersFailed).to.deep.equal(['q10']);
    expect(JSON.parse(props.additionalInfo as string)).to.deep.equal({ QUAL: '37', DP: '12', SVLEN: '-3' });
  });

  it('moves between the driver\'s signed bytes and unsigned ones without copying', () => {
    const u = Uint8Array.from([0, 127, 128, 255]);
    const s = signed(u);
    expect([...s]).to.deep.equal([0, 127, -128, -1]);
    expect(unsigned(s).buffer).to.equal(u.buffer);
  });
});
