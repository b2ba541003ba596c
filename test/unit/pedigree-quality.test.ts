// The pedigree quality checks on a small hand-built scope: each check finds exactly the germplasm built to fail it.
import { expect } from 'chai';
import { nameKey, qualityFindings, type QualityParent, type QualityRecord } from '../../src/modules/extensions/pedigree-quality/quality.js';

const crops: Record<string, string> = {};
const years: Record<string, number> = {};
const names: Record<string, string> = {};

function germplasm(id: string, parents: string[] = [], extra: { crop?: string; year?: number; name?: string } = {}): QualityRecord {
  crops[id] = extra.crop ?? 'soybean';
  if (extra.year !== undefined) years[id] = extra.year;
  names[id] = extra.name ?? `name ${id}`;
  return {
    germplasmDbId: id,
    germplasmName: names[id],
    commonCropName: crops[id],
    crossingYear: extra.year ?? null,
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
      ['N1', ['A', 'N2']],
      ['N2', ['A', 'N1']],
    ]);
    expect(of('SIMILAR_NAME')[0].reason).to.match(/differs only by case, spaces or punctuation from "WILLIAMS-82" \(N1\)/);
  });

  it('duplicate crosses in either orientation, the reciprocal named as such', () => {
    expect(of('DUPLICATE_CROSS').map((f) => [f.germplasmDbId, f.relatedDbIds])).to.deep.equal([
      ['C1', ['C2', 'R']],
      ['C2', ['C1', 'R']],
      ['R', ['C1', 'C2']],
    ]);
    const r = of('DUPLICATE_CROSS').find((f) => f.germplasmDbId === 'R')!;
    expect(r.reason).to.match(/^"Essex" \(B\) x "Williams 82" \(A\) is also the reciprocal cross: "name C1" \(C1\), "name C2" \(C2\)\.$/);
    const c1 = of('DUPLICATE_CROSS').find((f) => f.germplasmDbId === 'C1')!;
    expect(c1.reason).to.include('same orientation: "name C2" (C2)').and.include('reciprocal cross: "name R" (R)');
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
    expect(of('UNKNOWN_PARENTS').map((f) => f.germplasmDbId)).to.deep.equal(['A', 'B', 'W']);
    // HALF has only a MALE, POP a single POPULATION parent; SYN's two populations and the SELF lines are complete;
    // BAD's set is a PARENT_SET finding instead.
    expect(of('UNKNOWN_PARENT').map((f) => [f.germplasmDbId, f.relatedDbIds])).to.deep.equal([['HALF', ['B']], ['POP', ['A']]]);
    expect(of('UNKNOWN_PARENT')[0].reason).to.equal('Only the MALE parent "Essex" (B) is known; the FEMALE parent is missing.');
  });

  it('only the checks asked for; findings ordered by check then germplasm', () => {
    const some = qualityFindings({ germplasm: SCOPE }, new Set(['CROSS_CROP', 'UNKNOWN_PARENTS'] as const));
    expect(some.map((f) => `${f.check} ${f.germplasmDbId}`)).to.deep.equal(['UNKNOWN_PARENTS A', 'UNKNOWN_PARENTS B', 'UNKNOWN_PARENTS W', 'CROSS_CROP EARLY']);
    expect(findings.length).to.equal(3 + 3 + 1 + 1 + 1 + 3 + 2);
  });
});
