// computeKinship on small hand-built pedigrees. Expected values are worked out by hand in the comments, with f the
// coancestry, a = 2f the additive relationship and F = 2 f(i,i) - 1 the inbreeding coefficient; founders A, B, E, X, Y
// are unrelated and (method "pedigree") non-inbred, f(A,A) = 1/2.
import { expect } from 'chai';
import { computeKinship, type KinshipMethod, type PedigreeRecord } from '../../src/modules/extensions/kinship/kinship.js';
import { PairMemo } from '../../src/modules/extensions/kinship/pair-memo.js';

/** Compact pedigree: id -> parents as "TYPE:parent" (FEMALE, MALE, SELF, CLONAL, POPULATION); founders map to []. */
function pedigree(spec: Record<string, string[]>): PedigreeRecord[] {
  return Object.entries(spec).map(([id, parents]) => ({
    germplasmDbId: id,
    germplasmName: `name ${id}`,
    parents: parents.map((p) => {
      const [parentType, germplasmDbId] = p.split(':');
      return { germplasmDbId, parentType };
    }),
  }));
}

const cross = (female: string, male: string) => [`FEMALE:${female}`, `MALE:${male}`];

/** The relationship a(i,j) of every listed pair, checking symmetry, diagonal = 1 + F and range on the way. */
function relationships(spec: Record<string, string[]>, ids: string[], method: KinshipMethod = 'pedigree') {
  const k = computeKinship(pedigree(spec), ids, method);
  expect(k.germplasmDbIds).to.deep.equal(ids);
  ids.forEach((_, i) => {
    expect(k.relationship[i][i]).to.equal(1 + k.inbreeding[i]);
    ids.forEach((__, j) => {
      expect(k.coancestry[i][j]).to.equal(k.coancestry[j][i]);
      expect(k.relationship[i][j]).to.equal(2 * k.coancestry[i][j]);
      expect(k.relationship[i][j]).to.be.within(0, 2);
    });
  });
  const a = (x: string, y: string) => k.relationship[ids.indexOf(x)][ids.indexOf(y)];
  const F = (x: string) => k.inbreeding[ids.indexOf(x)];
  return { a, F, k };
}

describe('kinship: pedigree method (numerator relationship, Henderson 1976)', () => {
  it('full sibs: a = 0.5', () => {
    // f(C,D) = (f(A,D) + f(B,D))/2; f(A,D) = (f(A,A) + f(A,B))/2 = (1/2 + 0)/2 = 1/4, likewise f(B,D) = 1/4
    // f(C,D) = (1/4 + 1/4)/2 = 1/4, a = 1/2; non-inbred parents: F = 0, a(C,C) = 1
    const { a, F } = relationships({ A: [], B: [], C: cross('A', 'B'), D: cross('A', 'B') }, ['C', 'D', 'A', 'B']);
    expect(a('C', 'D')).to.equal(0.5);
    expect(a('C', 'C')).to.equal(1);
    expect(F('C')).to.equal(0);
    expect(a('A', 'B')).to.equal(0);
  });

  it('half sibs: a = 0.25', () => {
    // f(C,D) = (f(A,D) + f(B,D))/2 = (1/4 + 0)/2 = 1/8, a = 1/4
    const { a } = relationships({ A: [], B: [], E: [], C: cross('A', 'B'), D: cross('A', 'E') }, ['C', 'D']);
    expect(a('C', 'D')).to.equal(0.25);
  });

  it('parent and offspring: a = 0.5', () => {
    // f(C,A) = (f(A,A) + f(B,A))/2 = (1/2 + 0)/2 = 1/4, a = 1/2
    const { a } = relationships({ A: [], B: [], C: cross('A', 'B') }, ['A', 'C', 'B']);
    expect(a('C', 'A')).to.equal(0.5);
    expect(a('C', 'B')).to.equal(0.5);
  });

  it('selfing chain S1, S2, S3: F = 0.5, 0.75, 0.875', () => {
    // f(S1,S1) = (1 + f(S0,S0))/2 = (1 + 1/2)/2 = 3/4 -> F = 1/2; f(S2,S2) = (1 + 3/4)/2 = 7/8 -> F = 3/4;
    // f(S3,S3) = (1 + 7/8)/2 = 15/16 -> F = 7/8. A self is its parent's genes only: f(S1,S0) = f(S0,S0) = 1/2, a = 1;
    // f(S3,S1) = f(S2,S1) = f(S1,S1) = 3/4, a = 3/2.
    const spec = { S0: [], S1: ['SELF:S0'], S2: ['SELF:S1'], S3: ['SELF:S2'] };
    const { a, F } = relationships(spec, ['S0', 'S1', 'S2', 'S3']);
    expect([F('S0'), F('S1'), F('S2'), F('S3')]).to.deep.equal([0, 0.5, 0.75, 0.875]);
    expect(a('S1', 'S0')).to.equal(1);
    expect(a('S3', 'S1')).to.equal(1.5);
    expect(a('S3', 'S3')).to.equal(1.875);
  });

  it('backcross BC1 to the recurrent parent: a = 0.75', () => {
    // F1 = A x B, BC1 = F1 x A. f(F1,A) = 1/4 (parent-offspring). f(BC1,A) = (f(F1,A) + f(A,A))/2 = (1/4 + 1/2)/2
    // = 3/8, a = 3/4. F(BC1) = f(F1,A) = 1/4. f(BC1,B) = (f(F1,B) + f(A,B))/2 = (1/4 + 0)/2 = 1/8, a = 1/4.
    const { a, F } = relationships({ A: [], B: [], F1: cross('A', 'B'), BC1: cross('F1', 'A') }, ['BC1', 'A', 'B']);
    expect(a('BC1', 'A')).to.equal(0.75);
    expect(a('BC1', 'B')).to.equal(0.25);
    expect(F('BC1')).to.equal(0.25);
  });

  it('cross of two parents inbred by selfing', () => {
    // P = S2 of X: f(P,P) = 7/8 (selfing chain); Q = S2 of Y likewise. C = P x Q, D = P x Q.
    // F(C) = f(P,Q) = 0. f(C,P) = (f(P,P) + f(Q,P))/2 = 7/16, a = 7/8.
    // f(P,D) = (f(P,P) + f(P,Q))/2 = 7/16, f(Q,D) = 7/16; f(C,D) = (7/16 + 7/16)/2 = 7/16, a = 7/8.
    const spec = {
      X: [], Y: [], PX: ['SELF:X'], P: ['SELF:PX'], QY: ['SELF:Y'], Q: ['SELF:QY'],
      C: cross('P', 'Q'), D: cross('P', 'Q'),
    };
    const { a, F } = relationships(spec, ['C', 'D', 'P', 'Q']);
    expect(F('C')).to.equal(0);
    expect(F('P')).to.equal(0.75);
    expect(a('C', 'P')).to.equal(0.875);
    expect(a('C', 'D')).to.equal(0.875);
    expect(a('P', 'Q')).to.equal(0);
  });

  it('common ancestor on both sides: offspring of half sibs has F = 0.125', () => {
    // X = A x B, Y = A x E (half sibs, f(X,Y) = 1/8), Z = X x Y: F(Z) = f(X,Y) = 1/8, a(Z,Z) = 9/8.
    // f(Z,A) = (f(X,A) + f(Y,A))/2 = (1/4 + 1/4)/2 = 1/4, a = 1/2.
    const { a, F } = relationships({ A: [], B: [], E: [], X: cross('A', 'B'), Y: cross('A', 'E'), Z: cross('X', 'Y') }, ['Z', 'A', 'X']);
    expect(F('Z')).to.equal(0.125);
    expect(a('Z', 'Z')).to.equal(1.125);
    expect(a('Z', 'A')).to.equal(0.5);
    // f(Z,X) = (f(X,X) + f(Y,X))/2 = (1/2 + 1/8)/2 = 5/16, a = 5/8.
    expect(a('Z', 'X')).to.equal(0.625);
  });

  it('clonal: the clone is genetically its parent', () => {
    // K = clone of C (C = A x B): f(K,C) = f(C,C) = 1/2, a = 1; f(K,A) = f(C,A) = 1/4, a = 1/2; F(K) = F(C) = 0.
    // L = clone of S1 (S1 = self of A): F(L) = F(S1) = 1/2; f(L,S1) = f(S1,S1) = 3/4, a = 3/2.
    const spec = { A: [], B: [], C: cross('A', 'B'), K: ['CLONAL:C'], S1: ['SELF:A'], L: ['CLONAL:S1'] };
    const { a, F } = relationships(spec, ['K', 'C', 'A', 'L', 'S1']);
    expect(a('K', 'C')).to.equal(1);
    expect(a('K', 'A')).to.equal(0.5);
    expect(F('K')).to.equal(0);
    expect(F('L')).to.equal(0.5);
    expect(a('L', 'S1')).to.equal(1.5);
  });

  it('one unknown parent (and a POPULATION parent) is a cross with an unrelated founder', () => {
    // M has only its female A, N only its female A: f(M,A) = (f(A,A) + 0)/2 = 1/4, a = 1/2; f(M,M) = (1 + 0)/2, F = 0;
    // f(M,N) = (f(A,N) + 0)/2 = (1/4)/2 = 1/8, a = 1/4: half sibs (the unknown fathers are distinct founders).
    // P is a POPULATION selection from A: the same as M. R has only a MALE parent A: the same again.
    const spec = { A: [], M: ['FEMALE:A'], N: ['FEMALE:A'], P: ['POPULATION:A'], R: ['MALE:A'] };
    const { a, F } = relationships(spec, ['M', 'N', 'A', 'P', 'R']);
    expect(a('M', 'A')).to.equal(0.5);
    expect(F('M')).to.equal(0);
    expect(a('M', 'N')).to.equal(0.25);
    expect(a('P', 'A')).to.equal(0.5);
    expect(a('R', 'A')).to.equal(0.5);
    expect(a('P', 'M')).to.equal(0.25);
  });

  it('reports parents that fit no rule and leaves them out', () => {
    // C has FEMALE A, MALE B and a SELF edge to A: the SELF edge is not used; C is A x B.
    const { a, k } = relationships({ A: [], B: [], C: [...cross('A', 'B'), 'SELF:A'] }, ['C', 'A']);
    expect(a('C', 'A')).to.equal(0.5);
    expect(k.unusedParents).to.deep.equal([{ germplasmDbId: 'C', parentDbId: 'A', parentType: 'SELF' }]);
  });

  it('a 20,000-generation selfing chain (no recursion depth limit)', () => {
    const spec: Record<string, string[]> = { G0: [] };
    for (let g = 1; g <= 20_000; g++) spec[`G${g}`] = [`SELF:G${g - 1}`];
    // F(S_n) = 1 - 2^-n: F(S_10) = 1023/1024; a(S_20000, S_0) = 2 f(S_0,S_0) = 1.
    const { a, F } = relationships(spec, ['G10', 'G20000', 'G0']);
    expect(F('G10')).to.equal(1023 / 1024);
    expect(a('G20000', 'G0')).to.equal(1);
  });

  it('input order and unrelated extra records do not change the values', () => {
    const spec = { Z: cross('X', 'Y'), Y: cross('A', 'E'), X: cross('A', 'B'), E: [], B: [], A: [], U: [] };
    const { a, F } = relationships(spec, ['A', 'Z']);
    expect(F('Z')).to.equal(0.125);
    expect(a('Z', 'A')).to.equal(0.5);
  });
});

describe('kinship: inbred method (coefficient of parentage, Cox et al. 1985)', () => {
  // Every line is fully inbred: f(i,i) = 1, F = 1, a(i,i) = 2; f(i,j) = (f(s,j) + f(d,j))/2 for a cross.
  it('full sibs from two unrelated inbred lines: COP = 0.5', () => {
    // f(A,D) = (f(A,A) + f(A,B))/2 = (1 + 0)/2 = 1/2, f(B,D) = 1/2; f(C,D) = (1/2 + 1/2)/2 = 1/2
    const { k } = relationships({ A: [], B: [], C: cross('A', 'B'), D: cross('A', 'B') }, ['C', 'D', 'A'], 'inbred');
    expect(k.coancestry[0][1]).to.equal(0.5);
    expect(k.coancestry[0][0]).to.equal(1);
    expect(k.inbreeding).to.deep.equal([1, 1, 1]);
  });

  it('a line and its parent: COP = 0.5; half sibs: COP = 0.25', () => {
    // f(C,A) = (f(A,A) + f(B,A))/2 = 1/2; C = A x B, D = A x E: f(C,D) = (f(A,D) + f(B,D))/2 = (1/2 + 0)/2 = 1/4
    const { k } = relationships({ A: [], B: [], E: [], C: cross('A', 'B'), D: cross('A', 'E') }, ['C', 'A', 'D'], 'inbred');
    expect(k.coancestry[0][1]).to.equal(0.5);
    expect(k.coancestry[0][2]).to.equal(0.25);
  });

  it('backcross derivatives: BC1 COP with the recurrent parent 0.75, BC2 0.875', () => {
    // f(F1,A) = 1/2; f(BC1,A) = (f(F1,A) + f(A,A))/2 = (1/2 + 1)/2 = 3/4; f(BC2,A) = (3/4 + 1)/2 = 7/8;
    // f(BC2,B) = (f(BC1,B) + f(A,B))/2 = ((1/2 + 0)/2 + 0)/2 = 1/8
    const spec = { A: [], B: [], F1: cross('A', 'B'), BC1: cross('F1', 'A'), BC2: cross('BC1', 'A') };
    const { k } = relationships(spec, ['A', 'BC1', 'BC2', 'B'], 'inbred');
    expect(k.coancestry[1][0]).to.equal(0.75);
    expect(k.coancestry[2][0]).to.equal(0.875);
    expect(k.coancestry[2][3]).to.equal(0.125);
  });

  it('a selection from a self or a clone is its parent again: COP = 1', () => {
    const { k } = relationships({ A: [], S: ['SELF:A'], K: ['CLONAL:A'] }, ['S', 'K', 'A'], 'inbred');
    expect(k.coancestry).to.deep.equal([[1, 1, 1], [1, 1, 1], [1, 1, 1]]);
  });
});

describe('kinship: the pair memo', () => {
  it('keeps every pair through its growth, and tells absent pairs apart', () => {
    const memo = new PairMemo(1);
    for (let y = 0; y < 400; y++) for (let o = 0; o <= y; o++) memo.set(y, o, y * 1000 + o);
    memo.set(7, 3, -1);
    expect(memo.size).to.equal((400 * 401) / 2);
    let wrong = 0;
    for (let y = 0; y < 400; y++) for (let o = 0; o <= y; o++) if (memo.get(y, o) !== (y === 7 && o === 3 ? -1 : y * 1000 + o)) wrong++;
    expect(wrong).to.equal(0);
    expect(memo.get(3, 7)).to.equal(undefined);
    expect(memo.get(400, 0)).to.equal(undefined);
  });
});
