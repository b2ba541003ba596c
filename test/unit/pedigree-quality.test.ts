// The pedigree quality checks on a small hand-built scope: each check finds exactly the germplasm built to fail it,
// and the report is ranked by severity.
import { expect } from 'chai';
import { nameKey, qualityFindings, type QualityParent, type QualityRecord } from '../../src/modules/extensions/pedigree-quality/quality.js';
import { cycleMembers } from '../../src/modules/extensions/pedigree-quality/cycles.js';

const crops: Record<string, string> = {};
const years: Record<string, number> = {};
const names: Record<string, string> = {};

function germplasm(id: string, parents: string[] = [], extra: { crop?: string; year?: number; name?: string; project?: string } = {}): QualityRecord {
  crops[id] = extra.crop ?? 'soybean';
  if (extra.year !== undefined) years[id] = extra.year;
  names[id] = extra.name ?? `name ${id}`;
  return {
    germplasmDbId: id,
    germplasmName: names[id],
    commonCropName: crops[id],
    crossingYear: extra.year ?? null,
    crossingProjectDbId: extra.project ?? null,
    parents: parents.map((p): QualityParent => {
      const [parentType, pid] = p.split(':');
      return { germplasmDbId: pid, germplasmName: names[pid] ?? null, parentType, commonCropName: crops[pid] ?? null, crossingYear: years[pid] ?? null };
    }),
  };
}

// Built parents first, so that each child sees its parents' crop, year and name.
const A = germplasm('A', [], { year: 1990, name: 'Williams 82' });
const B = germplasm('B', [], { year: 1985, name: 'Essex' });
const W = germplasm('W', [], { crop: 'wheat', name: 'Chinese Spring' });
const SCOPE = [
  A,
  B,
  W,
  germplasm('C1', ['FEMALE:A', 'MALE:B'], { year: 1995 }),
  germplasm('C2', ['FEMALE:A', 'MALE:B'], { year: 1996 }),
  germplasm('R', ['FEMALE:B', 'MALE:A'], { year: 1997 }),
  // Likely duplicates of A x B: one cross entered twice in one year and project; the reciprocal of C1 under its name.
  germplasm('D1', ['FEMALE:A', 'MALE:B'], { year: 2001, project: 'P1', name: 'D one' }),
  germplasm('D2', ['FEMALE:A', 'MALE:B'], { year: 2001, project: 'P1', name: 'D two' }),
  germplasm('D3', ['FEMALE:A', 'MALE:B'], { year: 2001, project: 'P2', name: 'D three' }),
  germplasm('R2', ['FEMALE:B', 'MALE:A'], { name: 'Name-C1' }),
  // A cycle of three (X1 -> X2 -> X3 -> X1) and a germplasm that is its own parent.
  germplasm('X1', ['SELF:X3']),
  germplasm('X2', ['SELF:X1']),
  germplasm('X3', ['SELF:X2']),
  germplasm('LOOP', ['SELF:LOOP']),
  germplasm('EARLY', ['FEMALE:A', 'MALE:W'], { year: 1980 }),
  germplasm('HALF', ['MALE:B']),
  germplasm('BAD', ['SELF:A', 'FEMALE:B']),
  germplasm('N1', ['SELF:A'], { name: 'WILLIAMS-82' }),
  germplasm('N2', ['SELF:A'], { name: 'williams82' }),
  germplasm('POP', ['POPULATION:A']),
  germplasm('SYN', ['POPULATION:A', 'POPULATION:B']),
];

describe('pedigree quality report', () => {
  const findings = qualityFindings({ germplasm: SCOPE });
  const of = (check: string) => findings.filter((f) => f.check === check);

  it('names equal but for case, spaces and punctuation', () => {
    expect(nameKey('Williams 82')).to.equal(nameKey('WILLIAMS-82')).and.to.equal('williams82');
    expect(nameKey('Ésex.')).to.equal('ésex');
    expect(of('SIMILAR_NAME').map((f) => [f.germplasmDbId, f.relatedDbIds])).to.deep.equal([
      ['A', ['N1', 'N2']],
      ['C1', ['R2']],
      ['N1', ['A', 'N2']],
      ['N2', ['A', 'N1']],
      ['R2', ['C1']],
    ]);
    expect(of('SIMILAR_NAME')[0].reason).to.match(/differs only by case, spaces or punctuation from "WILLIAMS-82" \(N1\)/);
  });

  it('likely duplicate crosses: the same pair with a similar name, or the same crossing year and project', () => {
    expect(of('DUPLICATE_CROSS').map((f) => [f.germplasmDbId, f.relatedDbIds])).to.deep.equal([
      ['C1', ['R2']],
      ['D1', ['D2']],
      ['D2', ['D1']],
      ['R2', ['C1']],
    ]);
    expect(of('DUPLICATE_CROSS').find((f) => f.germplasmDbId === 'C1')!.reason).to.equal(
      '"Williams 82" (A) x "Essex" (B) is likely recorded again as "Name-C1" (R2) (a name equal but for case, spaces or punctuation, as the reciprocal cross).');
    expect(of('DUPLICATE_CROSS').find((f) => f.germplasmDbId === 'D1')!.reason).to.equal(
      '"Williams 82" (A) x "Essex" (B) is likely recorded again as "D two" (D2) (the same crossing year (2001) and crossing project (P1)).');
    expect(of('DUPLICATE_CROSS').every((f) => f.severity === 'WARNING')).to.equal(true);
  });

  it('sister lines and reciprocal lines apart from the duplicates, for information', () => {
    expect(of('SISTER_LINES').map((f) => [f.germplasmDbId, f.relatedDbIds])).to.deep.equal([
      ['C2', ['C1', 'D1', 'D2', 'D3', 'R', 'R2']],
      ['D3', ['C1', 'C2', 'D1', 'D2', 'R', 'R2']],
      ['R', ['C1', 'C2', 'D1', 'D2', 'D3', 'R2']],
    ]);
    const r = of('SISTER_LINES').find((f) => f.germplasmDbId === 'R')!;
    expect(r.reason).to.equal('"Essex" (B) x "Williams 82" (A) also gave sister lines from the same cross: "Name-C1" (R2); and lines from the reciprocal cross: "name C1" (C1), "name C2" (C2), "D one" (D1), "D two" (D2), "D three" (D3) (different names, not crossed in the same year and project).');
    expect(r.severity).to.equal('INFO');
  });

  it('cycles: each germplasm on one, with the others of its cycle; a germplasm that is its own parent', () => {
    expect(of('CYCLE').map((f) => [f.germplasmDbId, f.relatedDbIds, f.severity])).to.deep.equal([
      ['LOOP', [], 'ERROR'],
      ['X1', ['X2', 'X3'], 'ERROR'],
      ['X2', ['X1', 'X3'], 'ERROR'],
      ['X3', ['X1', 'X2'], 'ERROR'],
    ]);
    expect(of('CYCLE')[0].reason).to.equal('The germplasm is its own parent.');
    expect(of('CYCLE')[1].reason).to.equal('The germplasm is its own ancestor: a cycle of PARENT relationships runs through it and "name X2" (X2), "name X3" (X3).');
  });

  it('cycles in a graph worked by hand: two cycles joined by an edge stay two; a long chain needs no recursion', () => {
    // 1 -> 2 -> 1 and 3 -> 4 -> 5 -> 3, with 2 -> 3 between them and 6 -> 1 into them: components {1,2}, {3,4,5}.
    const edges = new Map([['1', ['2']], ['2', ['1', '3']], ['3', ['4']], ['4', ['5']], ['5', ['3']], ['6', ['1']]]);
    expect([...cycleMembers(edges)].sort()).to.deep.equal([['1', ['1', '2']], ['2', ['1', '2']], ['3', ['3', '4', '5']], ['4', ['3', '4', '5']], ['5', ['3', '4', '5']]]);
    const chain = new Map(Array.from({ length: 20_000 }, (_, i) => [String(i), i > 0 ? [String(i - 1)] : []]));
    expect(cycleMembers(chain).size).to.equal(0);
    chain.set('0', ["19999"]);
    expect(cycleMembers(chain).size).to.equal(20_000);
    const big = qualityFindings({ germplasm: [...chain].map(([id, parents]) => ({ germplasmDbId: id, germplasmName: null, commonCropName: null, crossingYear: null, crossingProjectDbId: null, parents: parents.map((p) => ({ germplasmDbId: p, germplasmName: null, parentType: 'SELF', commonCropName: null, crossingYear: null })) })) }, new Set(['CYCLE'] as const));
    expect(big.length).to.equal(20_000);
    expect(big[0].relatedDbIds.length).to.equal(20);
    expect(big[0].reason).to.match(/and 19979 more\.$/);
  });

  it('a crossing year before a parent\'s', () => {
    expect(of('CROSSING_YEAR').map((f) => [f.germplasmDbId, f.relatedDbIds])).to.deep.equal([['EARLY', ['A']]]);
    expect(of('CROSSING_YEAR')[0].reason).to.equal('Crossing year 1980 is before 1990, the crossing year of its FEMALE parent "Williams 82" (A).');
  });

  it('a parent of another crop', () => {
    expect(of('CROSS_CROP').map((f) => [f.germplasmDbId, f.relatedDbIds])).to.deep.equal([['EARLY', ['W']]]);
  });

  it('parent sets the upload refuses', () => {
    expect(of('PARENT_SET').map((f) => [f.germplasmDbId, f.relatedDbIds])).to.deep.equal([['BAD', ['A', 'B']]]);
    expect(of('PARENT_SET')[0].reason).to.match(/SELF parent and other parents/);
  });

  it('no parents, and one parent of a cross missing', () => {
    // LOOP's only parent is itself, a CYCLE finding: it has no other parent.
    expect(of('UNKNOWN_PARENTS').map((f) => f.germplasmDbId)).to.deep.equal(['A', 'B', 'LOOP', 'W']);
    // HALF has only a MALE, POP a single POPULATION parent; SYN's two populations and the SELF lines are complete;
    // BAD's set is a PARENT_SET finding instead.
    expect(of('UNKNOWN_PARENT').map((f) => [f.germplasmDbId, f.relatedDbIds])).to.deep.equal([['HALF', ['B']], ['POP', ['A']]]);
    expect(of('UNKNOWN_PARENT')[0].reason).to.equal('Only the MALE parent "Essex" (B) is known; the FEMALE parent is missing.');
  });

  it('only the checks asked for; findings ranked by severity, then check, then germplasm', () => {
    const some = qualityFindings({ germplasm: SCOPE }, new Set(['CROSS_CROP', 'UNKNOWN_PARENTS', 'SISTER_LINES'] as const));
    expect(some.map((f) => `${f.severity} ${f.check} ${f.germplasmDbId}`)).to.deep.equal([
      'WARNING CROSS_CROP EARLY', 'INFO SISTER_LINES C2', 'INFO SISTER_LINES D3', 'INFO SISTER_LINES R',
      'INFO UNKNOWN_PARENTS A', 'INFO UNKNOWN_PARENTS B', 'INFO UNKNOWN_PARENTS LOOP', 'INFO UNKNOWN_PARENTS W',
    ]);
    const checks = findings.map((f) => f.check);
    expect([...new Set(checks)]).to.deep.equal(['CYCLE', 'PARENT_SET', 'CROSSING_YEAR', 'CROSS_CROP', 'DUPLICATE_CROSS', 'SIMILAR_NAME', 'UNKNOWN_PARENT', 'SISTER_LINES', 'UNKNOWN_PARENTS']);
    expect(findings.length).to.equal(4 + 1 + 1 + 1 + 4 + 5 + 2 + 3 + 4);
  });
});
