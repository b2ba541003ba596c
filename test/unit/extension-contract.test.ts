// An extension's parameters and body are checked from its OpenAPI fragment (src/openapi/extension-contract.ts): every
// route of an extension is declared by its operation, so a new extension cannot skip the check; each bad value is a
// 400 naming the parameter or member, what it must be and what was given; the bounds are the fragment's.
import { expect } from 'chai';
import { BadRequestError } from '../../src/errors.js';
import { breedingValueOperation } from '../../src/modules/extensions/breeding-values/openapi.js';
import { duplicateCrossOperation } from '../../src/modules/extensions/duplicate-crosses/openapi.js';
import { germplasmComparisonOperation } from '../../src/modules/extensions/germplasm-comparison/openapi.js';
import { germplasmSuggestionOperation, MAX_SUGGESTIONS, MAX_TEXT_LENGTH } from '../../src/modules/extensions/germplasm-suggestions/openapi.js';
import { kinshipOperations } from '../../src/modules/extensions/kinship/openapi.js';
import { checkOperations } from '../../src/modules/extensions/pedigree-check/openapi.js';
import { extensionOperations, routes } from '../../src/modules/registry.js';
import type { ExtensionOperation } from '../../src/openapi/document.js';
import { extensionContract, type ExtensionRequest } from '../../src/openapi/extension-contract.js';

type Schema = Record<string, any>;
const request = (r: Partial<ExtensionRequest>): ExtensionRequest => ({ query: {}, params: {}, body: {}, ...r });
const refusal = (op: ExtensionOperation, r: Partial<ExtensionRequest>): string => {
  try {
    extensionContract(op).check(request(r));
  } catch (e) {
    expect(e).to.be.instanceOf(BadRequestError);
    return (e as Error).message;
  }
  throw new Error(`accepted ${JSON.stringify(r)}`);
};

describe('extension contracts from the OpenAPI fragments', () => {
  describe('query parameters (the name suggestions)', () => {
    const check = (query: Record<string, string | string[]>) => extensionContract(germplasmSuggestionOperation).check(request({ query }));
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

    it('takes what the fragment allows, up to its bounds, typed by the schema; the rest is reported as ignored', () => {
      const good: Array<Record<string, string>> = [{ text: 'a' }, { text: 'x'.repeat(MAX_TEXT_LENGTH), commonCropName: 'Soybean', pageSize: String(MAX_SUGGESTIONS) }];
      for (const query of good) {
        expect(() => check(query), JSON.stringify(query)).to.not.throw();
      }
      const input = check({ text: ' w ', pageSize: '7', page: '3', other: ['1', '2'] });
      expect(input.query).to.deep.equal({ text: ' w ', pageSize: 7 });
      expect(input.ignoredQuery).to.deep.equal(['other']);
    });

    it('says what the value must be and what was given', () => {
      expect(refusal(germplasmSuggestionOperation, { query: { text: 'a', pageSize: '101' } })).to.equal(
        `Query parameter pageSize must be at most ${MAX_SUGGESTIONS} (Suggestions per page (default 30, at most ${MAX_SUGGESTIONS})); got "101".`);
      expect(refusal(germplasmSuggestionOperation, { query: {} })).to.match(/^Query parameter text is required \(What was typed/);
    });
  });

  it('lists: repeated or comma-separated (explode: false), each item checked and named', () => {
    const compare = extensionContract(germplasmComparisonOperation);
    expect(compare.check(request({ query: { germplasmDbIds: 'A,B' } })).query.germplasmDbIds).to.deep.equal(['A', 'B']);
    expect(compare.check(request({ query: { germplasmDbIds: ['A,1', 'B'] } })).query.germplasmDbIds).to.deep.equal(['A,1', 'B']);
    expect(refusal(germplasmComparisonOperation, { query: { germplasmDbIds: 'A,B,C' } })).to.match(/^Query parameter germplasmDbIds must hold exactly two values .*; got \["A","B","C"\]\.$/);
    expect(refusal(germplasmComparisonOperation, { query: { germplasmDbIds: 'A,' } })).to.match(/^Query parameter germplasmDbIds\[1\] must not be empty .*; got ""\.$/);
    const [kinshipGet] = kinshipOperations;
    expect(extensionContract(kinshipGet).check(request({ query: { germplasmDbId: 'A' } })).query.germplasmDbId).to.deep.equal(['A']);
    expect(refusal(kinshipGet, { query: { germplasmDbId: 'A', method: 'genomic' } })).to.match(/^Query parameter method must be one of pedigree, inbred; got "genomic"\.$/);
    // Numbers are typed: maxRate is the number 0.05.
    expect(extensionContract(checkOperations[0]).check(request({ query: { variantSetDbId: 'v', maxRate: '0.05', candidates: '2' } })).query).to.deep.equal({ variantSetDbId: 'v', maxRate: 0.05, candidates: 2 });
  });

  it('bodies: the body, a missing member, a member by its path, a rule between members by its description', () => {
    const crosses = (body: unknown) => refusal(duplicateCrossOperation, { body });
    expect(crosses([{ femaleDbId: 'a', maleDbId: 'b' }])).to.match(/^The body must be an object holding crosses; got \[/);
    expect(crosses({})).to.match(/^Body member crosses is required/);
    expect(crosses({ crosses: [] })).to.equal('Body member crosses must hold at least one value; got [].');
    expect(crosses({ crosses: [{ femaleDbId: 'a' }] })).to.match(/^Body member crosses\[0\]\.maleDbId is required/);
    expect(crosses({ crosses: [{ femaleDbId: 'a', maleDbId: 'b' }, { femaleDbId: 3, maleDbId: 'b' }] })).to.equal('Body member crosses[1].femaleDbId must be a string; got 3.');
    const bv = (body: object) => refusal(breedingValueOperation, { body: { observationVariableDbId: 'v', ...body } });
    expect(bv({ heritability: 0.3, additiveVariance: 1, residualVariance: 1 })).to.equal('Give heritability, or additiveVariance and residualVariance, not both.');
    expect(bv({ additiveVariance: 1 })).to.equal('additiveVariance and residualVariance go together: give both, or neither.');
    // A member's own problem comes before a rule between members.
    expect(bv({ additiveVariance: -1 })).to.equal('Body member additiveVariance must be greater than 0; got -1.');
    expect(bv({ heritability: 1 })).to.equal('Body member heritability must be less than 1; got 1.');
    expect(bv({ fixedEffects: ['sex'] })).to.equal('Body member fixedEffects[0] must be one of study, rep, block; got "sex".');
    expect(refusal(breedingValueOperation, { body: { heritability: 1.5 } })).to.match(/^Body member observationVariableDbId is required \(The trait/);
    const input = extensionContract(breedingValueOperation).check(request({ body: { observationVariableDbId: 'v', heritability: 0.5, colour: 'red' } }));
    expect(input.ignoredMembers).to.deep.equal(['colour']);
  });

  describe('every extension route is declared by its operation, and every declared parameter and member is checked', () => {
    const contracts = routes.filter((r) => r.contract).map((r) => r.contract!);

    it('each route under /extensions has a contract, and each declared operation is the contract of one route', () => {
      const unchecked = routes.filter((r) => r.path.startsWith('/extensions') && !r.contract).map((r) => `${r.method} ${r.path}`);
      expect(unchecked).to.deep.equal([]);
      expect(contracts.map((c) => c.operation)).to.have.members(extensionOperations);
      expect(contracts).to.have.length(extensionOperations.length);
    });

    for (const op of extensionOperations) {
      const name = `${op.method.toUpperCase()} ${op.path}`;
      const declared = ((op.operation.parameters ?? []) as Schema[]).filter((p) => !p.$ref);
      const body = (op.operation.requestBody as Schema | undefined)?.content?.['application/json']?.schema as Schema | undefined;

      it(`${name}: its parameters and body compiled from the fragment, each bad value refused naming it`, () => {
        const contract = extensionContract(op);
        expect(contract.queryParameters).to.deep.equal(declared.filter((p) => p.in === 'query').map((p) => p.name));
        expect(contract.pathParameters).to.deep.equal(declared.filter((p) => p.in === 'path').map((p) => p.name));
        expect(contract.bodyMembers).to.deep.equal(body ? Object.keys(body.properties ?? {}) : null);

        // A request holding only what is required, each value made from its schema, passes.
        const required = declared.filter((p) => p.in === 'query' && p.required);
        const query = Object.fromEntries(required.map((p) => [p.name, text(sample(p.schema))]));
        const params = Object.fromEntries(declared.filter((p) => p.in === 'path').map((p) => [p.name, String(sample(p.schema))]));
        const base = (body ? sample(body) : {}) as Record<string, unknown>;
        expect(() => contract.check(request({ query, params, body: base })), name).to.not.throw();
        for (const missing of Object.keys(params)) {
          expect(() => contract.check(request({ query, params: { ...params, [missing]: undefined as unknown as string }, body: base })), name)
            .to.throw(BadRequestError, new RegExp(`^Path parameter ${missing} is required`));
        }
        for (const p of declared.filter((p) => p.in === 'query')) {
          const wrong = wrongText(p.schema);
          expect(() => contract.check(request({ query: { ...query, [p.name]: wrong }, params, body: base })), `${name} ${p.name}=${JSON.stringify(wrong)}`)
            .to.throw(BadRequestError, new RegExp(`^Query parameter ${p.name}\\b`));
        }
        for (const [member, schema] of Object.entries((body?.properties ?? {}) as Record<string, Schema>)) {
          const wrong = { string: 12345, integer: 0.5, number: 'x', array: 'x', object: 'x', boolean: 'x' }[schema.type as string];
          expect(() => contract.check(request({ query, params, body: { ...base, [member]: wrong } })), `${name} ${member}: ${JSON.stringify(wrong)}`)
            .to.throw(BadRequestError, new RegExp(`^Body member ${member}\\b`));
        }
        if (body) expect(() => contract.check(request({ query, params, body: [] })), name).to.throw(BadRequestError, /^The body must be an object/);
      });
    }
  });
});

/** The smallest value a schema allows (first enum value, bounds, required members only). */
function sample(s: Schema): unknown {
  if (s.enum) return s.enum[0];
  switch (s.type) {
    case 'string': return 'x'.repeat(Math.max(1, s.minLength ?? 1));
    case 'integer': return s.minimum ?? 1;
    case 'number': return s.minimum === undefined ? 1 : s.exclusiveMinimum ? (s.minimum + (s.maximum ?? s.minimum + 2)) / 2 : s.minimum;
    case 'array': {
      // Distinct strings where the items are free text (a pair of DbIds), else the same item again.
      const item = sample(s.items);
      return Array.from({ length: Math.max(1, s.minItems ?? 1) }, (_, i) => (typeof item === 'string' && !s.items.enum ? `${item}${i}` : item));
    }
    case 'object': return Object.fromEntries((s.required ?? []).map((m: string) => [m, sample(s.properties[m])]));
    default: return 'x';
  }
}

/** A value as a query string carries it: a list as repeated parameters, or comma-separated for explode: false. */
const text = (v: unknown): string | string[] => (Array.isArray(v) ? v.map(String) : String(v));

/** A query value the schema refuses: a repeated scalar, a number that is not one, an item it does not allow. */
function wrongText(s: Schema): string | string[] {
  if (s.type !== 'array') return s.type === 'integer' || s.type === 'number' ? 'x' : ['a', 'b'];
  if (s.items.enum) return ['not-one-of-them'];
  if (s.items.minLength) return [''];
  return Array.from({ length: (s.maxItems ?? 0) + 1 }, (_, i) => `x${i}`);
}
