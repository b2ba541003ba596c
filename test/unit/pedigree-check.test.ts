import { expect } from 'chai';
import { alleleFrequencies, vanRaden } from '../../src/modules/extensions/pedigree-check/grm.js';
import { checkOffspring, MISSING_ALLELE, pairTest, trioTest, type Line } from '../../src/modules/extensions/pedigree-check/mendel.js';

const M = MISSING_ALLELE;
/** A line from homozygous calls ('0', '1', '.'; 'h' a 0/1 het). */
function line(id: string, calls: string): Line {
  const a1 = new Uint8Array(calls.length);
  const a2 = new Uint8Array(calls.length);
  [...calls].forEach((c, i) => {
    [a1[i], a2[i]] = c === '.' ? [M, M] : c === 'h' ? [0, 1] : [Number(c), Number(c)];
  });
  return { germplasmDbId: id, germplasmName: id, genotypes: { a1, a2 } };
}

describe('pedigree check: Mendelian tests for inbred lines', () => {
  it('counts opposing homozygotes of a pair and trio inconsistencies, over markers called in all (hand-counted)', () => {
    const o = line('o', '0011h.01');
    const p = line('p', '01010011');
    const q = line('q', '0000.111');
    // Pair o/p (markers from 0): called at 7 (not 5); opposing at 1 (0 vs 1), 2 (1 vs 0) and 6 (0 vs 1); the het
    // at 4 is not homozygous.
    expect(pairTest(o.genotypes, p.genotypes)).to.deep.equal({ markers: 7, opposingHomozygotes: 3, rate: 3 / 7 });
    // Trio: called at 6 (not 4, 5); o's allele is in neither parent at 2 (1; p 0, q 0) and 6 (0; p 1, q 1).
    expect(trioTest(o.genotypes, p.genotypes, q.genotypes)).to.deep.equal({ markers: 6, inconsistent: 2, rate: 2 / 6 });
  });

  it('passes true parents, flags the wrong one and names the line that fits in its place', () => {
    // 100 markers: p and q differ at every other one; o takes p's allele at the first half, q's after.
    const n = 100;
    const p = line('p', Array.from({ length: n }, (_, i) => (i % 2 ? '1' : '0')).join(''));
    const q = line('q', Array.from({ length: n }, (_, i) => (i % 4 < 2 ? '1' : '0')).join(''));
    const o = line('o', Array.from({ length: n }, (_, i) => (i < n / 2 ? (i % 2 ? '1' : '0') : (i % 4 < 2 ? '1' : '0'))).join(''));
    const x = line('x', Array.from({ length: n }, (_, i) => (i % 3 ? '0' : '1')).join(''));
    const ok = checkOffspring(o, [{ parentDbId: 'p', parentName: 'p', parentType: 'FEMALE', line: p }, { parentDbId: 'q', parentName: 'q', parentType: 'MALE', line: q }], [p, q, x]);
    expect(ok.trio!.inconsistent).to.equal(0);
    expect(ok.parents.map((c) => c.verdict)).to.deep.equal(['CONSISTENT', 'CONSISTENT']);

    const wrong = checkOffspring(o, [{ parentDbId: 'x', parentName: 'x', parentType: 'FEMALE', line: x }, { parentDbId: 'q', parentName: 'q', parentType: 'MALE', line: q }], [p, q, x]);
    expect(wrong.trio!.rate).to.be.greaterThan(0.03);
    expect(wrong.parents.map((c) => c.verdict)).to.deep.equal(['INCONSISTENT', 'CONSISTENT']);
    expect(wrong.parents[0].candidates[0]).to.deep.include({ germplasmDbId: 'p', trio: { markers: 100, inconsistent: 0, rate: 0 } });
  });

  it('a one-parent line must look like its parent', () => {
    const p = line('p', '0101010101'.repeat(6));
    const same = line('o', '0101010101'.repeat(6));
    const other = line('o2', '1100110011'.repeat(6));
    const parent = [{ parentDbId: 'p', parentName: 'p', parentType: 'SELF', line: p }];
    expect(checkOffspring(same, parent, []).parents[0].verdict).to.equal('CONSISTENT');
    const bad = checkOffspring(other, parent, [p, same]);
    expect(bad.parents[0].verdict).to.equal('INCONSISTENT');
    // 5 of every 10 markers opposing (0v1, 1v0, 0v1, 1v0, 0v1).
    expect(bad.parents[0].pair).to.deep.include({ markers: 60, opposingHomozygotes: 30 });
  });
});

describe('genomic relationship matrix (VanRaden 2008)', () => {
  it('matches a hand computation: 3 lines x 2 markers', () => {
    // X = [[0,2],[2,2],[1,0]]: p = (0.5, 2/3); Z = X - 2p; 2 sum p(1-p) = 2(0.25 + 2/9) = 17/18.
    // G = Z Z' / (17/18): G11 = (1 + 4/9) * 18/17 = 26/17, G12 = (-1 + 4/9) * 18/17 = -10/17, G13 = -16/17,
    // G22 = 26/17, G23 = -16/17, G33 = (16/9) * 18/17 = 32/17.
    const { matrix, markers } = vanRaden([Int8Array.from([0, 2]), Int8Array.from([2, 2]), Int8Array.from([1, 0])]);
    expect(markers).to.equal(2);
    const expected = [[26, -10, -16], [-10, 26, -16], [-16, -16, 32]].map((r) => r.map((v) => v / 17));
    matrix.forEach((row, i) => row.forEach((v, j) => expect(v).to.be.closeTo(expected[i][j], 1e-12)));
  });

  it('sets a missing call to its mean and skips monomorphic markers; frequencies may come from a larger base', () => {
    const lines = [Int8Array.from([0, 2, -1]), Int8Array.from([2, 2, 0]), Int8Array.from([1, 2, 2])];
    const { markers } = vanRaden(lines);
    expect(markers).to.equal(2);
    const p = alleleFrequencies(lines);
    expect([...p]).to.deep.equal([0.5, 1, 0.5]);
    const sub = vanRaden(lines.slice(0, 2), p);
    // Line 1's missing third marker contributes nothing: G11 = (1 + 0) / (2(0.25) + 2(0.25)) = 1.
    expect(sub.matrix[0][0]).to.be.closeTo(1, 1e-12);
  });
});
