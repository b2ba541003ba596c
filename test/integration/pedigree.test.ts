// The pedigree calls on small hand-built trees (unique DbIds per run, so the SoyBase demo data does not interfere).
import { expect } from 'chai';
import { purdyLevels, setPurdyLevels } from '../../src/modules/germplasm/pedigree/pedigree-string.js';
import { compileWhere } from '../../src/entities/filters.js';
import { germplasmEntity } from '../../src/modules/germplasm/germplasm/germplasm.entity.js';
import { traversalStatement } from '../../src/modules/germplasm/pedigree/traversal.js';
import { count, removeRun } from '../support/graph.js';
import { profiledMemory } from '../support/plan.js';
import { api, server } from '../support/server.js';
import { expectAllFields, expectValidResponse } from '../support/schema.js';
import { runIds } from '../support/run-ids.js';

const { run, id, ref } = runIds('t');
const names = (nodes: Array<{ germplasmDbId: string }>) => nodes.map((n) => n.germplasmDbId.slice(run.length + 1));

async function pedigree(query: string) {
  const res = await api('GET', `/pedigree?${query}`);
  expect(res.status, res.text).to.equal(200);
  expectValidResponse('get', '/pedigree', 200, res.json);
  return res.json;
}

async function edgeCount(): Promise<number> {
  return count('MATCH (c:Germplasm)-[r:PARENT]->() WHERE c.germplasmDbId STARTS WITH $run RETURN count(r) AS n', { run });
}

// F1..F4 founders; A = F1 x F2 and B = F1 x F3 are half-sibs; C = A x B closes a diamond on F1; S is C selfed;
// BC1 = C x F2 backcrosses to a grandparent (a loop in the drawing, not a cycle); D = BC1 x F4.
const TREE = [
  ...['F1', 'F2', 'F3'].map((n) => ({ germplasmDbId: id(n), germplasmName: n })),
  { germplasmDbId: id('A'), germplasmName: 'A', parents: [ref('F1', 'FEMALE'), ref('F2', 'MALE')] },
  { germplasmDbId: id('B'), germplasmName: 'B', parents: [ref('F1', 'FEMALE'), ref('F3', 'MALE')] },
  { germplasmDbId: id('C'), germplasmName: 'C', familyCode: `${run}-fam`, crossingYear: 2001, parents: [ref('A', 'FEMALE'), ref('B', 'MALE')] },
  { germplasmDbId: id('S'), germplasmName: 'S', parents: [ref('C', 'SELF')] },
  { germplasmDbId: id('BC1'), germplasmName: 'BC1', parents: [ref('C', 'FEMALE'), ref('F2', 'MALE')] },
  { germplasmDbId: id('D'), germplasmName: 'D', parents: [ref('BC1', 'FEMALE')] },
  // D's male parent is given from the other side: F4 lists D as its progeny.
  { germplasmDbId: id('F4'), germplasmName: 'F4', progeny: [ref('D', 'MALE')] },
];

// What the file posts under its run prefix is removed once its suites are done.
after(() => removeRun(run));

describe('pedigree', () => {
  before(async () => {
    const res = await api('POST', '/pedigree', TREE);
    expect(res.status, res.text).to.equal(200);
    expectValidResponse('post', '/pedigree', 200, res.json);
  });

  describe('POST /pedigree', () => {
    it('answers with the nodes it wrote, every field present, relationships from both sides', async () => {
      const d = (await pedigree(`germplasmDbId=${id('D')}&pedigreeDepth=0&progenyDepth=0`)).result.data;
      expect(names(d)).to.deep.equal(['D']);
      expectAllFields('Germplasm', 'PedigreeNode', d[0]);
      expect(d[0].parents).to.deep.equal([ref('BC1', 'FEMALE'), ref('F4', 'MALE')]);
      expect(await edgeCount()).to.equal(11);
    });

    it('stores the pedigree-only fields', async () => {
      const [c] = (await pedigree(`germplasmDbId=${id('C')}&pedigreeDepth=0&progenyDepth=0`)).result.data;
      expect(c).to.include({ familyCode: `${run}-fam`, crossingYear: 2001, germplasmName: 'C' });
    });

    it('creates a referenced germplasm that does not exist when the reference names it', async () => {
      const res = await api('POST', '/pedigree', [{ germplasmDbId: id('E'), germplasmName: 'E', parents: [ref('NEW', 'FEMALE')] }]);
      expect(res.status, res.text).to.equal(200);
      const [created] = (await pedigree(`germplasmDbId=${id('NEW')}&pedigreeDepth=0&progenyDepth=0`)).result.data;
      expect(created).to.include({ germplasmName: 'NEW' });
      expect(created.progeny).to.deep.equal([ref('E', 'FEMALE')]);
    });
  });

  describe('GET /pedigree', () => {
    it('collects one generation each way by default, listing every node relationship arrays', async () => {
      const body = await pedigree(`germplasmDbId=${id('C')}`);
      expect(names(body.result.data)).to.deep.equal(['A', 'B', 'BC1', 'C', 'S'].sort());
      const a = body.result.data.find((n: any) => n.germplasmName === 'A');
      // A's parents are listed although the traversal stops at A.
      expect(a.parents).to.deep.equal([ref('F1', 'FEMALE'), ref('F2', 'MALE')]);
      expect(a.progeny).to.deep.equal([ref('C', 'FEMALE')]);
      expect(a.siblings).to.equal(null);
      // Relatives in the page are named as those outside it (the statement leaves their names to their own entries).
      const c = body.result.data.find((n: any) => n.germplasmName === 'C');
      expect(c.parents).to.deep.equal([ref('A', 'FEMALE'), ref('B', 'MALE')]);
      expect(c.progeny).to.deep.equal([ref('BC1', 'FEMALE'), ref('S', 'SELF')]);
      expect(body.metadata.pagination.totalCount).to.equal(5);
    });

    it('follows pedigreeDepth and progenyDepth, each node once (the diamond on F1)', async () => {
      const up = await pedigree(`germplasmDbId=${id('C')}&pedigreeDepth=2&progenyDepth=0`);
      expect(names(up.result.data)).to.deep.equal(['A', 'B', 'C', 'F1', 'F2', 'F3']);
      const down = await pedigree(`germplasmDbId=${id('F1')}&pedigreeDepth=0&progenyDepth=3`);
      expect(names(down.result.data)).to.deep.equal(['A', 'B', 'BC1', 'C', 'F1', 'S']);
      const none = await pedigree(`germplasmDbId=${id('C')}&pedigreeDepth=0&progenyDepth=0`);
      expect(names(none.result.data)).to.deep.equal(['C']);
    });

    it('includeFullTree collects every ancestor and descendant, and only those', async () => {
      const body = await pedigree(`germplasmDbId=${id('C')}&includeFullTree=true&pedigreeDepth=0`);
      // F4 is an ancestor of D, not of C.
      expect(names(body.result.data)).to.deep.equal(['A', 'B', 'BC1', 'C', 'D', 'F1', 'F2', 'F3', 'S']);
    });

    it('takes several base nodes of one lineage and returns each node once', async () => {
      const body = await pedigree(`germplasmDbId=${id('A')}&germplasmDbId=${id('C')}&pedigreeDepth=1&progenyDepth=1`);
      expect(names(body.result.data)).to.deep.equal(['A', 'B', 'BC1', 'C', 'F1', 'F2', 'S']);
    });

    it('combines filters with AND', async () => {
      const both = await pedigree(`familyCode=${run}-fam&germplasmName=C&pedigreeDepth=0&progenyDepth=0`);
      expect(names(both.result.data)).to.deep.equal(['C']);
      const none = await pedigree(`familyCode=${run}-fam&germplasmName=A&pedigreeDepth=0&progenyDepth=0`);
      expect(none.result.data).to.deep.equal([]);
    });

    it('shapes the arrays: null when excluded, arrays (maybe empty) when included', async () => {
      const body = await pedigree(`germplasmDbId=${id('C')}&includeParents=false&includeProgeny=false&includeSiblings=true`);
      for (const node of body.result.data) {
        expect(node.parents).to.equal(null);
        expect(node.progeny).to.equal(null);
        expect(node.siblings).to.be.an('array');
      }
      const byName = Object.fromEntries(body.result.data.map((n: any) => [n.germplasmName, n]));
      // B shares F1 with A, BC1 shares F2.
      expect(byName.A.siblings).to.deep.equal([{ germplasmDbId: id('B'), germplasmName: 'B' }, { germplasmDbId: id('BC1'), germplasmName: 'BC1' }]);
      expect(byName.S.siblings).to.deep.equal([{ germplasmDbId: id('BC1'), germplasmName: 'BC1' }]);
      expect(byName.C.siblings).to.deep.equal([]);
      const founders = await pedigree(`germplasmDbId=${id('F3')}&pedigreeDepth=0&progenyDepth=0`);
      expect(founders.result.data[0].parents).to.deep.equal([]);
    });

    it('pages the flat array: disjoint, complete, stable pages with the right totals', async () => {
      const query = `germplasmDbId=${id('C')}&includeFullTree=true`;
      // Whole nodes, not only their DbIds: a relative's name and a Purdy string read the same on any page.
      const whole = (await pedigree(query)).result.data;
      const pages: unknown[][] = [];
      for (let page = 0; page < 5; page++) {
        const body = await pedigree(`${query}&pageSize=2&page=${page}`);
        expect(body.metadata.pagination).to.deep.include({ totalCount: 9, totalPages: 5, currentPage: page, pageSize: 2 });
        pages.push(body.result.data);
      }
      expect(pages.flat()).to.deep.equal(whole);
      expect((await pedigree(`${query}&pageSize=2&page=5`)).result.data).to.deep.equal([]);
    });

    it('costs one database round trip per page', async () => {
      const graph = server().graph;
      for (const query of [`germplasmDbId=${id('C')}&includeFullTree=true&includeSiblings=true`, 'pageSize=3']) {
        const before = graph.roundTrips;
        // Anonymous: a token would add its own lookup.
        await api('GET', `/pedigree?${query}`, undefined, { authorization: '' });
        expect(graph.roundTrips - before, query).to.equal(1);
      }
    });

    it('a page of 5,000 germplasm takes a few MB of the database\'s memory, not the page once per row', async function () {
      this.timeout(60_000);
      // The demo data's first 5,000 germplasm with their parents, progeny and the Purdy walk beyond them. A walk that
      // kept its starts as DISTINCT rows held the page's list in each of them: about 230 MB, and past the bundled
      // database's pool on a larger graph (503).
      const opts = { filter: compileWhere(germplasmEntity, {}), pedigreeDepth: 1, progenyDepth: 1, includeParents: true, includeProgeny: true, includeSiblings: false };
      const { query, params } = traversalStatement(opts, 0, 5000);
      expect(await profiledMemory(query, params)).to.be.below(32 * 1024 * 1024);
    });

    it('answers every pedigree node when no filter is given (as BRAVA calls it)', async () => {
      const body = await pedigree('pageSize=5');
      expect(body.metadata.pagination.totalCount).to.equal(await count('MATCH (g:Germplasm) RETURN count(g) AS n'));
    });

    it('writes the Purdy string of named parents by their names; a selfed line as its source', async () => {
      const body = await pedigree(`germplasmDbId=${id('C')}&includeFullTree=true`);
      const purdy = Object.fromEntries(body.result.data.map((n: any) => [n.germplasmName, n.pedigreeString]));
      expect(purdy).to.deep.include({ A: 'F1/F2', C: 'A/B', S: 'A/B', BC1: 'C/F2', D: 'BC1/F4', F1: null });
    });

    it('rejects bad recursion and array-control values', async () => {
      for (const query of ['pedigreeDepth=-1', 'pedigreeDepth=x', 'progenyDepth=1.5', 'includeSiblings=yes', 'pedigreeDepth=1001']) {
        const res = await api('GET', `/pedigree?${query}`);
        expect(res.status, query).to.equal(400);
        expect(res.text).to.match(/pedigreeDepth|progenyDepth|includeSiblings/);
      }
    });
  });

  describe('quality rules (400, nothing written)', () => {
    async function rejected(method: 'POST' | 'PUT', body: unknown, ...mentions: string[]) {
      const before = await edgeCount();
      const res = await api(method, '/pedigree', body);
      expect(res.status, res.text).to.equal(400);
      expect(res.headers.get('content-type')).to.match(/^text\/plain/);
      for (const m of mentions) expect(res.text).to.contain(m);
      expect(await edgeCount()).to.equal(before);
      return res.text;
    }

    it('a germplasm cannot be its own parent', () =>
      rejected('POST', [{ germplasmDbId: id('A'), parents: [ref('A', 'MALE')] }], id('A'), 'own parent'));

    it('no cycle with existing data, at any depth', async () => {
      const text = await rejected('POST', [{ germplasmDbId: id('F1'), parents: [ref('D', 'FEMALE')] }], id('F1'), 'own ancestor');
      expect(text).to.contain('D').and.contain('BC1');
    });

    it('no cycle through new and stored germplasm together', () =>
      rejected('POST', [
        { germplasmDbId: id('N'), germplasmName: 'N', parents: [ref('D', 'FEMALE')] },
        { germplasmDbId: id('F1'), parents: [ref('N', 'FEMALE')] },
      ], id('F1'), 'own ancestor'));

    it('no cycle within one request', () =>
      rejected('POST', [
        { germplasmDbId: id('X1'), germplasmName: 'X1', parents: [ref('X2', 'FEMALE')] },
        { germplasmDbId: id('X2'), germplasmName: 'X2', parents: [ref('X1', 'FEMALE')] },
      ], id('X1'), id('X2')));

    it('one FEMALE and one MALE parent at most, counting the stored ones', async () => {
      await rejected('POST', [{ germplasmDbId: id('A'), parents: [ref('F3', 'FEMALE')] }], id('A'), 'FEMALE');
      await rejected('POST', [{ germplasmDbId: id('Y'), germplasmName: 'Y', parents: [ref('F1', 'MALE'), ref('F2', 'MALE')] }], id('Y'), '2 MALE parents', '(it would have: F1 MALE, F2 MALE)');
    });

    it('parent sets: SELF or CLONAL alone; POPULATION with a FEMALE, not with a MALE; stored parents count (own germplasm)', async () => {
      const node = (name: string, ...parents: object[]) => [{ germplasmDbId: id(name), germplasmName: name, parents }];
      await rejected('POST', node('S1', ref('PS1', 'SELF'), ref('PS2', 'FEMALE')), id('S1'), 'SELF parent and other parents (FEMALE)');
      await rejected('POST', node('S2', ref('PS1', 'SELF'), ref('PS2', 'SELF')), id('S2'), '2 SELF parents');
      await rejected('POST', node('C1', ref('PS1', 'CLONAL'), ref('PS2', 'POPULATION')), id('C1'), 'CLONAL parent and other parents (POPULATION)');
      await rejected('POST', node('M1', ref('PS1', 'MALE'), ref('PS2', 'POPULATION')), id('M1'), 'MALE parent and POPULATION parents');
      const family = await api('POST', '/pedigree', node('OP', ref('PS1', 'FEMALE'), ref('PS2', 'POPULATION'), ref('PS3', 'POPULATION'), ref('PS4', 'POPULATION')));
      expect(family.status, family.text).to.equal(200);
      const [op] = family.json.result.data;
      expect(op.parents.map((p: any) => p.parentType).sort()).to.deep.equal(['FEMALE', 'POPULATION', 'POPULATION', 'POPULATION']);
      await rejected('POST', [{ germplasmDbId: id('OP'), parents: [ref('PS5', 'SELF')] }], id('OP'), 'SELF parent and other parents (FEMALE, POPULATION)');
      await rejected('POST', [{ germplasmDbId: id('OP'), parents: [ref('PS5', 'MALE')] }], id('OP'), 'MALE parent and POPULATION parents');
    });

    it('parentType must be one of the five', () =>
      rejected('POST', [{ germplasmDbId: id('A'), parents: [{ germplasmDbId: id('F3'), parentType: 'UNCLE' }] }], 'UNCLE', 'MALE, FEMALE, SELF, POPULATION, CLONAL'));

    it('a referenced germplasm must exist or be creatable from the request', () =>
      rejected('POST', [{ germplasmDbId: id('A'), parents: [{ germplasmDbId: id('ghost'), parentType: 'FEMALE' }] }], id('ghost'), 'does not exist'));

    it('both sides of one relationship must agree', () =>
      rejected('POST', [
        { germplasmDbId: id('Z'), germplasmName: 'Z', parents: [ref('F4', 'FEMALE')] },
        { germplasmDbId: id('F4'), progeny: [ref('Z', 'MALE')] },
      ], id('Z'), 'FEMALE', 'MALE'));

    it('lists every problem of a request at once', async () => {
      const text = await rejected('POST', [
        { germplasmDbId: id('A'), parents: [ref('A', 'MALE')] },
        { germplasmDbId: id('B'), parents: [{ germplasmDbId: id('F2'), parentType: 'AUNT' }] },
      ]);
      expect(text).to.contain('2 problems').and.contain(id('A')).and.contain(id('B'));
    });

    it('rejects malformed bodies with a 400 naming the member', async () => {
      expect((await api('POST', '/pedigree', { not: 'an array' })).status).to.equal(400);
      const res = await api('PUT', '/pedigree', { [id('A')]: { germplasmDbId: id('B') } });
      expect(res.status).to.equal(400);
      expect(res.text).to.contain('keyed');
      expect((await api('POST', '/pedigree', [{ germplasmDbId: id('A'), crossingYear: 'soon' }])).text).to.contain('crossingYear');
    });
  });

  describe('PUT /pedigree', () => {
    it('replaces the arrays it names and keeps the rest (object keyed by germplasmDbId)', async () => {
      await api('POST', '/pedigree', [{ germplasmDbId: id('P'), germplasmName: 'P', parents: [ref('F3', 'FEMALE'), ref('F4', 'MALE')] }]);
      const res = await api('PUT', '/pedigree', { [id('P')]: { germplasmName: 'P renamed', parents: [ref('F1', 'CLONAL')] } });
      expect(res.status, res.text).to.equal(200);
      expectValidResponse('put', '/pedigree', 200, res.json);
      const [p] = res.json.result.data;
      expect(p).to.include({ germplasmName: 'P renamed' });
      expect(p.parents).to.deep.equal([ref('F1', 'CLONAL')]);
      expect(p.pedigreeString).to.equal('F1');
    });

    it('also takes an array, and replaces progeny from the parent side', async () => {
      await api('POST', '/pedigree', [{ germplasmDbId: id('Q'), germplasmName: 'Q', parents: [ref('F3', 'FEMALE')] }]);
      const res = await api('PUT', '/pedigree', [{ germplasmDbId: id('F3'), progeny: [ref('Q', 'FEMALE')] }]);
      expect(res.status, res.text).to.equal(200);
      const [f3] = res.json.result.data;
      expect(f3.progeny).to.deep.equal([ref('Q', 'FEMALE')]);
      // B lost its MALE parent F3, and nothing else.
      const [b] = (await pedigree(`germplasmDbId=${id('B')}&pedigreeDepth=0&progenyDepth=0`)).result.data;
      expect(b.parents).to.deep.equal([ref('F1', 'FEMALE')]);
      await api('POST', '/pedigree', [{ germplasmDbId: id('B'), parents: [ref('F3', 'MALE')] }]);
    });

    it('keeps the relationships it gives again: they count as already stored and are not rewritten', async () => {
      await api('POST', '/pedigree', [
        ...['KF', 'KM', 'KX'].map((n) => ({ germplasmDbId: id(n), germplasmName: n })),
        { germplasmDbId: id('K'), germplasmName: 'K', parents: [ref('KF', 'FEMALE'), ref('KM', 'MALE')] },
      ]);
      const parentsOfK = () =>
        server().graph.read<{ parent: string; type: string; rel: string }>(
          'MATCH (:Germplasm {germplasmDbId: $id})-[r:PARENT]->(p) RETURN p.germplasmDbId AS parent, r.parentType AS type, elementId(r) AS rel ORDER BY parent',
          { id: id('K') },
        );
      const messages = (res: { json: { metadata: { status: Array<{ message: string }> } } }) => res.json.metadata.status.map((s) => s.message);
      const [kf] = await parentsOfK();

      const edit = await api('PUT', '/pedigree', { [id('K')]: { parents: [ref('KF', 'FEMALE'), ref('KX', 'MALE')] } });
      expect(edit.status, edit.text).to.equal(200);
      expect(messages(edit)).to.include('0 germplasm created, 1 parent relationships written (1 already stored as given).');
      const after = await parentsOfK();
      expect(after.map((r) => [r.parent, r.type])).to.deep.equal([[id('KF'), 'FEMALE'], [id('KX'), 'MALE']]);
      expect(after[0].rel, 'the relationship to KF is the one stored before').to.equal(kf.rel);

      // From the parent side, the same: KX gives K again as its progeny.
      const again = await api('PUT', '/pedigree', [{ germplasmDbId: id('KX'), progeny: [ref('K', 'MALE')] }]);
      expect(again.status, again.text).to.equal(200);
      expect(messages(again)).to.include('0 germplasm created, 0 parent relationships written (1 already stored as given).');
      expect((await parentsOfK()).map((r) => r.rel)).to.deep.equal(after.map((r) => r.rel));
    });

    it('does not create a germplasm for an unknown key unless the node names it', async () => {
      const res = await api('PUT', '/pedigree', { [id('typo')]: { parents: [ref('F1', 'FEMALE')] } });
      expect(res.status).to.equal(400);
      expect(res.text).to.contain(id('typo')).and.contain('does not exist');
      const named = await api('PUT', '/pedigree', { [id('R')]: { germplasmName: 'R', parents: [ref('F1', 'FEMALE')] } });
      expect(named.status, named.text).to.equal(200);
      expect(named.json.result.data[0]).to.include({ germplasmDbId: id('R'), germplasmName: 'R' });
    });

    it('an empty edit changes nothing and answers with the pedigree as it stands', async () => {
      const before = await edgeCount();
      const res = await api('PUT', '/pedigree', {});
      expect(res.status).to.equal(200);
      expect(res.json.result.data.length).to.be.greaterThan(0);
      expect(await edgeCount()).to.equal(before);
    });
  });

  it('concurrent writers cannot form a cycle together', async () => {
    await api('POST', '/pedigree', [
      { germplasmDbId: id('M1'), germplasmName: 'M1' },
      { germplasmDbId: id('M2'), germplasmName: 'M2' },
    ]);
    for (let round = 0; round < 5; round++) {
      const [m1, m2] = round % 2 ? ['M2', 'M1'] : ['M1', 'M2'];
      const results = await Promise.all([
        api('POST', '/pedigree', [{ germplasmDbId: id(m1), parents: [ref(m2, 'FEMALE')] }]),
        api('POST', '/pedigree', [{ germplasmDbId: id(m2), parents: [ref(m1, 'FEMALE')] }]),
      ]);
      expect(results.map((r) => r.status).sort()).to.deep.equal([200, 400]);
      await api('PUT', '/pedigree', { [id('M1')]: { parents: [] }, [id('M2')]: { parents: [] } });
    }
  });

  describe('POST /search/pedigree', () => {
    it('takes the search body: plural members, recursion; the saved results are paged by the GET', async () => {
      const res = await api('POST', '/search/pedigree', { germplasmDbIds: [id('C')], pedigreeDepth: 2, progenyDepth: 0, includeSiblings: true });
      expect(res.status, res.text).to.equal(202);
      expectValidResponse('post', '/search/pedigree', 202, res.json);
      const saved = await api('GET', `/search/pedigree/${res.json.result.searchResultsDbId}?pageSize=4`);
      expect(saved.status, saved.text).to.equal(200);
      expectValidResponse('get', '/search/pedigree/{searchResultsDbId}', 200, saved.json);
      expect(saved.json.metadata.pagination).to.include({ totalCount: 6, pageSize: 4 });
      expect(names(saved.json.result.data)).to.deep.equal(['A', 'B', 'C', 'F1']);
      // The arrays the search asked for are the ones its pages carry.
      expect(saved.json.result.data.every((n: any) => Array.isArray(n.siblings))).to.equal(true);
      for (const bad of [{ pageSize: 0 }, { pageSize: 1e9 }, { page: -1 }, { germplasmDbIds: 'C' }, { includeSiblings: 'maybe' }]) {
        expect((await api('POST', '/search/pedigree', bad)).status, JSON.stringify(bad)).to.equal(400);
      }
    });
  });

  describe('v2.0 calls', () => {
    it('GET /germplasm/{id}/pedigree gives parents, the pedigree string and siblings', async () => {
      const res = await api('GET', `/germplasm/${id('A')}/pedigree?includeSiblings=true`);
      expect(res.status).to.equal(200);
      expectValidResponse('get', '/germplasm/{germplasmDbId}/pedigree', 200, res.json);
      expect(res.json.result).to.deep.include({ germplasmDbId: id('A'), pedigree: 'F1/F2' });
      expect(res.json.result.parents).to.deep.equal([ref('F1', 'FEMALE'), ref('F2', 'MALE')]);
      // Everything that shares F1 or F2 with A, including the lines the PUT tests added.
      expect(names(res.json.result.siblings)).to.deep.equal(['B', 'BC1', 'P', 'R']);
      expect((await api('GET', `/germplasm/${id('nobody')}/pedigree`)).status).to.equal(404);
    });

    it('GET /germplasm/{id}/progeny gives the children with the parent role', async () => {
      const res = await api('GET', `/germplasm/${id('F2')}/progeny`);
      expect(res.status).to.equal(200);
      expectValidResponse('get', '/germplasm/{germplasmDbId}/progeny', 200, res.json);
      expect(res.json.result.progeny).to.deep.equal([ref('A', 'MALE'), ref('BC1', 'MALE')]);
    });
  });
});

describe('SoyBase pedigree load', () => {
  it('reports exactly its two bad records, and stores neither', async function () {
    this.timeout(120_000);
    const { readSoybase } = await import('../../src/demo/soybase.js');
    const { namedPedigree } = await import('../../src/modules/germplasm/pedigree/io/namedRows.js');
    const { importPedigree } = await import('../../src/modules/germplasm/pedigree/commands/importPedigree.js');
    const { FIXTURES } = await import('../../src/demo/load.js');
    const data = readSoybase(`${FIXTURES}/soybase`);
    const ids = new Map(data.germplasm.map((g) => [g.record.germplasmName as string, g.germplasmDbId]));
    // The demo data loaded at start went through the same import; running it again must report the same.
    const report = await importPedigree(server().graph, namedPedigree(data.rows, ids));
    expect(report.rejected.map((p) => [p.germplasmDbId, p.parent])).to.deep.equal([
      ['soy-pioneer-p90b74', 'soy-pioneer-p90b74'],
      ['soy-ln-955414', 'soy-sc-starfield'],
    ]);
    expect(report.rejected[1].reason).to.contain('own ancestor');
    const [row] = await server().graph.read<{ self: number; pair: number; total: number }>(
      `MATCH (p:Germplasm {germplasmDbId: 'soy-pioneer-p90b74'}), (l:Germplasm {germplasmDbId: 'soy-ln-955414'}), (s:Germplasm {germplasmDbId: 'soy-sc-starfield'})
       RETURN size([(p)-[r:PARENT]->(p) | r]) AS self, size([(l)-[r:PARENT]-(s) | r]) AS pair,
              size([(s)-[r:PARENT]->() | r]) + size([(l)-[r:PARENT]->() | r]) AS total`,
    );
    // Each keeps its other parent (IA1008, SC 2307); the pair is never linked either way.
    expect(row).to.deep.equal({ self: 0, pair: 0, total: 2 });
  });

  it('serves Williams 82 with its real parents and a valid pedigree node', async () => {
    const res = await api('GET', '/pedigree?germplasmName=Williams%2082&pedigreeDepth=1&progenyDepth=0');
    expectValidResponse('get', '/pedigree', 200, res.json);
    const w82 = res.json.result.data.find((n: any) => n.germplasmName === 'Williams 82');
    // Named parents are written by name, as SoyBase records them (Kingwa's own parents are not expanded).
    expect(w82.pedigreeString).to.equal('Williams 7/Kingwa');
    const germplasm = await api('GET', '/germplasm?germplasmDbId=soy-williams-82');
    expect(germplasm.json.result.data[0].pedigree).to.equal('Williams 7/Kingwa');
    expect(w82.parents).to.deep.equal([
      { germplasmDbId: 'soy-kingwa', germplasmName: 'Kingwa', parentType: 'MALE' },
      { germplasmDbId: 'soy-williams-7', germplasmName: 'Williams 7', parentType: 'FEMALE' },
    ]);
  });
});

describe('pedigree strings (Purdy notation): the same in GET /germplasm and GET /pedigree', () => {
  const pre = `${run}-ps`;
  const pid = (name: string) => `${pre}-${name}`;
  const to = (name: string, parentType: string) => ({ germplasmDbId: pid(name), parentType });
  const named = (name: string, parents?: unknown[], more: object = {}) => ({ germplasmDbId: pid(name), germplasmName: name, parents, ...more });
  // Intermediates without a germplasmName (u1, u2, u3, upop), as POST /pedigree may create them.
  const unnamed = (name: string, parents: unknown[]) => ({ germplasmDbId: pid(name), parents });

  async function strings(name: string) {
    const g = await api('GET', `/germplasm/${pid(name)}`);
    expect(g.status, g.text).to.equal(200);
    const p = await pedigree(`germplasmDbId=${pid(name)}&pedigreeDepth=0&progenyDepth=0`);
    const [node] = p.result.data;
    return { germplasm: g.json.result.pedigree, pedigree: node.pedigreeString, additionalInfo: [g.json.result.additionalInfo, node.additionalInfo] };
  }

  before(async () => {
    const res = await api('POST', '/pedigree', [
      ...['P1', 'P2', 'P3', 'P4'].map((n) => named(n)),
      named('X/Y line'),
      named('landrace', undefined, { pedigreeString: 'selection from a landrace' }),
      // A backcross: P1 x P2, then twice back to P1 through unnamed intermediates.
      unnamed('u1', [to('P1', 'FEMALE'), to('P2', 'MALE')]),
      unnamed('u2', [to('P1', 'FEMALE'), to('u1', 'MALE')]),
      named('BC', [to('P1', 'FEMALE'), to('u2', 'MALE')]),
      // A three-way cross through an unnamed single cross, and a line selected from it.
      unnamed('u3', [to('P3', 'FEMALE'), to('P4', 'MALE')]),
      named('TW', [to('u3', 'FEMALE'), to('P1', 'MALE')]),
      named('TW-sel', [to('TW', 'SELF')]),
      named('Syn', [to('P3', 'POPULATION'), to('P1', 'POPULATION'), to('P2', 'POPULATION')]),
      named('HS', [to('P4', 'FEMALE'), to('P2', 'POPULATION'), to('P1', 'POPULATION')]),
      named('Odd', [to('X/Y line', 'FEMALE')]),
      named('Given', [to('P1', 'FEMALE'), to('P2', 'MALE')], { pedigreeString: 'P1 x P2 (recorded)' }),
    ]);
    expect(res.status, res.text).to.equal(200);
  });

  it('writes each form as breeders do, and both calls show the same string', async () => {
    const expected: Record<string, string | null> = {
      P1: null,
      BC: 'P1*3/P2',
      TW: 'P3/P4//P1',
      'TW-sel': 'P3/P4//P1',
      Syn: 'P1 + P2 + P3',
      HS: 'P4/[P1 + P2]',
      Odd: '"X/Y line"/unknown',
      u2: 'P1*2/P2',
    };
    for (const [name, string] of Object.entries(expected)) {
      const shown = await strings(name);
      expect([shown.germplasm, shown.pedigree], name).to.deep.equal([string, string]);
    }
  });

  it('shows the string a germplasm without parents was given; a given string that differs is kept in additionalInfo', async () => {
    expect(await strings('landrace')).to.deep.include({ germplasm: 'selection from a landrace', pedigree: 'selection from a landrace' });
    const given = await strings('Given');
    expect([given.germplasm, given.pedigree]).to.deep.equal(['P1/P2', 'P1/P2']);
    for (const info of given.additionalInfo) expect(info).to.deep.equal({ recordedPedigree: 'P1 x P2 (recorded)' });
    // The same string as the graph's is not repeated.
    await api('PUT', `/germplasm/${pid('Given')}`, { germplasmName: 'Given', pedigree: 'P1/P2' });
    expect((await strings('Given')).additionalInfo).to.deep.equal([null, null]);
  });

  it('expands unnamed parents only as deep as the configured levels', async () => {
    const before = purdyLevels();
    try {
      setPurdyLevels(2);
      // BC's chain reaches P2 three generations down: at two, the unnamed u1 is written by its DbId.
      expect(await strings('BC')).to.deep.include({ germplasm: `P1*2/${pid('u1')}`, pedigree: `P1*2/${pid('u1')}` });
    } finally {
      setPurdyLevels(before);
    }
    expect((await strings('BC')).pedigree).to.equal('P1*3/P2');
  });

  it('a whole page of germplasm: every pedigree equals the pedigree node\'s string (demo data included)', async function () {
    this.timeout(120_000);
    const pageSize = 5000;
    let checked = 0;
    let withParents = 0;
    for (let page = 0; ; page++) {
      const g = await api('GET', `/germplasm?page=${page}&pageSize=${pageSize}`);
      const p = await api('GET', `/pedigree?page=${page}&pageSize=${pageSize}&includeParents=true&includeProgeny=false`);
      const byId = new Map(p.json.result.data.map((n: any) => [n.germplasmDbId, n]));
      for (const record of g.json.result.data) {
        const node: any = byId.get(record.germplasmDbId);
        expect(node, record.germplasmDbId).to.not.equal(undefined);
        expect(record.pedigree, record.germplasmDbId).to.equal(node.pedigreeString);
        if (node.parents.length) {
          withParents++;
          expect(record.pedigree, record.germplasmDbId).to.be.a('string');
        }
        checked++;
      }
      if (g.json.result.data.length < pageSize) break;
    }
    expect(checked).to.be.above(20_000);
    expect(withParents).to.be.above(15_000);
  });
});
