import { expect } from 'chai';
import { purdy, type PurdyTree } from '../../src/modules/germplasm/pedigree/purdy.js';

const leaf = (name: string): PurdyTree => ({ name, parents: [] });
const cross = (name: string | null, female: PurdyTree | null, male: PurdyTree | null): PurdyTree => ({
  name,
  parents: [
    ...(female ? [{ parentType: 'FEMALE', tree: female }] : []),
    ...(male ? [{ parentType: 'MALE', tree: male }] : []),
  ],
});

describe('Purdy pedigree strings', () => {
  const ab = cross('AB', leaf('A'), leaf('B'));
  const cd = cross('CD', leaf('C'), leaf('D'));
  const cases: Array<[string, PurdyTree, number, string | null]> = [
    ['a founder has none', leaf('A'), 3, null],
    ['a single cross', cross('X', leaf('A'), leaf('B')), 3, 'A/B'],
    ['a three-way cross', cross('X', ab, leaf('C')), 3, 'A/B//C'],
    ['a double cross', cross('X', ab, cd), 3, 'A/B//C/D'],
    ['the male side deeper', cross('X', leaf('E'), cross('Y', ab, leaf('C'))), 3, 'E/3/A/B//C'],
    ['a fourth level', cross('X', cross('Y', cross('Z', ab, leaf('C')), leaf('D')), leaf('E')), 4, 'A/B//C/3/D/4/E'],
    ['expansion stops at the depth, using names', cross('X', cross('Y', cross('Z', ab, leaf('C')), leaf('D')), leaf('E')), 2, 'Z/D//E'],
    ['an unknown male parent', cross('X', leaf('A'), null), 3, 'A/unknown'],
    ['a selfed line is written as its source', { name: 'S', parents: [{ parentType: 'SELF', tree: ab }] }, 3, 'A/B'],
    ['a clonal line of a founder', { name: 'K', parents: [{ parentType: 'CLONAL', tree: leaf('A') }] }, 3, 'A'],
    ['an unnamed parent', cross('X', { name: null, parents: [] }, leaf('B')), 3, 'unknown/B'],
  ];
  for (const [what, tree, depth, expected] of cases) {
    it(what, () => expect(purdy(tree, depth)).to.equal(expected));
  }
});
