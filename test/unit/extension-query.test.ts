// An extension's query parameters are checked from its OpenAPI fragment (src/openapi/extension-query.ts): the name
// suggestions' declaration is the pattern. Each bad parameter is a 400 naming it; the bounds are the fragment's.
import { expect } from 'chai';
import { BadRequestError } from '../../src/errors.js';
import { germplasmSuggestionOperation, MAX_SUGGESTIONS, MAX_TEXT_LENGTH } from '../../src/modules/extensions/germplasm-suggestions/openapi.js';
import { extensionQueryCheck } from '../../src/openapi/extension-query.js';

describe('extension query parameters from the OpenAPI fragment', () => {
  const check = extensionQueryCheck(germplasmSuggestionOperation);

  const bad: Array<[Record<string, string | string[]>, string]> = [
    [{}, 'text'],
    [{ text: '' }, 'text'],
    [{ text: '   ' }, 'text'],
    [{ text: ['a', 'b'] }, 'text'],
    [{ text: 'x'.repeat(MAX_TEXT_LENGTH + 1) }, 'text'],
    [{ text: 'a', commonCropName: ['Soybean', 'Barley'] }, 'commonCropName'],
    [{ text: 'a', pageSize: String(MAX_SUGGESTIONS + 1) }, 'pageSize'],
    [{ text: 'a', pageSize: '0' }, 'pageSize'],
    [{ text: 'a', pageSize: 'ten' }, 'pageSize'],
  ];
  for (const [query, name] of bad) {
    it(`refuses ${JSON.stringify(query).slice(0, 60)} naming ${name}`, () => {
      expect(() => check(query)).to.throw(BadRequestError, new RegExp(`^Query parameter ${name} `));
    });
  }

  it('takes what the fragment allows, up to its bounds', () => {
    for (const query of [{ text: 'a' }, { text: 'x'.repeat(MAX_TEXT_LENGTH), commonCropName: 'Soybean', pageSize: String(MAX_SUGGESTIONS) }, { text: ' w ', page: '3', other: ['1', '2'] }]) {
      expect(() => check(query), JSON.stringify(query)).to.not.throw();
    }
  });
});
