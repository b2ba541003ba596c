// The relationship extension over HTTP: Mrode's worked example uploaded as a pedigree (inbreeding, A-inverse in
// JSON, CSV and .giv), a clone merged, POPULATION parents counted 1/k by the kinship extension too, the whole
// database, errors, and random SoyBase subsets whose A-inverse times the kinship extension's A is the identity.
import { expect } from 'chai';
import { parse } from 'csv-parse/sync';
import { mulberry32 } from '../../bench/generate.js';
import { api } from '../support/server.js';
import { removeRun } from '../support/graph.js';
import { runIds } from '../support/run-ids.js';

const { run, id, ref } = runIds('rel-');
const INBREEDING = '/extensions/inbreeding';
const INVERSE = '/extensions/relationship-inverse';

// Mrode (2014), Linear Models for the Prediction of Animal Breeding Values, chapter 2, Table 2.1: 3 = 1 x 2,
// 4 = 1 x unknown, 5 = 4 x 3, 6 = 5 x 2 (sire as MALE, dam as FEMALE). K is a clone of 5. X comes from three
// POPULATION parents 1, 2 and 4 (a synthetic).
const TREE = [
  ...['1', '2'].map((n) => ({ germplasmDbId: id(n), germplasmName: `M${n}` })),
  { germplasmDbId: id('3'), germplasmName: 'M3', parents: [ref('1', 'MALE'), ref('2', 'FEMALE')] },
  { germplasmDbId: id('4'), germplasmName: 'M4', parents: [ref('1', 'MALE')] },
  { germplasmDbId: id('5'), germplasmName: 'M5', parents: [ref('4', 'MALE'), ref('3', 'FEMALE')] },
  { germplasmDbId: id('6'), germplasmName: 'M6', parents: [ref('5', 'MALE'), ref('2', 'FEMALE')] },
  { germplasmDbId: id('K'), germplasmName: 'MK', parents: [ref('5', 'CLONAL')] },
  { germplasmDbId: id('X'), germplasmName: 'MX', parents: [ref('1', 'POPULATION'), ref('2', 'POPULATION'), ref('4', 'POPULATION')] },
];

/** Hand-worked from Henderson's rules (see test/unit/relationship.test.ts): Mrode's printed values, exactly. */
const MRODE_INVERSE: Array<[string, string, number]> = [
  ['1', '1', 11 / 6], ['2', '1', 1 / 2], ['2', '2', 61 / 30], ['3', '1', -1], ['3', '2', -1], ['3', '3', 5 / 2],
  ['4', '1', -2 / 3], ['4', '3', 1 / 2], ['4', '4', 11 / 6], ['5', '2', 8 / 15], ['5', '3', -1], ['5', '4', -1],
  ['5', '5', 38 / 15], ['6', '2', -16 / 15], ['6', '5', -16 / 15], ['6', '6', 32 / 15],
];

describe('relationship extension (inbreeding, A-inverse)', () => {
  after(() => removeRun(run));
  before(async () => {
    const res = await api('POST', '/pedigree', TREE);
    expect(res.status, res.text).to.equal(200);
  });

  it('inbreeding of a germplasm and its ancestors (POST and GET)', async () => {
    const post = await api('POST', INBREEDING, { germplasmDbIds: [id('6'), id('K')] });
    expect(post.status, post.text).to.equal(200);
    const F = Object.fromEntries(post.json.result.data.map((r: any) => [r.germplasmDbId.slice(run.length + 1), r.inbreeding]));
    // F5 = a(3,4)/2 = 1/8, F6 = a(5,2)/2 = 1/8 (Mrode); the clone K has its parent's F; X is not in this pedigree.
    expect(F).to.deep.equal({ '1': 0, '2': 0, '3': 0, '4': 0, '5': 0.125, '6': 0.125, K: 0.125 });
    expect(post.json.result.germplasmCount).to.equal(7);
    expect(post.json.result.method).to.equal('pedigree');
    const get = await api('GET', `${INBREEDING}?germplasmDbId=${id('6')}&germplasmDbId=${id('K')}`);
    expect(get.json.result).to.deep.equal(post.json.result);
    const inbred = await api('GET', `${INBREEDING}?germplasmDbId=${id('6')}&method=inbred`);
    expect(inbred.json.result.data.map((r: any) => r.inbreeding)).to.deep.equal([1, 1, 1, 1, 1, 1]);
  });

  it('inbreeding as CSV', async () => {
    const res = await api('GET', `${INBREEDING}?germplasmDbId=${id('5')}&format=csv`);
    expect(res.status, res.text).to.equal(200);
    expect(res.headers.get('content-type')).to.match(/^text\/csv/);
    const rows: string[][] = parse(res.text);
    expect(rows[0]).to.deep.equal(['germplasmDbId', 'germplasmName', 'inbreeding']);
    expect(rows.find((r) => r[0] === id('5'))).to.deep.equal([id('5'), 'M5', '0.125']);
  });

  it('A-inverse of Mrode\'s pedigree: JSON triplets equal the worked example; the clone shares its parent\'s row', async () => {
    const res = await api('POST', INVERSE, { germplasmDbIds: [id('6'), id('K')] });
    expect(res.status, res.text).to.equal(200);
    const { germplasm, triplets, rows } = res.json.result;
    expect(rows).to.equal(6);
    const row = (n: string) => germplasm.find((g: any) => g.germplasmDbId === id(n)).row;
    expect(germplasm.find((g: any) => g.germplasmDbId === id('K'))).to.deep.include({ row: row('5'), identicalTo: id('5'), inbreeding: 0.125 });
    // Parents before children.
    expect(['1', '2', '3', '4', '5', '6'].map(row)).to.deep.equal([1, 2, 3, 4, 5, 6]);
    expect(triplets.length).to.equal(MRODE_INVERSE.length);
    const cell = new Map(triplets.map(([r, c, v]: number[]) => [`${r},${c}`, v]));
    for (const [x, y, value] of MRODE_INVERSE) expect(cell.get(`${row(x)},${row(y)}`), `(${x},${y})`).to.be.closeTo(value, 1e-9);
  });

  it('A-inverse as CSV triplets, the germplasm table, and an ASReml .giv file', async () => {
    const query = `germplasmDbId=${id('6')}`;
    const json = (await api('GET', `${INVERSE}?${query}`)).json.result;
    const csv = await api('GET', `${INVERSE}?${query}`, undefined, { accept: 'text/csv' });
    expect(csv.status, csv.text).to.equal(200);
    const rows: string[][] = parse(csv.text);
    expect(rows[0]).to.deep.equal(['row', 'column', 'value']);
    expect(rows.slice(1).map((r) => r.map(Number))).to.deep.equal(json.triplets);
    const order: string[][] = parse((await api('GET', `${INVERSE}?${query}&format=tsv&table=germplasm`)).text, { delimiter: '\t' });
    expect(order[0]).to.deep.equal(['row', 'germplasmDbId', 'germplasmName', 'inbreeding', 'identicalTo']);
    expect(order.slice(1).map((r) => [Number(r[0]), r[1]])).to.deep.equal(json.germplasm.map((g: any) => [g.row, g.germplasmDbId]));
    const giv = await api('GET', `${INVERSE}?${query}&format=giv`);
    expect(giv.status, giv.text).to.equal(200);
    expect(giv.headers.get('content-type')).to.match(/^text\/plain/);
    expect(giv.headers.get('content-disposition')).to.include('.giv');
    const lines = giv.text.trim().split('\n').map((l) => l.split(' ').map(Number));
    expect(lines).to.deep.equal(json.triplets);
    expect(giv.text.split('\n')[0]).to.equal(`1 1 ${11 / 6}`);
  });

  it('three POPULATION parents count 1/3 each, in A-inverse and in the kinship extension (no parent left out)', async () => {
    const kin = await api('POST', '/extensions/kinship', { germplasmDbIds: [id('X'), id('1'), id('4')] });
    expect(kin.status, kin.text).to.equal(200);
    // a(X,1) = (a(1,1) + a(2,1) + a(4,1))/3 = (1 + 0 + 1/2)/3 = 1/2; a(X,4) = (1/2 + 0 + 1)/3 = 1/2;
    // F(X) = mean f over the pairs {1,2}, {1,4}, {2,4} = (0 + 1/4 + 0)/3 = 1/12.
    expect(kin.json.result.relationship[0][1]).to.be.closeTo(0.5, 1e-12);
    expect(kin.json.result.relationship[0][2]).to.be.closeTo(0.5, 1e-12);
    expect(kin.json.result.inbreeding[0]).to.be.closeTo(1 / 12, 1e-12);
    expect(kin.json.metadata.status.filter((s: any) => s.messageType === 'WARNING')).to.deep.equal([]);
    const inv = (await api('POST', INVERSE, { germplasmDbIds: [id('X')] })).json.result;
    expect(inv.germplasm.find((g: any) => g.germplasmDbId === id('X')).inbreeding).to.be.closeTo(1 / 12, 1e-12);
    const row = (n: string) => inv.germplasm.find((g: any) => g.germplasmDbId === id(n)).row;
    const cell = new Map(inv.triplets.map(([r, c, v]: number[]) => [`${r},${c}`, v]));
    // d(X) = 1 + F - w'Aw = 1 + 1/12 - (3 + 2 * 1/2)/9 = 13/12 - 4/9 = 23/36; (X,1) = -1/3 / d.
    expect(cell.get(`${row('X')},${row('X')}`)).to.be.closeTo(36 / 23, 1e-9);
    expect(cell.get(`${row('X')},${row('1')}`)).to.be.closeTo(-12 / 23, 1e-9);
  });

  it('generations of Mrode\'s pedigree, JSON and CSV', async () => {
    const res = await api('GET', `/extensions/generations?germplasmDbId=${id('6')}`);
    expect(res.status, res.text).to.equal(200);
    const by = Object.fromEntries(res.json.result.data.map((g: any) => [g.germplasmDbId.slice(run.length + 1), g]));
    const pick = (n: string) => [by[n].maxGenerations, by[n].completeGenerations, by[n].equivalentGenerations, by[n].generationCode];
    // 3 = 1 x 2: F1. 4 has one parent: 1 generation, none complete, ECG 1/2. 5 = 4 x 3: max 2, complete 1 + min(0, 1),
    // ECG (1 + 1/2)/2 + (1 + 1)/2 = 7/4. 6 = 5 x 2: max 3, complete 1 + min(1, 0), ECG (1 + 7/4)/2 + 1/2 = 15/8.
    expect(['1', '3', '4', '5', '6'].map(pick)).to.deep.equal([
      [0, 0, 0, null], [1, 1, 1, 'F1'], [1, 0, 0.5, null], [2, 1, 1.75, 'F1'], [3, 1, 1.875, 'F1'],
    ]);
    // PCI of 3: each side knows its parent only, C = 1/5 each: 2 (1/5)(1/5) / (2/5) = 1/5.
    expect(by['3'].completeness).to.be.closeTo(0.2, 1e-12);
    const csv: string[][] = parse((await api('GET', `/extensions/generations?germplasmDbId=${id('3')}&format=csv`)).text);
    expect(csv[0]).to.deep.equal(['germplasmDbId', 'germplasmName', 'maxGenerations', 'completeGenerations', 'equivalentGenerations', 'completeness', 'generationCode']);
    const row = csv.find((r) => r[0] === id('3'))!;
    expect([...row.slice(2, 5), row[6]]).to.deep.equal(['1', '1', '1', 'F1']);
    expect(Number(row[5])).to.be.closeTo(0.2, 1e-12);
  });

  it('no germplasm named: the whole database', async () => {
    const all = await api('GET', '/germplasm?pageSize=1');
    const res = await api('POST', INBREEDING, {});
    expect(res.status, res.text).to.equal(200);
    expect(res.json.result.germplasmCount).to.equal(all.json.metadata.pagination.totalCount);
    expect(res.json.result.data.find((r: any) => r.germplasmDbId === id('6')).inbreeding).to.equal(0.125);
  });

  it('a POST here is a read: no token needed while reads are public', async () => {
    for (const path of [INBREEDING, INVERSE]) {
      const res = await api('POST', path, { germplasmDbIds: [id('3')] }, { authorization: '' });
      expect(res.status, res.text).to.equal(200);
    }
  });

  it('bad requests: 400 naming the problem; unknown DbIds: 404 naming them', async () => {
    const cases: Array<[string, string, unknown, number, RegExp]> = [
      ['POST', INVERSE, { germplasmDbIds: [] }, 400, /at least one/],
      ['POST', INVERSE, { germplasmDbIds: 'abc' }, 400, /germplasmDbIds/],
      ['POST', INBREEDING, [id('3')], 400, /object/],
      ['POST', INBREEDING, { method: 'genomic' }, 400, /method/],
      ['GET', `${INBREEDING}?format=giv`, undefined, 400, /format/],
      ['GET', `${INVERSE}?format=xml`, undefined, 400, /format/],
      ['GET', `${INVERSE}?table=matrix`, undefined, 400, /table/],
      ['GET', `${INVERSE}?format=giv&table=germplasm`, undefined, 400, /giv/],
      ['POST', INVERSE, { germplasmDbIds: [id('3'), id('nope')] }, 404, new RegExp(id('nope'))],
    ];
    for (const [method, path, body, status, message] of cases) {
      const res = await api(method, path, body);
      expect(res.status, `${method} ${path} ${JSON.stringify(body)}`).to.equal(status);
      expect(res.text).to.match(message);
    }
    const put = await api('PUT', INVERSE, {});
    expect(put.status).to.equal(405);
  });

  it('random SoyBase subsets: A-inverse (with ancestors) times the kinship extension\'s A is the identity', async () => {
    const candidates = (await api('GET', '/germplasm?pageSize=5000&page=1')).json.result.data.map((g: any) => g.germplasmDbId as string);
    const random = mulberry32(19);
    let checked = 0;
    for (let attempt = 0; attempt < 40 && checked < 4; attempt++) {
      const subset = [0, 1, 2].map(() => candidates[Math.floor(random() * candidates.length)]);
      const inv = (await api('POST', INVERSE, { germplasmDbIds: subset })).json.result;
      // The kinship extension takes up to 500 germplasm; larger ancestries are skipped, tiny ones prove little.
      if (inv.germplasm.length > 400 || inv.germplasm.length < 12) continue;
      const firsts = inv.germplasm.filter((g: any) => g.identicalTo === null);
      expect(firsts.map((g: any) => g.row)).to.deep.equal(firsts.map((_: unknown, i: number) => i + 1));
      const ids = firsts.map((g: any) => g.germplasmDbId);
      const kin = await api('POST', '/extensions/kinship', { germplasmDbIds: ids });
      expect(kin.status, kin.text).to.equal(200);
      expect(kin.json.result.ancestorCount).to.equal(inv.germplasm.length - ids.length);
      const A: number[][] = kin.json.result.relationship;
      const n = ids.length;
      const M = Array.from({ length: n }, () => new Array<number>(n).fill(0));
      for (const [r, c, v] of inv.triplets) M[r - 1][c - 1] = M[c - 1][r - 1] = v;
      for (let i = 0; i < n; i++) {
        for (let j = 0; j < n; j++) {
          let sum = 0;
          for (let k = 0; k < n; k++) sum += M[i][k] * A[k][j];
          if (Math.abs(sum - (i === j ? 1 : 0)) > 1e-9) expect.fail(`(A-inverse A)[${ids[i]}][${ids[j]}] = ${sum} for subset ${subset.join(', ')}`);
        }
      }
      checked++;
    }
    expect(checked).to.equal(4);
  });
});
