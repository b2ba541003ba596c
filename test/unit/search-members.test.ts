import { expect } from 'chai';
import { memberName, searchInput } from '../../src/search/members.js';
import { BadRequestError } from '../../src/errors.js';

const accepted = new Set(['emailAddress', 'germplasmDbId', 'germplasmPUI', 'studyType', 'species', 'genus', 'active', 'searchDateRangeStart', 'category']);

describe('search members -> list filters', () => {
  for (const [member, name] of [
    ['germplasmDbIds', 'germplasmDbId'],
    ['germplasmPUIs', 'germplasmPUI'],
    ['studyTypes', 'studyType'],
    ['species', 'species'],
    ['genus', 'genus'],
    ['active', 'active'],
    ['searchDateRangeStart', 'searchDateRangeStart'],
    ['categories', 'category'],
    ['emailAddresses', 'emailAddress'],
    ['programNames', undefined],
  ] as const) {
    it(`${member} -> ${name}`, () => expect(memberName(member, accepted)).to.equal(name));
  }

  it('splits paging from filters and names the members it cannot use', () => {
    expect(searchInput({ germplasmDbIds: ['a', 'b'], programNames: ['x'], page: 2, pageSize: 10, genus: null }, accepted, 100)).to.deep.equal({
      input: { germplasmDbId: ['a', 'b'] },
      ignored: ['programNames'],
      paging: { page: 2, pageSize: 10 },
    });
  });

  it('rejects paging values out of range', () => {
    for (const body of [{ page: -1 }, { pageSize: 0 }, { pageSize: 101 }, { page: 1.5 }]) {
      expect(() => searchInput(body, accepted, 100), JSON.stringify(body)).to.throw(BadRequestError);
    }
  });
});
