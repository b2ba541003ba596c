// Inbreeding (Meuwissen & Luo 1992) and A-inverse (Henderson 1976; Quaas 1976) on a published worked example, on
// hand-worked plant pedigrees (selfing, POPULATION parents, clones), and on random pedigrees against the tabular
// kinship (computeKinship): A-inverse times A is the identity, and merged germplasm are identical in A.
import { expect } from 'chai';
import { computeKinship, type KinshipMethod, type PedigreeRecord } from '../../src/modules/extensions/kinship/kinship.js';
import { mulberry32 } from '../../bench/generate.js';
import { decompose, inverseTriplets, type Decomposition } from '../../src/modules/extensions/relationship/inverse.js';
import { contributions, gametePairs, originOf } from '../../src/modules/extensions/relationship/origin.js';
import { computeGenerations } from '../../src/modules/extensions/relationship/generations.js';

const TOLERANCE = 1e-9;

/** Compact pedigree: id -> parents as "TYPE:parent"; founders map to []. */
function pedigree(spec: Record<string, string[]>): PedigreeRecord[] {
  return Object.entries(spec).map(([id, parents]) => ({
    germplasmDbId: id,
    germplasmName: null,
    parents: parents.map((p) => {
      const [parentType, germplasmDbId] = p.split(':');
      return { germplasmDbId, parentType };
    }),
  }));
}

/** A-inverse as a lookup by germplasm (through their rows), and the decomposition. */
function inverse(spec: Record<string, string[]>, method: KinshipMethod = 'pedigree') {
  const dec = decompose(pedigree(spec), method);
  const t = inverseTriplets(dec);
  const cells = new Map<string, number>();
  for (let i = 0; i < t.row.length; i++) {
    expect(t.row[i]).to.be.at.least(t.column[i]);
    cells.set(`${t.row[i]},${t.column[i]}`, t.value[i]);
  }
  const row = (id: string) => dec.germplasm.find((g) => g.germplasmDbId === id)!.row;
  const at = (x: string, y: string) => {
    const [a, b] = [row(x), row(y)];
    return cells.get(a >= b ? `${a},${b}` : `${b},${a}`) ?? 0;
  };
  const F = (id: string) => dec.germplasm.find((g) => g.germplasmDbId === id)!.inbreeding;
  return { dec, t, at, F, row, cells };
}

describe('relationship: parent contributions (origin.ts)', () => {
  it('FEMALE x MALE: 1/2 each; gametes one from each', () => {
    const { origin } = originOf('C', [{ germplasmDbId: 'A', parentType: 'FEMALE' }, { germplasmDbId: 'B', parentType: 'MALE' }]);
    expect(Object.fromEntries(contributions(origin))).to.deep.equal({ A: 0.5, B: 0.5 });
    expect(origin.kind === 'sexual' && gametePairs(origin)).to.deep.equal([['A', 'B', 1]]);
  });

  it('k POPULATION parents: 1/k each, gametes from two different ones (k = 2 is a cross)', () => {
    const three = originOf('X', ['C', 'A', 'B'].map((id) => ({ germplasmDbId: id, parentType: 'POPULATION' }))).origin;
    const w = contributions(three);
    expect([...w.keys()]).to.deep.equal(['A', 'B', 'C']);
    for (const x of w.values()) expect(x).to.be.closeTo(1 / 3, 1e-15);
    // Three unordered pairs, each with probability 2 / (3 * 2) = 1/3.
    expect(three.kind === 'sexual' && gametePairs(three).map(([p, q, x]) => [p, q, x.toFixed(12)])).to.deep.equal([
      ['A', 'B', (1 / 3).toFixed(12)],
      ['A', 'C', (1 / 3).toFixed(12)],
      ['B', 'C', (1 / 3).toFixed(12)],
    ]);
    const two = originOf('X', ['A', 'B'].map((id) => ({ germplasmDbId: id, parentType: 'POPULATION' }))).origin;
    expect(two.kind === 'sexual' && gametePairs(two)).to.deep.equal([['A', 'B', 1]]);
  });

  it('FEMALE + k POPULATION: the female 1/2, each population 1/(2k)', () => {
    const { origin, unused } = originOf('X', [{ germplasmDbId: 'F', parentType: 'FEMALE' }, { germplasmDbId: 'P', parentType: 'POPULATION' }, { germplasmDbId: 'Q', parentType: 'POPULATION' }]);
    expect(unused).to.deep.equal([]);
    expect(Object.fromEntries(contributions(origin))).to.deep.equal({ F: 0.5, P: 0.25, Q: 0.25 });
  });

  it('a SELF edge beside other parents is left out and reported', () => {
    const { origin, unused } = originOf('C', [{ germplasmDbId: 'A', parentType: 'SELF' }, { germplasmDbId: 'B', parentType: 'FEMALE' }]);
    expect(Object.fromEntries(contributions(origin))).to.deep.equal({ B: 0.5 });
    expect(unused).to.deep.equal([{ germplasmDbId: 'C', parentDbId: 'A', parentType: 'SELF' }]);
  });
});

describe('relationship: a published worked example', () => {
  // Mrode, R.A. (2014) Linear Models for the Prediction of Animal Breeding Values, 3rd ed., CABI, chapter 2: the
  // six-animal pedigree of Table 2.1 (animal, sire, dam: 3 = 1 x 2, 4 = 1 x unknown, 5 = 4 x 3, 6 = 5 x 2). Mrode
  // gives A (a56 = 0.688, a66 = 1.125; F5 = F6 = 0.125) and A-inverse allowing for inbreeding to three decimals;
  // the exact values below are those decimals worked by hand from Henderson's rules with
  // d = 1, 1, 1/2, 3/4, 1/2 - (F4 + F3)/4 = 1/2, 1/2 - (F5 + F2)/4 = 15/32.
  const MRODE = { '1': [], '2': [], '3': ['MALE:1', 'FEMALE:2'], '4': ['MALE:1'], '5': ['MALE:4', 'FEMALE:3'], '6': ['MALE:5', 'FEMALE:2'] };
  const EXPECTED: Array<[string, string, number]> = [
    ['1', '1', 11 / 6], // 1.833
    ['2', '1', 1 / 2],
    ['2', '2', 61 / 30], // 2.033
    ['3', '1', -1],
    ['3', '2', -1],
    ['3', '3', 5 / 2],
    ['4', '1', -2 / 3], // -0.667
    ['4', '3', 1 / 2],
    ['4', '4', 11 / 6],
    ['5', '2', 8 / 15], // 0.533
    ['5', '3', -1],
    ['5', '4', -1],
    ['5', '5', 38 / 15], // 2.533
    ['6', '2', -16 / 15], // -1.067
    ['6', '5', -16 / 15],
    ['6', '6', 32 / 15], // 2.133
  ];

  it('Mrode Table 2.1: inbreeding and d', () => {
    const { dec, F } = inverse(MRODE);
    expect(['1', '2', '3', '4', '5', '6'].map(F)).to.deep.equal([0, 0, 0, 0, 0.125, 0.125]);
    expect([...dec.d]).to.deep.equal([1, 1, 0.5, 0.75, 0.5, 15 / 32]);
  });

  it('Mrode Table 2.1: A-inverse, every non-zero cell, to 1e-9', () => {
    const { t, at } = inverse(MRODE);
    expect(t.row.length).to.equal(EXPECTED.length);
    for (const [x, y, value] of EXPECTED) expect(at(x, y), `(${x},${y})`).to.be.closeTo(value, TOLERANCE);
    // Each printed three-decimal value is the exact one rounded.
    expect(Number(at('6', '6').toFixed(3))).to.equal(2.133);
    expect(Number(at('5', '2').toFixed(3))).to.equal(0.533);
  });

  it('Mrode Table 2.1: A-inverse times A (the tabular kinship) is the identity', () => {
    const ids = ['1', '2', '3', '4', '5', '6'];
    const A = computeKinship(pedigree(MRODE), ids, 'pedigree').relationship;
    expect(A[4][5]).to.equal(0.6875);
    expect(A[5][5]).to.equal(1.125);
    const { at } = inverse(MRODE);
    expectIdentity(ids.map((x) => ids.map((y) => at(x, y))), A);
  });
});

function expectIdentity(inv: number[][], A: number[][]) {
  const n = A.length;
  for (let i = 0; i < n; i++) {
    for (let j = 0; j < n; j++) {
      let sum = 0;
      for (let k = 0; k < n; k++) sum += inv[i][k] * A[k][j];
      expect(sum, `(A-inverse A)[${i}][${j}]`).to.be.closeTo(i === j ? 1 : 0, TOLERANCE);
    }
  }
}

describe('relationship: plant pedigrees worked by hand', () => {
  it('a selfing chain: F = 1/2, 3/4, 7/8 and d = (1 - F_parent)/2', () => {
    const { F, dec, at } = inverse({ A: [], S1: ['SELF:A'], S2: ['SELF:S1'], S3: ['SELF:S2'] });
    expect(['S1', 'S2', 'S3'].map(F)).to.deep.equal([0.5, 0.75, 0.875]);
    expect([...dec.d]).to.deep.equal([1, 0.5, 0.25, 0.125]);
    // S3: 1/d = 8 on the diagonal, -1 * 8 with S2, and S2's diagonal gets 1 * 8 on top of its own 1/0.25 = 4.
    expect(at('S3', 'S3')).to.equal(8);
    expect(at('S3', 'S2')).to.equal(-8);
    expect(at('S2', 'S2')).to.equal(12);
  });

  it('three POPULATION parents count 1/3 each; F is the mean coancestry of the distinct pairs', () => {
    // X from A, B, C unrelated: F = 0, a(X,A) = 1/3, V = 3 (1/3)^2 = 1/3, d = 2/3.
    // A-inverse: (X,X) = 3/2, (X,A) = -1/3 * 3/2 = -1/2, (A,A) = 1 + 1/9 * 3/2 = 7/6, (B,A) = 1/6.
    const { F, dec, at } = inverse({ A: [], B: [], C: [], X: ['POPULATION:A', 'POPULATION:B', 'POPULATION:C'] });
    expect(F('X')).to.equal(0);
    expect(dec.d[3]).to.be.closeTo(2 / 3, TOLERANCE);
    expect(at('X', 'X')).to.be.closeTo(1.5, TOLERANCE);
    expect(at('X', 'A')).to.be.closeTo(-0.5, TOLERANCE);
    expect(at('A', 'A')).to.be.closeTo(7 / 6, TOLERANCE);
    expect(at('B', 'A')).to.be.closeTo(1 / 6, TOLERANCE);
    // With B = A x E: f(A,B) = 1/4, f(A,D) = f(B,D) = 0, so F(X) = (1/4 + 0 + 0)/3 = 1/12, as the kinship says.
    const spec = { A: [], E: [], D: [], B: ['FEMALE:A', 'MALE:E'], X: ['POPULATION:A', 'POPULATION:B', 'POPULATION:D'] };
    expect(inverse(spec).F('X')).to.be.closeTo(1 / 12, TOLERANCE);
    const k = computeKinship(pedigree(spec), ['X', 'A'], 'pedigree');
    expect(k.inbreeding[0]).to.be.closeTo(1 / 12, TOLERANCE);
    // a(X,A) = (a(A,A) + a(B,A) + a(D,A))/3 = (1 + 1/2 + 0)/3 = 1/2.
    expect(k.relationship[0][1]).to.be.closeTo(0.5, TOLERANCE);
    expect(k.unusedParents).to.deep.equal([]);
  });

  it('a half-sib family: FEMALE + two POPULATION parents, the mother 1/2 and each population 1/4', () => {
    // M = F x P1 or F x P2 with equal chance: F(M) = (f(F,P1) + f(F,P2))/2. With P1 = F selfed: f(F,P1) = f(F,F) = 1/2,
    // so F(M) = 1/4. a(M,F) = (a(F,F) + (a(P1,F) + a(P2,F))/2)/2 = (1 + (1 + 0)/2)/2 = 3/4.
    const spec = { F: [], P1: ['SELF:F'], P2: [], M: ['FEMALE:F', 'POPULATION:P1', 'POPULATION:P2'] };
    expect(inverse(spec).F('M')).to.be.closeTo(0.25, TOLERANCE);
    const k = computeKinship(pedigree(spec), ['M', 'F'], 'pedigree');
    expect(k.inbreeding[0]).to.be.closeTo(0.25, TOLERANCE);
    expect(k.relationship[0][1]).to.be.closeTo(0.75, TOLERANCE);
  });

  it('a CLONAL child is merged with its parent: one row, the same F, A-inverse as without it', () => {
    const base = { A: [], B: [], C: ['FEMALE:A', 'MALE:B'], S: ['SELF:C'] };
    const withClone = inverse({ ...base, K: ['CLONAL:S'], D: ['FEMALE:K', 'MALE:A'] });
    const direct = inverse({ ...base, D: ['FEMALE:S', 'MALE:A'] });
    expect(withClone.dec.rows).to.equal(5);
    expect(withClone.row('K')).to.equal(withClone.row('S'));
    expect(withClone.dec.germplasm.find((g) => g.germplasmDbId === 'K')!.identicalTo).to.equal('S');
    expect(withClone.F('K')).to.equal(withClone.F('S'));
    expect([...withClone.cells]).to.deep.equal([...direct.cells]);
  });

  it('"inbred": every line F = 1, a founder d = 2, a SELF child merged with its parent', () => {
    // C = A x B: V = (2 + 2)/4 = 1, d = 2 - 1 = 1; S = C selfed is C (d would be 2 - 2 = 0).
    const { F, dec, row, at } = inverse({ A: [], B: [], C: ['FEMALE:A', 'MALE:B'], S: ['SELF:C'] }, 'inbred');
    expect(['A', 'B', 'C', 'S'].map(F)).to.deep.equal([1, 1, 1, 1]);
    expect(dec.rows).to.equal(3);
    expect([...dec.d]).to.deep.equal([2, 2, 1]);
    expect(row('S')).to.equal(row('C'));
    // (A,A) = 1/2 + 1/4 * 1 = 3/4; (C,A) = -1/2; (C,C) = 1.
    expect([at('A', 'A'), at('C', 'A'), at('C', 'C'), at('B', 'A')]).to.deep.equal([0.75, -0.5, 1, 0.25]);
  });

  it('a 3,000-generation chain of crosses and selfs (no recursion), F in (0, 1)', () => {
    const spec: Record<string, string[]> = { G0: [], X: [] };
    for (let g = 1; g <= 3_000; g++) spec[`G${g}`] = g % 2 ? [`FEMALE:G${g - 1}`, 'MALE:X'] : [`SELF:G${g - 1}`];
    const { dec } = inverse(spec);
    expect(dec.rows).to.equal(3_002);
    for (const g of dec.germplasm) expect(g.inbreeding).to.be.within(0, 1);
  });
});

/** A random pedigree using every parent type, parents drawn from earlier germplasm. */
function randomPedigree(seed: number, n: number): Record<string, string[]> {
  const random = mulberry32(seed);
  const pick = (below: number) => `g${Math.floor(random() * below)}`;
  const spec: Record<string, string[]> = {};
  for (let i = 0; i < n; i++) {
    const id = `g${i}`;
    const kind = i < 5 ? 9 : Math.floor(random() * 9);
    const distinct = (k: number) => [...new Set(Array.from({ length: k }, () => pick(i)))];
    switch (kind) {
      case 0:
      case 1: {
        const [f, m] = distinct(2);
        spec[id] = m ? [`FEMALE:${f}`, `MALE:${m}`] : [`SELF:${f}`];
        break;
      }
      case 2: spec[id] = [`SELF:${pick(i)}`]; break;
      case 3: spec[id] = [`CLONAL:${pick(i)}`]; break;
      case 4: spec[id] = [`FEMALE:${pick(i)}`]; break;
      case 5: spec[id] = distinct(1 + Math.floor(random() * 4)).map((p) => `POPULATION:${p}`); break;
      case 6: {
        const [f, ...pops] = distinct(2 + Math.floor(random() * 3));
        spec[id] = [`FEMALE:${f}`, ...pops.map((p) => `POPULATION:${p}`)];
        break;
      }
      case 7: spec[id] = [`MALE:${pick(i)}`]; break;
      default: spec[id] = [];
    }
  }
  return spec;
}

/** A-inverse (dense, by row) times A at the rows' first germplasm is I; merged germplasm equal their row's in A. */
function checkAgainstKinship(spec: Record<string, string[]>, method: KinshipMethod) {
  const records = pedigree(spec);
  const ids = records.map((r) => r.germplasmDbId);
  const k = computeKinship(records, ids, method);
  const dec: Decomposition = decompose(records, method);
  const t = inverseTriplets(dec);
  const inv = Array.from({ length: dec.rows }, () => new Array<number>(dec.rows).fill(0));
  for (let i = 0; i < t.row.length; i++) inv[t.row[i] - 1][t.column[i] - 1] = inv[t.column[i] - 1][t.row[i] - 1] = t.value[i];
  const first = new Map<number, number>();
  for (const g of dec.germplasm) if (g.identicalTo === null) first.set(g.row, ids.indexOf(g.germplasmDbId));
  const rowIndex = [...Array(dec.rows).keys()].map((r) => first.get(r + 1)!);
  expectIdentity(inv, rowIndex.map((i) => rowIndex.map((j) => k.relationship[i][j])));
  for (const g of dec.germplasm) {
    const i = ids.indexOf(g.germplasmDbId);
    expect(g.inbreeding, `F(${g.germplasmDbId})`).to.be.closeTo(k.inbreeding[i], TOLERANCE);
    if (g.identicalTo === null) continue;
    const p = ids.indexOf(g.identicalTo);
    for (let j = 0; j < ids.length; j++) expect(k.relationship[i][j]).to.be.closeTo(k.relationship[p][j], TOLERANCE);
  }
  return dec;
}

describe('relationship: random pedigrees against the tabular kinship', () => {
  for (const method of ['pedigree', 'inbred'] as const) {
    it(`${method}: A-inverse A = I and F agree on 20 random pedigrees of 60 germplasm`, () => {
      let merged = 0;
      for (let seed = 1; seed <= 20; seed++) {
        const dec = checkAgainstKinship(randomPedigree(seed, 60), method);
        merged += dec.germplasm.length - dec.rows;
      }
      // The random pedigrees do hold clones (and, inbred, selfs) to merge.
      expect(merged).to.be.above(20);
    });
  }
});

describe('generations and completeness (generations.ts)', () => {
  // A, B, X founders. F1 = A x B, selfed to F2, F3; BC1 = F1 x A, selfed to BC1F2, crossed back to A again (BC2F1);
  // BCB = F2 x B; TW = F1 x X (a three-way cross); H has only a FEMALE; K is a clone of F2.
  const SPEC = {
    A: [], B: [], X: [],
    F1: ['FEMALE:A', 'MALE:B'], F2: ['SELF:F1'], F3: ['SELF:F2'],
    BC1: ['FEMALE:F1', 'MALE:A'], BC1S: ['SELF:BC1'], BC2: ['FEMALE:A', 'MALE:BC1S'],
    BCB: ['FEMALE:F2', 'MALE:B'], TW: ['FEMALE:F1', 'MALE:X'], H: ['FEMALE:A'], K: ['CLONAL:F2'],
  };
  const result = new Map(computeGenerations(pedigree(SPEC)).map((g) => [g.germplasmDbId, g]));
  const get = (id: string) => result.get(id)!;

  it('filial and backcross codes where the graph shows them', () => {
    const codes = Object.fromEntries([...result].map(([id, g]) => [id, g.generationCode]));
    expect(codes).to.deep.equal({
      A: null, B: null, X: null, F1: 'F1', F2: 'F2', F3: 'F3', BC1: 'BC1F1', BC1S: 'BC1F2', BC2: 'BC2F1', BCB: 'BC1F1', TW: 'F1', H: null, K: 'F2',
    });
  });

  it('maximum, complete and equivalent complete generations', () => {
    // BC1 = F1 x A: max 1 + 1 = 2; complete 1 + min(1, 0) = 1; ECG (1 + 1)/2 + (1 + 0)/2 = 1.5.
    expect([get('BC1').maxGenerations, get('BC1').completeGenerations, get('BC1').equivalentGenerations]).to.deep.equal([2, 1, 1.5]);
    // A selfing adds a whole generation: F3 max 3, complete 3, ECG 3.
    expect([get('F3').maxGenerations, get('F3').completeGenerations, get('F3').equivalentGenerations]).to.deep.equal([3, 3, 3]);
    // One known parent: max 1, complete 0, ECG 1/2. A founder: all 0. A clone: its parent's.
    expect([get('H').maxGenerations, get('H').completeGenerations, get('H').equivalentGenerations]).to.deep.equal([1, 0, 0.5]);
    expect([get('A').maxGenerations, get('A').completeGenerations, get('A').equivalentGenerations]).to.deep.equal([0, 0, 0]);
    expect({ ...get('K'), germplasmDbId: 'F2' }).to.deep.equal(get('F2'));
  });

  it('pedigree completeness index (MacCluer et al. 1983) over 5 generations', () => {
    // F1: each side knows its parent only: C = (1 + 0 + 0 + 0 + 0)/5 = 0.2, PCI = 2 * 0.2 * 0.2 / 0.4 = 0.2.
    expect(get('F1').completeness).to.be.closeTo(0.2, 1e-12);
    // F2: each side is F1, known at generations 1 and 2: C = 0.4, PCI 0.4.
    expect(get('F2').completeness).to.be.closeTo(0.4, 1e-12);
    // BC1 = F1 x A: C_F1 = (1 + 1)/5 = 0.4, C_A = 1/5 = 0.2: PCI = 2 * 0.4 * 0.2 / 0.6 = 4/15. H: a side unknown, 0.
    expect(get('BC1').completeness).to.be.closeTo(4 / 15, 1e-12);
    expect(get('H').completeness).to.equal(0);
  });
});
