// The genomic and single-step relationship inverses on a case small enough to check by hand (the HTTP path against
// numpy: test/integration/breeding-values-genomic.test.ts). Four germplasm: founders 1 and 2, 3 = 1 x 2, 4 = 1 x 3;
// three markers with allele counts 1: (2, 0, 1), 2: (0, 2, 1), 3: (1, 1, 2), 4: (2, 1, 0).
//   A (tabular method): a13 = a23 = 1/2, a14 = 3/4, a24 = 1/4, a34 = 3/4, a44 = 1 + a13/2 = 5/4.
//   A^-1 (Henderson's rules; d3 = d4 = 1/2): diagonal 2, 3/2, 5/2, 2; (2,1) 1/2, (3,1) -1/2, (3,2) -1, (4,1) -1,
//   (4,3) -1, (4,2) 0.
//   G (VanRaden 2008, method 1): p = (5/8, 1/2, 1/2), 2p = (5/4, 1, 1), 2 sum p(1 - p) = 94/64; Z rows
//   (3/4, -1, 0), (-5/4, 1, 0), (-1/4, 0, 1), (3/4, 0, -1); G = ZZ' 64/94, i.e. (2/47) times
//   [25 -31 -3 9; -31 41 5 -15; -3 5 17 -19; 9 -15 -19 25] (rows sum to 0: G is singular, rank 3).
import { expect } from 'chai';
import { additiveBlock, genotypedRows, type GenomicInput } from '../../src/modules/extensions/breeding-values/genomic.js';
import { relationshipModel } from '../../src/modules/extensions/breeding-values/relationship-model.js';
import { withDenseBlock } from '../../src/modules/extensions/breeding-values/single-step.js';
import { decompose, type Triplets } from '../../src/modules/extensions/relationship/inverse.js';

const PEDIGREE = [['g1', null, null], ['g2', null, null], ['g3', 'g1', 'g2'], ['g4', 'g1', 'g3']].map(([g, sire, dam]) => ({
  germplasmDbId: g!, germplasmName: g,
  parents: [...(sire ? [{ germplasmDbId: sire, parentType: 'MALE' }] : []), ...(dam ? [{ germplasmDbId: dam, parentType: 'FEMALE' }] : [])],
}));
const A = [[1, 0, 0.5, 0.75], [0, 1, 0.5, 0.25], [0.5, 0.5, 1, 0.75], [0.75, 0.25, 0.75, 1.25]];
const A_INVERSE = [[2, 0.5, -0.5, -1], [0.5, 1.5, -1, 0], [-0.5, -1, 2.5, -1], [-1, 0, -1, 2]];
const ZZ = [[25, -31, -3, 9], [-31, 41, 5, -15], [-3, 5, 17, -19], [9, -15, -19, 25]];
const G = ZZ.map((row) => row.map((x) => (2 * x) / 47));
const DOSAGES = [[2, 0, 1], [0, 2, 1], [1, 1, 2], [2, 1, 0]];
const P = [5 / 8, 1 / 2, 1 / 2];

const input = (ids: string[]): GenomicInput => ({
  variantSetDbId: 'vs', germplasmDbIds: ids, dosages: ids.map((id) => Int8Array.from(DOSAGES[Number(id.slice(1)) - 1])), frequencies: Float64Array.from(P),
});
/** The 2 x 2 inverse by its formula. */
const inverse2 = ([[a, b], [, d]]: number[][]) => {
  const det = a * d - b * b;
  return [[d / det, -b / det], [-b / det, a / det]];
};
/** Triplets as a dense symmetric n x n array. */
const dense = (t: Triplets, n: number) => {
  const m = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (let k = 0; k < t.row.length; k++) m[t.row[k] - 1][t.column[k] - 1] = m[t.column[k] - 1][t.row[k] - 1] = t.value[k];
  return m;
};
const expectClose = (actual: ArrayLike<number>[] | number[][], expected: number[][], tolerance = 1e-12) =>
  expected.forEach((row, i) => row.forEach((x, j) => expect(Math.abs(actual[i][j] - x), `(${i + 1}, ${j + 1}): ${actual[i][j]} vs ${x}`).to.be.below(tolerance)));
const rowsOf = (flat: Float64Array, n: number) => Array.from({ length: n }, (_, i) => Array.from(flat.subarray(i * n, (i + 1) * n)));

describe('genomic and single-step relationships (a hand-checked case)', () => {
  const dec = decompose(PEDIGREE, 'pedigree');

  it('A22 from the decomposition equals the tabular A (any subset of rows)', () => {
    expectClose(rowsOf(additiveBlock(dec, [0, 1, 2, 3]), 4), A);
    expectClose(rowsOf(additiveBlock(dec, [1, 3]), 2), [[1, 0.25], [0.25, 1.25]]);
  });

  it('G_w = (1 - w) G + w A22 with VanRaden\'s G computed by hand', () => {
    const block = genotypedRows(dec, input(['g1', 'g2', 'g3', 'g4']), 0.05);
    expect(block.rows).to.deep.equal([0, 1, 2, 3]);
    expect(block.markers).to.equal(3);
    expectClose(rowsOf(block.blended, 4), G.map((row, i) => row.map((g, j) => 0.95 * g + 0.05 * A[i][j])));
  });

  it('genomic: the inverse is G_w^-1 over the genotyped germplasm alone, rows renumbered; reliability against G_w,ii', () => {
    // Germplasm 3 and 4 genotyped (frequencies still those of all four, as of a variant set's every line).
    const model = relationshipModel(dec, 'genomic', 0.05, { ...input(['g3', 'g4']), frequencies: Float64Array.from(P) });
    const gw = [[G[2][2], G[2][3]], [G[3][2], G[3][3]]].map((row, i) => row.map((g, j) => 0.95 * g + 0.05 * A[i + 2][j + 2]));
    expect(model.germplasm.map((g) => [g.germplasmDbId, g.row])).to.deep.equal([['g3', 1], ['g4', 2]]);
    expect(model.rows).to.equal(2);
    expectClose(dense(model.inverse, 2), inverse2(gw), 1e-10);
    expect(Array.from(model.diagonal)).to.deep.equal([gw[0][0], gw[1][1]]);
    expect(model.info).to.deep.equal({ kind: 'genomic', variantSetDbId: 'vs', blend: 0.05, genotypedCount: 2, markerCount: 3 });
  });

  it('single-step: H^-1 = A^-1 + [0 0; 0 G_w^-1 - A22^-1] (Aguilar et al. 2010), every germplasm kept', () => {
    const model = relationshipModel(dec, 'single-step', 0.05, input(['g3', 'g4']));
    const a22 = [[1, 0.75], [0.75, 1.25]];
    const gw = [[G[2][2], G[2][3]], [G[3][2], G[3][3]]].map((row, i) => row.map((g, j) => 0.95 * g + 0.05 * a22[i][j]));
    const [gi, ai] = [inverse2(gw), inverse2(a22)];
    const h = A_INVERSE.map((row, i) => row.map((x, j) => (i >= 2 && j >= 2 ? x + gi[i - 2][j - 2] - ai[i - 2][j - 2] : x)));
    expect(model.rows).to.equal(4);
    expect(model.germplasm.map((g) => g.germplasmDbId)).to.deep.equal(['g1', 'g2', 'g3', 'g4']);
    expectClose(dense(model.inverse, 4), h, 1e-10);
    // The lower triangle, sorted by row then column, each place once.
    const places = Array.from(model.inverse.row, (r, k) => [r, model.inverse.column[k]]);
    expect(places.every(([r, c]) => r >= c)).to.equal(true);
    expect(places.map(([r, c]) => r * 10 + c)).to.deep.equal([...places.map(([r, c]) => r * 10 + c)].sort((x, y) => x - y));
    expect(new Set(places.map(([r, c]) => r * 10 + c)).size).to.equal(places.length);
    expect(Array.from(model.diagonal)).to.deep.equal([1, 1, gw[0][0], gw[1][1]]);
  });

  it('pedigree: A^-1 itself (the default, unchanged)', () => {
    const model = relationshipModel(dec, 'pedigree', 0.05, null);
    expectClose(dense(model.inverse, 4), A_INVERSE);
    expect(Array.from(model.diagonal)).to.deep.equal([1, 1, 1, 1.25]);
  });

  it('a singular G_w (blend 0: VanRaden\'s G of all four has rank 3) is a 400 naming blend', () => {
    expect(() => relationshipModel(dec, 'genomic', 0, input(['g1', 'g2', 'g3', 'g4']))).to.throw(/not positive definite.*raise blend/);
    expect(() => relationshipModel(dec, 'genomic', 0.05, input(['g1', 'g2', 'g3', 'g4']))).to.not.throw();
  });

  it('a genotyped clone shares its source\'s row: G and A22 hold the row once (else A22 would be singular)', () => {
    const clones = decompose([...PEDIGREE, { germplasmDbId: 'g5', germplasmName: 'g5', parents: [{ germplasmDbId: 'g4', parentType: 'CLONAL' }] }], 'pedigree');
    const withClone: GenomicInput = { ...input(['g3', 'g4']), germplasmDbIds: ['g3', 'g4', 'g5'], dosages: [...input(['g3', 'g4']).dosages, Int8Array.from([2, 2, 2])] };
    const model = relationshipModel(clones, 'genomic', 0.05, withClone);
    expect(model.rows).to.equal(2);
    expect(model.info.genotypedCount).to.equal(2);
    // g5's row is g4's, with g4's genotypes (the first of the row), not its own.
    expect(model.germplasm.map((g) => [g.germplasmDbId, g.row, g.identicalTo])).to.deep.equal([['g3', 1, null], ['g4', 2, null], ['g5', 2, 'g4']]);
    const gw = [[G[2][2], G[2][3]], [G[3][2], G[3][3]]].map((row, i) => row.map((g, j) => 0.95 * g + 0.05 * A[i + 2][j + 2]));
    expectClose(dense(model.inverse, 2), inverse2(gw), 1e-10);
  });

  it('withDenseBlock sums a block into sorted triplets at scattered rows', () => {
    const base: Triplets = { row: Int32Array.from([1, 2, 3, 3]), column: Int32Array.from([1, 2, 1, 3]), value: Float64Array.from([1, 2, 3, 4]) };
    const t = withDenseBlock(base, [0, 2], Float64Array.from([10, 20, 20, 30]));
    expect(Array.from(t.row)).to.deep.equal([1, 2, 3, 3]);
    expect(Array.from(t.column)).to.deep.equal([1, 2, 1, 3]);
    expect(Array.from(t.value)).to.deep.equal([11, 2, 23, 34]);
  });
});
