import { expect } from 'chai';
import { compileWhere, type CompiledFilter, type FilterInput } from '../../src/entities/filters.js';
import type { FilterSpec } from '../../src/entities/types.js';
import { BadRequestError } from '../../src/errors.js';

const entity: { filters: Record<string, FilterSpec> } = {
  filters: {
    programDbId: { kind: 'eq', prop: 'programDbId' },
    active: { kind: 'eq', prop: 'active', type: 'boolean' },
    year: { kind: 'eq', prop: 'year', type: 'integer' },
    synonym: { kind: 'contains', prop: 'synonymNames' },
    minHeight: { kind: 'min', prop: 'height', type: 'number' },
    maxHeight: { kind: 'max', prop: 'height', type: 'number' },
    minCount: { kind: 'min', prop: 'count', type: 'integer' },
    startDate: { kind: 'min', prop: 'startDate', type: 'date' },
    endDate: { kind: 'max', prop: 'endDate', type: 'date' },
    trialDbId: { kind: 'related', path: '-[:IN_TRIAL]->', label: 'Trial', prop: 'trialDbId' },
  },
};

interface Case {
  name: string;
  input: FilterInput;
  /** Anchors (clauses before the MATCH of `n`) are none unless given. */
  expected: Omit<CompiledFilter, 'anchors'> & { anchors?: string[] };
  prefix?: string;
}

const cases: Case[] = [
  {
    name: 'no input',
    input: {},
    expected: { where: 'true', params: {}, ignored: [] },
  },
  {
    name: 'eq with one value',
    input: { programDbId: 'p1' },
    expected: { where: 'n.programDbId IN $f0', params: { f0: ['p1'] }, ignored: [] },
  },
  {
    name: 'eq with a list',
    input: { programDbId: ['p1', 'p2'] },
    expected: { where: 'n.programDbId IN $f0', params: { f0: ['p1', 'p2'] }, ignored: [] },
  },
  {
    name: 'eq string filter stringifies numbers from a JSON body',
    input: { programDbId: [7, true] },
    expected: { where: 'n.programDbId IN $f0', params: { f0: ['7', 'true'] }, ignored: [] },
  },
  {
    name: 'eq boolean from query string',
    input: { active: ['true', 'false', true] },
    expected: { where: 'n.active IN $f0', params: { f0: [true, false, true] }, ignored: [] },
  },
  {
    name: 'eq integer from query string',
    input: { year: ['2020', 2021] },
    expected: { where: 'n.year IN $f0', params: { f0: [2020, 2021] }, ignored: [] },
  },
  {
    name: 'contains',
    input: { synonym: ['Kingwa', 'PI 548585'] },
    expected: {
      where: 'ANY(v IN coalesce(n.synonymNames, []) WHERE v IN $f0)',
      params: { f0: ['Kingwa', 'PI 548585'] },
      ignored: [],
    },
  },
  {
    name: 'min number from a query string becomes a number (not a list)',
    input: { minHeight: '5' },
    expected: { where: 'n.height >= $f0', params: { f0: 5 }, ignored: [] },
  },
  {
    name: 'max number, decimal, in a one-element list',
    input: { maxHeight: ['2.75'] },
    expected: { where: 'n.height <= $f0', params: { f0: 2.75 }, ignored: [] },
  },
  {
    name: 'min integer',
    input: { minCount: '-3' },
    expected: { where: 'n.count >= $f0', params: { f0: -3 }, ignored: [] },
  },
  {
    name: 'min date stays a string',
    input: { startDate: '2020-01-31' },
    expected: { where: 'n.startDate >= $f0', params: { f0: '2020-01-31' }, ignored: [] },
  },
  {
    // Compared as an instant: a date-time bound of a date field becomes its UTC form (a stored date is its day's start).
    name: 'max date-time with offset becomes its UTC instant',
    input: { endDate: '2021-06-01T12:30:00+02:00' },
    expected: { where: '(n.endDate <= $f0 OR n.endDate STARTS WITH $f0)', params: { f0: '2021-06-01T10:30:00.000Z' }, ignored: [] },
  },
  {
    name: 'a date in the first century is a date (not read as 19xx)',
    input: { startDate: '0043-10-10' },
    expected: { where: 'n.startDate >= $f0', params: { f0: '0043-10-10' }, ignored: [] },
  },
  {
    // Stored date-times on that day are below or equal to the bound only as a prefix: the day is included whole.
    name: 'max date takes in the whole day',
    input: { endDate: '2021-06-01' },
    expected: { where: '(n.endDate <= $f0 OR n.endDate STARTS WITH $f0)', params: { f0: '2021-06-01' }, ignored: [] },
  },
  {
    name: 'related interpolates path, label and prop',
    input: { trialDbId: 't1' },
    expected: {
      anchors: ['CALL () { RETURN COLLECT { MATCH (a:Trial) WHERE a.trialDbId IN $f0 MATCH (m)-[:IN_TRIAL]->(a) RETURN DISTINCT elementId(m) AS id } AS reached_f0 }'],
      where: 'elementId(n) IN reached_f0',
      params: { f0: ['t1'] },
      ignored: [],
    },
  },
  {
    name: 'two filters are ANDed with f0, f1',
    input: { programDbId: 'p1', minHeight: 10 },
    expected: {
      where: 'n.programDbId IN $f0 AND n.height >= $f1',
      params: { f0: ['p1'], f1: 10 },
      ignored: [],
    },
  },
  {
    name: 'custom prefix',
    input: { programDbId: 'p1', trialDbId: 't1' },
    prefix: 'q',
    expected: {
      anchors: ['CALL () { RETURN COLLECT { MATCH (a:Trial) WHERE a.trialDbId IN $q1 MATCH (m)-[:IN_TRIAL]->(a) RETURN DISTINCT elementId(m) AS id } AS reached_q1 }'],
      where: 'n.programDbId IN $q0 AND elementId(n) IN reached_q1',
      params: { q0: ['p1'], q1: ['t1'] },
      ignored: [],
    },
  },
  {
    name: 'unknown names go to ignored, in input order',
    input: { pageSize: '10', programDbId: 'p1', bogus: 'x' },
    expected: { where: 'n.programDbId IN $f0', params: { f0: ['p1'] }, ignored: ['pageSize', 'bogus'] },
  },
  {
    name: 'empty string, null, undefined and [] are skipped and take no parameter number',
    input: { programDbId: '', active: null, year: undefined, synonym: [], trialDbId: [null, '', undefined], minHeight: '1' },
    expected: { where: 'n.height >= $f0', params: { f0: 1 }, ignored: [] },
  },
  {
    name: 'empty members of a list are dropped, the rest kept',
    input: { programDbId: ['', 'p1', null, 'p2'] },
    expected: { where: 'n.programDbId IN $f0', params: { f0: ['p1', 'p2'] }, ignored: [] },
  },
  {
    name: 'only skipped values gives true',
    input: { programDbId: '', minHeight: [] },
    expected: { where: 'true', params: {}, ignored: [] },
  },
];

describe('compileWhere', function () {
  for (const c of cases) {
    it(c.name, function () {
      const got = c.prefix === undefined ? compileWhere(entity, c.input) : compileWhere(entity, c.input, c.prefix);
      expect(got.where).to.equal(c.expected.where);
      expect(got.anchors).to.deep.equal(c.expected.anchors ?? []);
      expect(got.params).to.deep.equal(c.expected.params);
      expect(got.ignored).to.deep.equal(c.expected.ignored);
    });
  }

  describe('rejects values that do not parse', function () {
    const errors: Array<{ name: string; input: FilterInput; param: string; message?: RegExp }> = [
      { name: 'non-numeric for a number filter', input: { minHeight: 'tall' }, param: 'minHeight', message: /must be a number/ },
      { name: 'blank-space string for a number filter', input: { maxHeight: '  ' }, param: 'maxHeight' },
      { name: 'Infinity for a number filter', input: { maxHeight: 'Infinity' }, param: 'maxHeight' },
      { name: '1.5 for an integer filter', input: { minCount: '1.5' }, param: 'minCount', message: /must be an integer/ },
      { name: '1.5 for an integer eq filter in a list', input: { year: ['2020', '1.5'] }, param: 'year' },
      { name: "'yes' for a boolean", input: { active: 'yes' }, param: 'active', message: /must be a boolean/ },
      { name: "'2020-13' for a date", input: { startDate: '2020-13' }, param: 'startDate', message: /ISO 8601 date/ },
      { name: 'garbage date', input: { endDate: 'last tuesday' }, param: 'endDate' },
      { name: 'number for a date', input: { endDate: 20200101 }, param: 'endDate' },
      { name: 'two values for a min filter', input: { minHeight: ['1', '2'] }, param: 'minHeight', message: /single value/ },
      { name: 'two values for a max date filter', input: { endDate: ['2020-01-01', '2021-01-01'] }, param: 'endDate' },
      { name: 'an object for a string filter', input: { programDbId: { $ne: 1 } }, param: 'programDbId' },
    ];
    for (const e of errors) {
      it(e.name, function () {
        let thrown: unknown;
        try {
          compileWhere(entity, e.input);
        } catch (err) {
          thrown = err;
        }
        expect(thrown).to.be.instanceOf(BadRequestError);
        const err = thrown as BadRequestError;
        expect(err.status).to.equal(400);
        expect(err.message).to.include(e.param);
        if (e.message) expect(err.message).to.match(e.message);
      });
    }
  });

  describe('injection safety', function () {
    const hostile = ["x' OR 1=1 //", '}) DETACH DELETE n //', 'a` OR true //', '$f1'];
    for (const value of hostile) {
      it(`keeps ${JSON.stringify(value)} out of the where text`, function () {
        for (const name of ['programDbId', 'synonym', 'trialDbId']) {
          const got = compileWhere(entity, { [name]: value });
          expect(got.where).to.not.include(value);
          expect(got.where).to.not.include('DETACH');
          expect(got.params).to.deep.equal({ f0: [value] });
        }
      });
    }

    it('a hostile input name is ignored and never reaches the where text', function () {
      const name = 'x) DETACH DELETE n //';
      const got = compileWhere(entity, { [name]: 'v' });
      expect(got).to.deep.equal({ anchors: [], where: 'true', params: {}, ignored: [name] });
    });

    for (const key of ['constructor', 'toString', 'hasOwnProperty', 'valueOf', '__proto__']) {
      it(`input name ${key} (an Object.prototype key) is ignored, not matched`, function () {
        // JSON.parse makes __proto__ an own key, as a parsed request body would.
        const input = JSON.parse(`{${JSON.stringify(key)}: "v", "programDbId": "p1"}`) as FilterInput;
        expect(Object.keys(input)).to.include(key);
        const got = compileWhere(entity, input);
        expect(got).to.deep.equal({ anchors: [], where: 'n.programDbId IN $f0', params: { f0: ['p1'] }, ignored: [key] });
      });
    }
  });
});
