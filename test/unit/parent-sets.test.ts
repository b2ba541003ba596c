// The parent-set rules, one case per rule (src/modules/germplasm/pedigree/parent-sets.ts).
import { expect } from 'chai';
import { parentSetProblem } from '../../src/modules/germplasm/pedigree/parent-sets.js';
import type { ParentType } from '../../src/modules/germplasm/pedigree/types.js';

const allowed = (...types: ParentType[]) => expect(parentSetProblem(types), types.join('+')).to.equal(undefined);
const refused = (words: string, ...types: ParentType[]) => expect(parentSetProblem(types), types.join('+')).to.contain(words);

describe('parent sets', () => {
  it('allows a cross, half a cross, a selfing, a clone, a population and an open-pollinated family', () => {
    allowed();
    allowed('FEMALE', 'MALE');
    allowed('FEMALE');
    allowed('MALE');
    allowed('SELF');
    allowed('CLONAL');
    allowed('POPULATION');
    allowed('POPULATION', 'POPULATION', 'POPULATION', 'POPULATION', 'POPULATION');
    allowed('FEMALE', 'POPULATION', 'POPULATION');
  });

  it('a SELF or CLONAL parent excludes any other', () => {
    refused('2 SELF parents', 'SELF', 'SELF');
    refused('SELF parent and other parents (FEMALE, MALE)', 'SELF', 'MALE', 'FEMALE');
    refused('2 CLONAL parents', 'CLONAL', 'CLONAL');
    refused('CLONAL parent and other parents (POPULATION)', 'POPULATION', 'CLONAL');
  });

  it('one FEMALE and one MALE at most', () => {
    refused('2 FEMALE parents', 'FEMALE', 'MALE', 'FEMALE');
    refused('3 MALE parents', 'MALE', 'MALE', 'MALE');
  });

  it('a POPULATION goes with a FEMALE, not with a MALE', () => {
    refused('MALE parent and POPULATION parents', 'MALE', 'POPULATION');
    refused('MALE parent and POPULATION parents', 'FEMALE', 'MALE', 'POPULATION');
  });
});
