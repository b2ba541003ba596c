// The kinship extension over HTTP: a small hand-built pedigree with values worked out by hand, the CSV form, the
// error cases, and SoyBase cultivars whose stored pedigrees are read through GET /pedigree to derive expected values.
import { expect } from 'chai';
import { parse } from 'csv-parse/sync';
import { api } from '../support/server.js';
import { removeRun } from '../support/graph.js';
import { runIds } from '../support/run-ids.js';

const { run, id, ref } = runIds('kin-');
const PATH = '/extensions/kinship';

// F1..F4 founders; A = F1 x F2 and B = F1 x F3 are half sibs; C = A x B; S = C selfed; BC = C x F2; K is a clone
// of A; P a POPULATION selection from F4.
const TREE = [
  ...['F1', 'F2', 'F3', 'F4'].map((n) => ({ germplasmDbId: id(n), germplasmName: n })),
  { germplasmDbId: id('A'), germplasmName: 'A', parents: [ref('F1', 'FEMALE'), ref('F2', 'MALE')] },
  { germplasmDbId: id('B'), germplasmName: 'B', parents: [ref('F1', 'FEMALE'), ref('F3', 'MALE')] },
  { germplasmDbId: id('C'), germplasmName: 'C', parents: [ref('A', 'FEMALE'), ref('B', 'MALE')] },
  { germplasmDbId: id('S'), germplasmName: 'S', parents: [ref('C', 'SELF')] },
  { germplasmDbId: id('BC'), germplasmName: 'BC', parents: [ref('C', 'FEMALE'), ref('F2', 'MALE')] },
  { germplasmDbId: id('K'), germplasmName: 'K', parents: [ref('A', 'CLONAL')] },
  { germplasmDbId: id('P'), germplasmName: 'P', parents: [ref('F4', 'POPULATION')] },
];
const ORDER = ['C', 'S', 'A', 'B', 'BC', 'F2', 'K', 'P', 'F4'];

async function kinship(ids: string[], method?: string) {
  const res = await api('POST', PATH, { germplasmDbIds: ids, ...(method ? { method } : {}) });
  expect(res.status, res.text).to.equal(200);
  return res.json.result;
}

/** The result's matrix as a lookup by short name, after the checks every answer must pass. */
function lookup(result: any, short: (dbId: string) => string = (d) => d.slice(run.length + 1)) {
  const ids: string[] = result.germplasmDbIds;
  ids.forEach((_, i) => {
    expect(result.relationship[i][i]).to.equal(1 + result.inbreeding[i]);
    ids.forEach((__, j) => {
      expect(result.coancestry[i][j]).to.equal(result.coancestry[j][i]);
      expect(result.relationship[i][j]).to.equal(2 * result.coancestry[i][j]);
      expect(result.relationship[i][j]).to.be.within(0, 2);
    });
  });
  const at = (x: string) => ids.map(short).indexOf(x);
  return {
    a: (x: string, y: string) => result.relationship[at(x)][at(y)] as number,
    f: (x: string, y: string) => result.coancestry[at(x)][at(y)] as number,
    F: (x: string) => result.inbreeding[at(x)] as number,
  };
}

describe('kinship extension', () => {
  after(() => removeRun(run));
  before(async () => {
    const res = await api('POST', '/pedigree', TREE);
    expect(res.status, res.text).to.equal(200);
  });

  it('pedigree method: the relationship matrix of a hand-built pedigree', async () => {
    const result = await kinship(ORDER.map(id));
    expect(result.method).to.equal('pedigree');
    expect(result.germplasmDbIds).to.deep.equal(ORDER.map(id));
    expect(result.germplasmNames).to.deep.equal(ORDER);
    // Besides the nine requested: F1 and F3.
    expect(result.ancestorCount).to.equal(2);
    const { a, F } = lookup(result);
    // Half sibs: f(A,B) = (f(F1,B) + f(F2,B))/2 = ((1/2 + 0)/2 + 0)/2 = 1/8, a = 1/4.
    expect(a('A', 'B')).to.equal(0.25);
    // F(C) = f(A,B) = 1/8; a(C,C) = 9/8.
    expect(F('C')).to.equal(0.125);
    expect(a('C', 'C')).to.equal(1.125);
    // S = C selfed: f(S,S) = (1 + f(C,C))/2 = (1 + 9/16)/2 = 25/32, F = 9/16; a(S,C) = 2 f(C,C) = 9/8.
    expect(F('S')).to.equal(0.5625);
    expect(a('S', 'C')).to.equal(1.125);
    // BC = C x F2: f(C,F2) = (f(A,F2) + f(B,F2))/2 = (1/4 + 0)/2 = 1/8 = F(BC); f(BC,F2) = (1/8 + 1/2)/2 = 5/16, a = 5/8.
    expect(F('BC')).to.equal(0.125);
    expect(a('BC', 'F2')).to.equal(0.625);
    // K, a clone of A: a(K,A) = 2 f(A,A) = 1; a(K,B) = a(A,B) = 1/4.
    expect(a('K', 'A')).to.equal(1);
    expect(a('K', 'B')).to.equal(0.25);
    // P from a population of F4: F4 and an unknown parent, a(P,F4) = 1/2.
    expect(a('P', 'F4')).to.equal(0.5);
    expect(a('P', 'C')).to.equal(0);
  });

  it('inbred method: the coefficient of parentage of the same pedigree', async () => {
    const { f, F } = lookup(await kinship(ORDER.map(id), 'inbred'));
    // Every line inbred: f(i,i) = 1, F = 1. f(A,B) = (f(F1,B) + f(F2,B))/2 = ((1 + 0)/2 + 0)/2 = 1/4.
    expect(F('C')).to.equal(1);
    expect(f('A', 'B')).to.equal(0.25);
    // f(C,A) = (f(A,A) + f(B,A))/2 = (1 + 1/4)/2 = 5/8; a selection from a self is its parent: f(S,C) = 1.
    expect(f('C', 'A')).to.equal(0.625);
    expect(f('S', 'C')).to.equal(1);
    // f(C,F2) = (1/2 + 0)/2 = 1/4; f(BC,F2) = (1/4 + 1)/2 = 5/8.
    expect(f('BC', 'F2')).to.equal(0.625);
  });

  it('GET takes repeated germplasmDbId parameters and the method', async () => {
    const query = ['A', 'B', 'A'].map((n) => `germplasmDbId=${encodeURIComponent(id(n))}`).join('&');
    const res = await api('GET', `${PATH}?${query}&method=inbred`);
    expect(res.status, res.text).to.equal(200);
    // Request order, duplicates removed (and said so).
    expect(res.json.result.germplasmDbIds).to.deep.equal([id('A'), id('B')]);
    expect(res.json.result.coancestry).to.deep.equal([[1, 0.25], [0.25, 1]]);
    expect(res.json.metadata.status.map((s: any) => s.messageType)).to.include('INFO');
  });

  it('CSV (Accept or format=csv): a square matrix with DbIds and names', async () => {
    const ids = ['C', 'A', 'B'].map(id);
    const json = (await kinship(ids)).relationship;
    const byAccept = await api('POST', `${PATH}?matrix=relationship`, { germplasmDbIds: ids }, { accept: 'text/csv' });
    const byFormat = await api('GET', `${PATH}?${ids.map((i) => `germplasmDbId=${i}`).join('&')}&format=csv&matrix=relationship`);
    for (const res of [byAccept, byFormat]) {
      expect(res.status, res.text).to.equal(200);
      expect(res.headers.get('content-type')).to.match(/^text\/csv/);
      const rows: string[][] = parse(res.text);
      expect(rows[0]).to.deep.equal(['germplasmDbId', 'germplasmName', ...ids]);
      expect(rows.slice(1).map((r) => r.slice(0, 2))).to.deep.equal([[ids[0], 'C'], [ids[1], 'A'], [ids[2], 'B']]);
      expect(rows.slice(1).map((r) => r.slice(2).map(Number))).to.deep.equal(json);
    }
    // The default CSV matrix is the coancestry.
    const coancestry: string[][] = parse((await api('POST', `${PATH}?format=csv`, { germplasmDbIds: ids })).text);
    expect(coancestry[1].slice(2).map(Number)).to.deep.equal(json[0].map((x: number) => x / 2));
  });

  it('a POST here is a read: no token needed while reads are public', async () => {
    const res = await api('POST', PATH, { germplasmDbIds: [id('A')] }, { authorization: '' });
    expect(res.status, res.text).to.equal(200);
  });

  it('is not listed by /serverinfo; other methods are 405', async () => {
    const info = await api('GET', '/serverinfo');
    expect(info.json.result.calls.map((c: any) => c.service)).to.not.include('extensions/kinship');
    const put = await api('PUT', PATH, {});
    expect(put.status).to.equal(405);
  });

  it('unknown DbIds: 404 naming them', async () => {
    const res = await api('POST', PATH, { germplasmDbIds: [id('A'), id('nope1'), id('nope2')] });
    expect(res.status).to.equal(404);
    expect(res.text).to.include(id('nope1')).and.include(id('nope2')).and.not.include(`"${id('A')}"`);
  });

  it('bad requests: 400 naming the problem', async () => {
    const cases: Array<[string, string, unknown, RegExp]> = [
      ['POST', PATH, { germplasmDbIds: [] }, /at least one/],
      ['POST', PATH, {}, /germplasmDbIds/],
      ['POST', PATH, { germplasmDbIds: 'abc' }, /germplasmDbIds/],
      ['POST', PATH, { germplasmDbIds: [1, 2] }, /germplasmDbIds/],
      ['POST', PATH, [id('A')], /object/],
      ['POST', PATH, { germplasmDbIds: Array.from({ length: 501 }, (_, i) => `x${i}`) }, /at most 500/],
      ['POST', PATH, { germplasmDbIds: [id('A')], method: 'genomic' }, /method/],
      ['GET', PATH, undefined, /germplasmDbId/],
      ['GET', `${PATH}?germplasmDbId=${id('A')}&format=xml`, undefined, /format/],
      ['GET', `${PATH}?germplasmDbId=${id('A')}&matrix=dominance`, undefined, /matrix/],
    ];
    for (const [method, path, body, message] of cases) {
      const res = await api(method, path, body);
      expect(res.status, `${method} ${path} ${JSON.stringify(body)?.slice(0, 60)}`).to.equal(400);
      expect(res.text).to.match(message);
    }
  });

  describe('on SoyBase', () => {
    /** Parents of every germplasm in the stored ancestry of `dbId`, read through GET /pedigree. */
    async function ancestry(dbId: string): Promise<Map<string, Array<{ germplasmDbId: string; parentType: string }>>> {
      const res = await api('GET', `/pedigree?germplasmDbId=${dbId}&pedigreeDepth=50&progenyDepth=0&includeProgeny=false`);
      expect(res.status, res.text).to.equal(200);
      return new Map(res.json.result.data.map((n: any) => [n.germplasmDbId, n.parents]));
    }

    /** Lengths of every path (in generations) from `from` up to each ancestor. */
    function paths(parents: Map<string, Array<{ germplasmDbId: string }>>, from: string): Map<string, number[]> {
      const found = new Map<string, number[]>();
      const walk = (node: string, depth: number) => {
        found.set(node, [...(found.get(node) ?? []), depth]);
        for (const p of parents.get(node) ?? []) walk(p.germplasmDbId, depth + 1);
      };
      walk(from, 0);
      return found;
    }

    it('Williams 82 and its stored parents', async () => {
      // The stored parents: FEMALE "Williams 7" (SoyBase's name for the recurrent parent of the backcross; a germplasm
      // of its own without parents) and MALE Kingwa, whose only known parent is Peking.
      const stored = await ancestry('soy-williams-82');
      const parents = stored.get('soy-williams-82')!;
      const female = parents.find((p) => p.parentType === 'FEMALE')!.germplasmDbId;
      const male = parents.find((p) => p.parentType === 'MALE')!.germplasmDbId;
      expect([female, male]).to.deep.equal(['soy-williams-7', 'soy-kingwa']);
      expect(stored.get(female)).to.deep.equal([]);
      expect(stored.get(male)!.length).to.equal(1);
      // So: the parents share no ancestor, f(W7,Kingwa) = 0; neither is inbred (no parents / one known parent).
      // a(W82,W7) = (a(W7,W7) + a(Kingwa,W7))/2 = (1 + 0)/2 = 1/2, likewise a(W82,Kingwa) = 1/2; F(W82) = f(W7,Kingwa) = 0.
      // COP (inbred): f(W82,W7) = (1 + 0)/2 = 1/2.
      const ids = ['soy-williams-82', female, male];
      const { a, F } = lookup(await kinship(ids), (d) => d);
      expect(a('soy-williams-82', female)).to.equal(0.5);
      expect(a('soy-williams-82', male)).to.equal(0.5);
      expect(a(female, male)).to.equal(0);
      expect([F('soy-williams-82'), F(female), F(male)]).to.deep.equal([0, 0, 0]);
      const cop = lookup(await kinship(ids, 'inbred'), (d) => d);
      expect(cop.f('soy-williams-82', female)).to.equal(0.5);
    });

    it('Essex: inbreeding from one common ancestor of its parents (Wright: 1/32)', async () => {
      // Essex = Lee x S5-7075. Their only common ancestors are C.N.S. and the ancestors above it (reached only through
      // it), on one path of 1 generation from Lee and one of 3 from S5-7075; C.N.S. has one known parent, so F = 0.
      // F(Essex) = (1/2)^(1 + 3 + 1) (1 + 0) = 1/32; f(Essex,Lee) = (f(Lee,Lee) + f(S5-7075,Lee))/2 = (1/2 + 1/32)/2 = 17/64.
      const stored = await ancestry('soy-essex');
      const [lee, s5] = ['soy-lee', 'soy-s5-7075'];
      expect(stored.get('soy-essex')!.map((p) => p.germplasmDbId).sort()).to.deep.equal([lee, s5]);
      const fromLee = paths(stored, lee);
      const fromS5 = paths(stored, s5);
      const common = [...fromLee.keys()].filter((k) => fromS5.has(k));
      const cns = 'soy-c-n-s';
      expect(fromLee.get(cns)).to.deep.equal([1]);
      expect(fromS5.get(cns)).to.deep.equal([3]);
      expect(stored.get(cns)!.length).to.equal(1);
      // Every other common ancestor is above C.N.S.
      expect(common.filter((c) => c !== cns).every((c) => paths(stored, cns).has(c))).to.equal(true);

      const { a, F } = lookup(await kinship(['soy-essex', lee, s5]), (d) => d);
      expect(F('soy-essex')).to.equal(1 / 32);
      expect(a('soy-essex', lee)).to.equal(2 * (17 / 64));
    });
    // A larger set (60 SoyBase germplasm, both methods) is compared value by value with sgkit in pedigree-reference.test.ts.
  });
});
