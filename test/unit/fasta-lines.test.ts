// The FASTA import's pure parts: record names, sequence lines (IUPAC codes only, upper-cased, whitespace dropped, the
// first bad character named by column) and BrAPI's reference-set checksum, against values computed by hand.
import { createHash } from 'node:crypto';
import { expect } from 'chai';
import { recordName, referenceSetChecksum, sequenceLine } from '../../src/modules/genotyping/io/fastaLines.js';

describe('FASTA lines', () => {
  it('a header names its record by its first word', () => {
    expect(recordName('>Gm01 Glycine max chromosome 1')).to.equal('Gm01');
    expect(recordName('>chr1\tdescription')).to.equal('chr1');
    expect(recordName('> scaffold_7')).to.equal('scaffold_7');
    expect(recordName('>')).to.equal(null);
    expect(recordName('>   ')).to.equal(null);
  });

  it('a sequence line is stored upper case without whitespace; every IUPAC nucleotide code is kept', () => {
    expect(sequenceLine('acgtACGT')).to.equal('ACGTACGT');
    expect(sequenceLine('ACGTMRWSYKVHDBN')).to.equal('ACGTMRWSYKVHDBN');
    expect(sequenceLine('mrwsykvhdbn')).to.equal('MRWSYKVHDBN');
    expect(sequenceLine(' AC GT\t\r')).to.equal('ACGT');
    expect(sequenceLine('')).to.equal('');
  });

  it('refuses any other character, naming it and its 1-based column', () => {
    expect(() => sequenceLine('ACGX')).to.throw('column 4: "X" is not an IUPAC nucleotide code');
    expect(() => sequenceLine('AC GU')).to.throw('column 5: "U"');
    expect(() => sequenceLine('A-C')).to.throw('column 2: "-"');
    expect(() => sequenceLine('*')).to.throw('column 1: "*"');
    expect(() => sequenceLine('AC.')).to.throw('column 3: "."');
    expect(() => sequenceLine('A\u00e9')).to.throw('column 2: U+00E9');
  });

  it('the reference set checksum: MD5 of the sorted, concatenated reference MD5s; none while one is missing', () => {
    // Hand-checked: printf ACGT | md5sum; printf AAAA | md5sum; then printf of the two, sorted, through md5sum.
    const acgt = 'f1f8f4bf413b16ad135722aa4591043e';
    const aaaa = '098890dde069e9abad63f19a0d9e1f32';
    expect(createHash('md5').update('ACGT').digest('hex')).to.equal(acgt);
    expect(createHash('md5').update('AAAA').digest('hex')).to.equal(aaaa);
    // md5('098890dde069e9abad63f19a0d9e1f32f1f8f4bf413b16ad135722aa4591043e'), worked outside this code.
    const expected = '3e264c7e0cca156dee8a85913c9ba4ab';
    expect(referenceSetChecksum([acgt, aaaa])).to.equal(expected);
    expect(referenceSetChecksum([aaaa, acgt])).to.equal(expected);
    expect(referenceSetChecksum([acgt, null])).to.equal(null);
    expect(referenceSetChecksum([])).to.equal(null);
  });
});
