// Two germplasm side by side over HTTP: hand-built pedigrees with values worked out by hand (full sibs, half sibs, a
// backcross, unrelated germplasm, one the ancestor of the other, a germplasm with itself), the coefficient of
// parentage of every pair worked out by hand, the errors, and SoyBase pairs checked against their stored parents.
import { expect } from 'chai';
import { api } from '../support/server.js';
import { expectServedResponse } from '../support/schema.js';
import { removeRun } from '../support/graph.js';
import { runIds } from '../support/run-ids.js';

const { run, id, ref } = runIds('cmp-');
const short = (dbId: string) => dbId.slice(run.length + 1);
const PATH = '/extensions/germplasm-comparison';

// F1, F2, F3 founders; FS1 and FS2 = F1 x F2 (full sibs); H = F1 x F3 (a half sib of both); BC = FS1 x F1 (a
// backcross to F1); G = FS1 selfed, GG = G selfed; U a founder joined to nothing.
const TREE = [
  ...['F1', 'F2', 'F3', 'U'].map((n) => ({ germplasmDbId: id(n), germplasmName: n })),
  { germplasmDbId: id('FS1'), germplasmName: 'FS1', parents: [ref('F1', 'FEMALE'), ref('F2', 'MALE')] },
  { germplasmDbId: id('FS2'), germplasmName: 'FS2', parents: [ref('F1', 'FEMALE'), ref('F2', 'MALE')] },
  { germplasmDbId: id('H'), germplasmName: 'H', parents: [ref('F1', 'FEMALE'), ref('F3', 'MALE')] },
  { germplasmDbId: id('BC'), germplasmName: 'BC', parents: [ref('FS1', 'FEMALE'), ref('F1', 'MALE')] },
  { germplasmDbId: id('G'), germplasmName: 'G', parents: [ref('FS1', 'SELF')] },
  { germplasmDbId: id('GG'), germplasmName: 'GG', parents: [ref('G', 'SELF')] },
];

async function compare(a: string, b: string, method?: string) {
  const res = await api('GET', `${PATH}?germplasmDbIds=${encodeURIComponent(a)},${encodeURIComponent(b)}${method ? `&method=${method}` : ''}`);
  expect(res.status, res.text).to.equal(200);
  await expectServedResponse('get', PATH, 200, res.json);
  return res.json.result;
}

/** Common ancestors as [short name, generations from first, from second, most recent]. */
const ancestorsOf = (result: any) => result.commonAncestors.map((c: any) => [short(c.germplasmDbId), c.generationsFromFirst, c.generationsFromSecond, c.mostRecent]);
const steps = (result: any) => result.path.steps.map((s: any) => `${short(s.fromDbId)} ${s.direction} ${short(s.toDbId)} ${s.parentType}`);

/** The coefficient of coancestry of the pair as POST /extensions/kinship answers it. */
async function kinship(a: string, b: string, method = 'pedigree'): Promise<number> {
  const res = await api('POST', '/extensions/kinship', { germplasmDbIds: [a, b], method });
  expect(res.status, res.text).to.equal(200);
  return a === b ? res.json.result.coancestry[0][0] : res.json.result.coancestry[0][1];
}

describe('germplasm comparison extension', () => {
  after(() => removeRun(run));
  before(async () => {
    const res = await api('POST', '/pedigree', TREE);
    expect(res.status, res.text).to.equal(200);
  });

  it('full sibs: both parents are most recent common ancestors; f = 1/4 (pedigree), 1/2 (inbred)', async () => {
    const result = await compare(id('FS1'), id('FS2'));
    expect(result.germplasm.map((g: any) => g.germplasmName)).to.deep.equal(['FS1', 'FS2']);
    expect(ancestorsOf(result)).to.deep.equal([['F1', 1, 1, true], ['F2', 1, 1, true]]);
    expect(result.commonAncestorCount).to.equal(2);
    // f(FS1,FS2) = (f(F1,FS2) + f(F2,FS2))/2, f(F1,FS2) = (f(F1,F1) + f(F1,F2))/2 = (1/2 + 0)/2 = 1/4; so 1/4.
    expect(result.coefficientOfParentage).to.equal(0.25);
    expect(result.relationship).to.equal(0.5);
    expect(result.method).to.equal('pedigree');
    // Inbred: f(F1,FS2) = (1 + 0)/2 = 1/2, so 1/2.
    expect((await compare(id('FS1'), id('FS2'), 'inbred')).coefficientOfParentage).to.equal(0.5);
    // Through either parent: two steps, up then down.
    expect(result.path.length).to.equal(2);
    expect(result.path.steps.map((s: any) => s.direction)).to.deep.equal(['PARENT', 'CHILD']);
    expect(['F1', 'F2']).to.include(short(result.path.germplasm[1].germplasmDbId));
    expect(result.path.germplasm.map((g: any) => short(g.germplasmDbId)).filter((_: string, i: number) => i !== 1)).to.deep.equal(['FS1', 'FS2']);
  });

  it('half sibs: the shared parent alone; f = 1/8 (pedigree), 1/4 (inbred)', async () => {
    const result = await compare(id('FS1'), id('H'));
    expect(ancestorsOf(result)).to.deep.equal([['F1', 1, 1, true]]);
    expect(steps(result)).to.deep.equal(['FS1 PARENT F1 FEMALE', 'F1 CHILD H FEMALE']);
    expect(result.coefficientOfParentage).to.equal(0.125);
    expect((await compare(id('FS1'), id('H'), 'inbred')).coefficientOfParentage).to.equal(0.25);
  });

  it('a backcross and its recurrent parent: the parent itself; f = 3/8 (pedigree), 3/4 (inbred)', async () => {
    const result = await compare(id('BC'), id('F1'));
    // F1 is BC's MALE parent (1 generation) and its grandparent through FS1 (2): the fewest count.
    expect(ancestorsOf(result)).to.deep.equal([['F1', 1, 0, true]]);
    expect(steps(result)).to.deep.equal(['BC PARENT F1 MALE']);
    // f(BC,F1) = (f(FS1,F1) + f(F1,F1))/2 = (1/4 + 1/2)/2 = 3/8; inbred: (1/2 + 1)/2 = 3/4 (BC1 with its recurrent parent).
    expect(result.coefficientOfParentage).to.equal(0.375);
    expect((await compare(id('BC'), id('F1'), 'inbred')).coefficientOfParentage).to.equal(0.75);
  });

  it('unrelated: no common ancestor and f = 0; the path goes through a shared child, or there is none', async () => {
    // F1 and F3 are founders, both parents of H.
    const parents = await compare(id('F1'), id('F3'));
    expect(parents.commonAncestors).to.deep.equal([]);
    expect(parents.coefficientOfParentage).to.equal(0);
    expect(steps(parents)).to.deep.equal(['F1 CHILD H FEMALE', 'H PARENT F3 MALE']);
    // U is joined to nothing: no path, said so.
    const res = await api('GET', `${PATH}?germplasmDbIds=${id('U')},${id('FS1')}`);
    expect(res.status, res.text).to.equal(200);
    await expectServedResponse('get', PATH, 200, res.json);
    expect(res.json.result.path).to.equal(null);
    expect(res.json.result.commonAncestors).to.deep.equal([]);
    expect(res.json.result.coefficientOfParentage).to.equal(0);
    expect(res.json.metadata.status.map((s: any) => s.message).join(' ')).to.match(/No chain of parent relationships/);
  });

  it('one the ancestor of the other: it is their most recent common ancestor, those above it are not', async () => {
    const result = await compare(id('FS1'), id('GG'));
    expect(ancestorsOf(result)).to.deep.equal([['FS1', 0, 2, true], ['F1', 1, 3, false], ['F2', 1, 3, false]]);
    expect(steps(result)).to.deep.equal(['FS1 CHILD G SELF', 'G CHILD GG SELF']);
    // A self of P is P's gametes: f(GG,FS1) = f(G,FS1) = f(FS1,FS1) = (1 + f(F1,F2))/2 = 1/2; inbred: 1.
    expect(result.coefficientOfParentage).to.equal(0.5);
    expect((await compare(id('FS1'), id('GG'), 'inbred')).coefficientOfParentage).to.equal(1);
    // The other way round: generations swap, the path reverses.
    const back = await compare(id('GG'), id('FS1'));
    expect(ancestorsOf(back)).to.deep.equal([['FS1', 2, 0, true], ['F1', 3, 1, false], ['F2', 3, 1, false]]);
    expect(steps(back)).to.deep.equal(['GG PARENT G SELF', 'G PARENT FS1 SELF']);
  });

  it('a germplasm with itself: itself at generation 0, a path of length 0, f = f(i,i)', async () => {
    const result = await compare(id('G'), id('G'));
    expect(ancestorsOf(result)).to.deep.equal([['G', 0, 0, true], ['FS1', 1, 1, false], ['F1', 2, 2, false], ['F2', 2, 2, false]]);
    expect(result.path).to.deep.equal({ length: 0, germplasm: [{ germplasmDbId: id('G'), germplasmName: 'G' }], steps: [] });
    // f(G,G) = (1 + f(FS1,FS1))/2 = (1 + 1/2)/2 = 3/4 (F = 1/2 after one selfing); inbred: 1.
    expect(result.coefficientOfParentage).to.equal(0.75);
    expect((await compare(id('G'), id('G'), 'inbred')).coefficientOfParentage).to.equal(1);
  });

  it('the coefficient of parentage of every pair, both methods, as worked out by hand', async () => {
    // The tabular method (Emik & Terrill 1949): f(i,j) = (f(s,j) + f(d,j))/2 for j not a descendant of i, with s, d
    // the parents of i; a self of P has both gametes from P, so f(i,j) = f(P,j) and f(i,i) = (1 + f(P,P))/2.
    // pedigree (founders F1, F2, F3 non-inbred: f(Fk,Fk) = 1/2, unrelated: 0), in sixteenths:
    //   f(F1,FS1) = f(F1,FS2) = f(F1,H) = (1/2 + 0)/2 = 4/16; f(FS1,FS1) = f(FS2,FS2) = f(H,H) = (1 + f(F1,F2 or F3))/2 = 8/16
    //   f(FS1,FS2) = (f(F1,FS2) + f(F2,FS2))/2 = (4 + 4)/2 = 4/16; f(FS1,H) = (f(F1,FS1) + f(F3,FS1))/2 = 2/16, f(FS2,H) = 2/16
    //   BC = FS1 x F1: f(BC,F1) = (f(FS1,F1) + f(F1,F1))/2 = (4 + 8)/2 = 6/16; f(BC,FS1) = (8 + 4)/2 = 6/16;
    //   f(BC,FS2) = (4 + 4)/2 = 4/16; f(BC,H) = (2 + 4)/2 = 3/16; f(BC,BC) = (1 + f(FS1,F1))/2 = (16 + 4)/32 = 10/16
    //   G = FS1 selfed: f(G,x) = f(FS1,x): F1 4, FS1 8, FS2 4, H 2, BC 6; f(G,G) = (1 + 1/2)/2 = 12/16
    //   GG = G selfed: f(GG,x) = f(G,x): F1 4, FS1 8, FS2 4, H 2, BC 6, G 12; f(GG,GG) = (1 + 3/4)/2 = 14/16
    // inbred (Cox et al. 1985: every line fully inbred, f(i,i) = 1; a self of P is P), in eighths:
    //   f(F1,FS1) = (1 + 0)/2 = 4/8 (also FS2, H); f(FS1,FS2) = (4 + 4)/2 = 4/8; f(FS1,H) = (f(F1,FS1) + 0)/2 = 2/8 (FS2 too)
    //   f(BC,F1) = (f(FS1,F1) + 1)/2 = (4 + 8)/2 = 6/8; f(BC,FS1) = (8 + 4)/2 = 6/8; f(BC,FS2) = (4 + 4)/2 = 4/8;
    //   f(BC,H) = (2 + 4)/2 = 3/8; G and GG are FS1 again: FS1's row, and 8/8 with FS1, G and GG
    const names = ['F1', 'FS1', 'FS2', 'H', 'BC', 'G', 'GG'];
    const expected: Record<string, { unit: number; table: number[][] }> = {
      pedigree: {
        unit: 16,
        table: [
          //  F1 FS1 FS2  H  BC   G  GG
          [8, 4, 4, 4, 6, 4, 4],
          [4, 8, 4, 2, 6, 8, 8],
          [4, 4, 8, 2, 4, 4, 4],
          [4, 2, 2, 8, 3, 2, 2],
          [6, 6, 4, 3, 10, 6, 6],
          [4, 8, 4, 2, 6, 12, 12],
          [4, 8, 4, 2, 6, 12, 14],
        ],
      },
      inbred: {
        unit: 8,
        table: [
          [8, 4, 4, 4, 6, 4, 4],
          [4, 8, 4, 2, 6, 8, 8],
          [4, 4, 8, 2, 4, 4, 4],
          [4, 2, 2, 8, 3, 2, 2],
          [6, 6, 4, 3, 8, 6, 6],
          [4, 8, 4, 2, 6, 8, 8],
          [4, 8, 4, 2, 6, 8, 8],
        ],
      },
    };
    for (const [method, { unit, table }] of Object.entries(expected)) {
      for (const [i, a] of names.entries()) {
        for (const [j, b] of names.entries()) {
          const result = await compare(id(a), id(b), method);
          expect(result.coefficientOfParentage, `${a} ${b} ${method}`).to.equal(table[i][j] / unit);
        }
      }
    }
  });

  it('names the pair in germplasmDbIds only: a germplasmDbId parameter is ignored with a WARNING', async () => {
    const res = await api('GET', `${PATH}?germplasmDbIds=${id('FS1')},${id('H')}&germplasmDbId=${id('G')}`);
    expect(res.status, res.text).to.equal(200);
    expect(res.json.result.germplasm.map((g: any) => g.germplasmName)).to.deep.equal(['FS1', 'H']);
    expect(res.json.metadata.status.map((s: any) => `${s.messageType} ${s.message}`).join(' ')).to.match(/WARNING.*germplasmDbId/);
  });

  it('DbIds holding a comma: given as the parameter twice, each value is one DbId whole', async () => {
    const [a, b] = [id('comma,1'), id('comma,2')];
    const made = await api('POST', '/pedigree', [
      { germplasmDbId: a, germplasmName: 'comma 1', parents: [ref('F1', 'FEMALE'), ref('F2', 'MALE')] },
      { germplasmDbId: b, germplasmName: 'comma 2', parents: [ref('F1', 'FEMALE'), ref('F3', 'MALE')] },
    ]);
    expect(made.status, made.text).to.equal(200);
    const res = await api('GET', `${PATH}?germplasmDbIds=${encodeURIComponent(a)}&germplasmDbIds=${encodeURIComponent(b)}`);
    expect(res.status, res.text).to.equal(200);
    await expectServedResponse('get', PATH, 200, res.json);
    expect(res.json.result.germplasm.map((g: any) => g.germplasmDbId)).to.deep.equal([a, b]);
    // Half sibs through F1.
    expect(ancestorsOf(res.json.result)).to.deep.equal([['F1', 1, 1, true]]);
    // f = (f(F1,comma 2) + f(F2,comma 2))/2 = ((1/2 + 0)/2 + 0)/2 = 1/8.
    expect(res.json.result.coefficientOfParentage).to.equal(1 / 8);
    // Given once, the value is split at its commas: four DbIds here.
    const once = await api('GET', `${PATH}?germplasmDbIds=${encodeURIComponent(`${a},${b}`)}`);
    expect(once.status, once.text).to.equal(400);
    expect(once.text).to.match(/exactly two values .*; got \["[^"]*","[^"]*","[^"]*","[^"]*"\]\.$/);
  });

  it('bad requests: 400 naming the problem (missing DbId, not exactly two, unknown method); an unknown germplasm is a 404 naming it', async () => {
    const cases: Array<[string, RegExp, number?]> = [
      [PATH, /^Query parameter germplasmDbIds is required \(The two germplasm/],
      [`${PATH}?germplasmDbId=${id('FS1')}&germplasmDbId=${id('FS2')}`, /germplasmDbIds is required/],
      [`${PATH}?germplasmDbIds=${id('FS1')}`, /germplasmDbIds must hold exactly two values .*; got \["[^"]*"\]\.$/],
      [`${PATH}?germplasmDbIds=${id('FS1')},${id('FS2')},${id('H')}`, /exactly two values .*; got \["[^"]*","[^"]*","[^"]*"\]\.$/],
      [`${PATH}?germplasmDbIds=${id('FS1')},`, /germplasmDbIds\[1\] must not be empty/],
      [`${PATH}?germplasmDbIds=${id('FS1')}&germplasmDbIds=${id('H')}&germplasmDbIds=${id('G')}`, /exactly two values .*; got \["[^"]*","[^"]*","[^"]*"\]\.$/],
      [`${PATH}?germplasmDbIds=${id('FS1')},${id('nope')}`, new RegExp(`${id('nope')}`), 404],
      [`${PATH}?germplasmDbIds=${id('nope1')},${id('nope2')}`, new RegExp(`${id('nope1')}.*${id('nope2')}`), 404],
      [`${PATH}?germplasmDbIds=${id('FS1')},${id('FS2')}&method=genomic`, /method/],
    ];
    for (const [path, message, status = 400] of cases) {
      const res = await api('GET', path);
      expect(res.status, path).to.equal(status);
      expect(res.text, path).to.match(message);
    }
  });

  it('is a read: no token needed while reads are public; not listed by /serverinfo', async () => {
    const res = await api('GET', `${PATH}?germplasmDbIds=${id('FS1')},${id('FS2')}`, undefined, { authorization: '' });
    expect(res.status, res.text).to.equal(200);
    const info = await api('GET', '/serverinfo');
    expect(info.json.result.calls.map((c: any) => c.service)).to.not.include('extensions/germplasm-comparison');
    expect((await api('POST', PATH, {})).status).to.equal(405);
  });

  describe('on SoyBase', () => {
    /** Parents of every germplasm in the stored ancestry of `dbId`, read through GET /pedigree. */
    async function stored(dbId: string): Promise<Map<string, string[]>> {
      const res = await api('GET', `/pedigree?germplasmDbId=${dbId}&pedigreeDepth=50&progenyDepth=0&includeProgeny=false`);
      expect(res.status, res.text).to.equal(200);
      return new Map(res.json.result.data.map((n: any) => [n.germplasmDbId, n.parents.map((p: any) => p.germplasmDbId)]));
    }

    /** Every ancestor of `from` (itself included) with the fewest generations to it, by walking every path. */
    function depths(parents: Map<string, string[]>, from: string): Map<string, number> {
      const found = new Map<string, number>();
      const walk = (node: string, depth: number) => {
        if ((found.get(node) ?? Infinity) <= depth) return;
        found.set(node, depth);
        for (const p of parents.get(node) ?? []) walk(p, depth + 1);
      };
      walk(from, 0);
      return found;
    }

    it('Williams 82 and L24A (both Williams 7 x Kingwa): full sibs by their stored parents', async () => {
      const [w82, l24a] = ['soy-williams-82', 'soy-l24a'];
      const parents = [await stored(w82), await stored(l24a)];
      expect(parents[0].get(w82)).to.have.members(['soy-williams-7', 'soy-kingwa']);
      expect(parents[1].get(l24a)).to.have.members(['soy-williams-7', 'soy-kingwa']);
      const result = await compare(w82, l24a);
      const mostRecent = result.commonAncestors.filter((c: any) => c.mostRecent).map((c: any) => c.germplasmDbId);
      expect(mostRecent).to.have.members(['soy-williams-7', 'soy-kingwa']);
      // Williams 7 has no stored parents and Kingwa one (Peking): unrelated, not inbred; f = 1/4 as for full sibs.
      expect(parents[0].get('soy-williams-7')).to.deep.equal([]);
      expect(result.coefficientOfParentage).to.equal(0.25);
    });

    it('Williams 82 and L24 (Williams x Kingwa): common ancestors, generations and path from the stored parents', async () => {
      const [w82, l24] = ['soy-williams-82', 'soy-l24'];
      const [a, b] = [await stored(w82), await stored(l24)];
      expect(b.get(l24)).to.have.members(['soy-williams', 'soy-kingwa']);
      const [fromA, fromB] = [depths(a, w82), depths(b, l24)];
      const common = [...fromA.keys()].filter((k) => fromB.has(k));
      const all = new Map([...a, ...b]);
      // Most recent: not an ancestor (through its stored parents) of another common ancestor.
      const above = new Set(common.flatMap((c) => [...depths(all, c).keys()].filter((k) => k !== c)));
      const expected = common
        .map((c) => [c, fromA.get(c), fromB.get(c), !above.has(c)])
        .sort((x: any, y: any) => x[1] + x[2] - (y[1] + y[2]) || (x[0] < y[0] ? -1 : 1));
      expect(common).to.include('soy-kingwa');
      const result = await compare(w82, l24);
      expect(result.commonAncestors.map((c: any) => [c.germplasmDbId, c.generationsFromFirst, c.generationsFromSecond, c.mostRecent])).to.deep.equal(expected);
      expect(result.commonAncestors.find((c: any) => c.germplasmDbId === 'soy-kingwa')).to.include({ generationsFromFirst: 1, generationsFromSecond: 1, mostRecent: true });
      // The path is as short as through Kingwa, and each step is a stored parent relationship.
      expect(result.path.length).to.equal(2);
      for (const s of result.path.steps) {
        const [child, parent] = s.direction === 'PARENT' ? [s.fromDbId, s.toDbId] : [s.toDbId, s.fromDbId];
        expect(all.get(child), `${child} -> ${parent}`).to.include(parent);
      }
      for (const method of ['pedigree', 'inbred']) {
        expect((await compare(w82, l24, method)).coefficientOfParentage).to.equal(await kinship(w82, l24, method));
      }
    });
  });
});
