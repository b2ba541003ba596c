// Pedigree history: every pedigree write records the PARENT relationships it added and removed, by whom and when,
// in its own transaction, readable per germplasm at GET /extensions/germplasm/{germplasmDbId}/pedigree-history.
import { expect } from 'chai';
import { importPedigree } from '../../src/modules/germplasm/pedigree/commands/importPedigree.js';
import { count, removeRun } from '../support/graph.js';
import { api, server } from '../support/server.js';
import { expectValidResponse } from '../support/schema.js';
import { runIds } from '../support/run-ids.js';

const { run, id, ref } = runIds('ph-');

async function history(name: string, query = '') {
  const res = await api('GET', `/extensions/germplasm/${encodeURIComponent(id(name))}/pedigree-history${query}`);
  expect(res.status, res.text).to.equal(200);
  expect(res.json).to.have.keys('@context', 'metadata', 'result');
  return res.json;
}

/** The entries without the members that differ per run (change id, time), for exact comparison. */
const stable = (entries: any[]) => entries.map(({ changeId, timestamp, sequence, ...rest }) => rest);

describe('pedigree history', () => {
  after(() => removeRun(run));
  it('records an upload and then an edit, in order, with the actor, the source and one change id per request', async () => {
    const posted = await api('POST', '/pedigree', [{ germplasmDbId: id('C'), germplasmName: 'C', parents: [ref('A', 'FEMALE'), ref('B', 'MALE')] }]);
    expect(posted.status, posted.text).to.equal(200);
    const edited = await api('PUT', '/pedigree', { [id('C')]: { parents: [ref('A', 'FEMALE'), ref('D', 'MALE')] } });
    expect(edited.status, edited.text).to.equal(200);

    const { result, metadata } = await history('C');
    const entry = (action: string, parent: string, parentType: string, source: string) => ({
      userId: 'admin', source, action, germplasmDbId: id('C'), germplasmName: 'C', parentDbId: id(parent), parentGermplasmName: parent, parentType,
    });
    expect(stable(result.data)).to.deep.equal([
      entry('ADDED', 'A', 'FEMALE', 'POST /pedigree'),
      entry('ADDED', 'B', 'MALE', 'POST /pedigree'),
      entry('REMOVED', 'B', 'MALE', 'PUT /pedigree'),
      entry('ADDED', 'D', 'MALE', 'PUT /pedigree'),
    ]);
    expect(metadata.pagination).to.include({ totalCount: 4, currentPage: 0 });
    const [first, second, third, fourth] = result.data;
    expect(first.changeId).to.be.a('string').and.equal(second.changeId);
    expect(third.changeId).to.equal(fourth.changeId).and.not.equal(first.changeId);
    expect(third.sequence).to.be.greaterThan(first.sequence);
    expect(Date.parse(first.timestamp)).to.be.at.most(Date.parse(third.timestamp)).and.at.most(Date.now());
    // The change is data in the graph: one node per write, linked to each child it changed, its entries as lists that
    // name the parents by DbId (here one child per write: one link per node).
    const linked = await server().graph.read<{ n: number; links: number; entries: string[] }>(
      `MATCH (c:Germplasm {germplasmDbId: $c})<-[:CHANGES_CHILD]-(h:PedigreeChange)
       RETURN h.sequence AS sequence, count(h) AS n, sum(COUNT { (h)--() }) AS links,
         [i IN range(0, size(h.actions) - 1) | h.actions[i] + ' ' + h.parentDbIds[i]] AS entries ORDER BY sequence`,
      { c: id('C') },
    );
    expect(linked.map(({ n, links, entries }) => ({ n, links, entries }))).to.deep.equal([
      { n: 1, links: 1, entries: [`ADDED ${id('A')}`, `ADDED ${id('B')}`] },
      { n: 1, links: 1, entries: [`REMOVED ${id('B')}`, `ADDED ${id('D')}`] },
    ]);
    // Paged like any list.
    const page = await history('C', '?page=1&pageSize=3');
    expect(stable(page.result.data)).to.deep.equal([entry('ADDED', 'D', 'MALE', 'PUT /pedigree')]);
    expect(page.metadata.pagination).to.include({ totalCount: 4, totalPages: 2, currentPage: 1, pageSize: 3 });
  });

  it('a new parentType is the old relationship removed and the new one added', async () => {
    await api('POST', '/pedigree', [{ germplasmDbId: id('T'), germplasmName: 'T', parents: [ref('TP', 'FEMALE')] }]);
    const res = await api('PUT', '/pedigree', { [id('T')]: { parents: [ref('TP', 'SELF')] } });
    expect(res.status, res.text).to.equal(200);
    expect(stable((await history('T')).result.data).map((e) => `${e.action} ${e.parentType}`)).to.deep.equal(['ADDED FEMALE', 'REMOVED FEMALE', 'ADDED SELF']);
    // Writing what is already there changes nothing and records nothing.
    await api('POST', '/pedigree', [{ germplasmDbId: id('T'), parents: [ref('TP', 'SELF')] }]);
    expect((await history('T')).result.data).to.have.length(3);
  });

  it('one request that creates germplasm and edits stored ones records each change once, under one change id', async () => {
    // M is stored with a FEMALE parent. One PUT creates P, a MALE parent for M (through P's progeny), and N, selfed from M.
    await api('POST', '/pedigree', [{ germplasmDbId: id('M'), germplasmName: 'M', parents: [ref('MF', 'FEMALE')] }]);
    const res = await api('PUT', '/pedigree', {
      [id('P')]: { germplasmName: 'P', progeny: [ref('M', 'MALE')] },
      [id('N')]: { germplasmName: 'N', parents: [ref('M', 'SELF')] },
    });
    expect(res.status, res.text).to.equal(200);
    const [changeId] = res.json.metadata.status.map((s: { message: string }) => /recorded as pedigree change (\S+)\./.exec(s.message)?.[1]).filter(Boolean);
    // One node for the write, its entries in order, linked to both children it changed.
    const entries = await server().graph.read<{ e: string[] }>(
      `MATCH (h:PedigreeChange {changeId: $changeId}) UNWIND range(0, size(h.actions) - 1) AS i
       RETURN [h.germplasmDbIds[i], h.parentDbIds[i], h.actions[i], h.parentTypes[i]] AS e ORDER BY i`,
      { changeId },
    );
    expect(entries.map((r) => r.e)).to.deep.equal([[id('M'), id('P'), 'ADDED', 'MALE'], [id('N'), id('M'), 'ADDED', 'SELF']]);
    const [node] = await server().graph.read<{ n: number; children: string[] }>(
      `MATCH (h:PedigreeChange {changeId: $changeId})
       RETURN count(h) AS n, COLLECT { MATCH (h)-[:CHANGES_CHILD]->(c:Germplasm) RETURN c.germplasmDbId ORDER BY c.germplasmDbId } AS children`,
      { changeId },
    );
    expect(node).to.deep.equal({ n: 1, children: [id('M'), id('N')] });
  });

  it('a rejected upload leaves no history entry', async () => {
    await api('POST', '/pedigree', [{ germplasmDbId: id('R2'), germplasmName: 'R2', parents: [ref('R1', 'FEMALE')] }]);
    const before = (await history('R1')).result.data.length;
    // R1 as a child of its own child: a cycle, so the whole request is rejected, the good relationship included.
    const cycle = await api('POST', '/pedigree', [
      { germplasmDbId: id('R1'), parents: [ref('R2', 'FEMALE')] },
      { germplasmDbId: id('R3'), germplasmName: 'R3', parents: [ref('R1', 'MALE')] },
    ]);
    expect(cycle.status).to.equal(400);
    expect((await history('R1')).result.data).to.have.length(before);
    expect(await count('MATCH (h:PedigreeChange) WHERE any(c IN coalesce(h.germplasmDbIds, [h.germplasmDbId]) WHERE c IN $ids) RETURN count(h) AS n', { ids: [id('R1'), id('R3')] })).to.equal(0);
  });

  it('the importer records each batch under its own change id, with its user', async () => {
    const report = await importPedigree(server().graph, [
      { germplasmDbId: id('I1'), germplasmName: 'I1', parents: [ref('IP', 'FEMALE')] },
      { germplasmDbId: id('I2'), germplasmName: 'I2', parents: [ref('IP', 'FEMALE')] },
    ], { batchSize: 1, actor: { userId: 'curator-ph', roles: new Set(['write']) } });
    expect(report.rejected).to.deep.equal([]);
    const [one] = (await history('I1')).result.data;
    const [two] = (await history('I2')).result.data;
    expect(one).to.include({ userId: 'curator-ph', source: 'import', action: 'ADDED', parentDbId: id('IP'), parentType: 'FEMALE' });
    expect(two.changeId).to.not.equal(one.changeId);
  });

  it('404 for an unknown germplasm, a WARNING for an unknown parameter, and an empty list for no changes', async () => {
    const missing = await api('GET', '/extensions/germplasm/no-such-germplasm/pedigree-history');
    expect(missing.status).to.equal(404);
    expect(missing.text).to.contain('no-such-germplasm');
    const res = await api('GET', '/extensions/germplasm/soy-williams-82/pedigree-history?color=blue');
    expect(res.status).to.equal(200);
    expect(res.json.result.data).to.deep.equal([]);
    expect(res.json.metadata.status.map((s: any) => s.messageType)).to.include('WARNING');
  });

  describe('undo of one change', () => {
    const parentsOf = async (name: string) => {
      const res = await api('GET', `/pedigree?germplasmDbId=${encodeURIComponent(id(name))}`);
      const node = res.json.result.data.find((n: any) => n.germplasmDbId === id(name));
      return node.parents.map((p: any) => `${p.germplasmName}:${p.parentType}`).sort();
    };
    const changesOf = async (name: string) => (await history(name)).result.data as any[];

    it('puts the parents back as they were before a wrong edit, and records the undo as a change of its own', async () => {
      await api('POST', '/pedigree', [{ germplasmDbId: id('U'), germplasmName: 'U', parents: [ref('UF', 'FEMALE'), ref('UM', 'MALE')] }]);
      // A wrong edit: the male replaced, and the female's type changed.
      const wrong = await api('PUT', '/pedigree', { [id('U')]: { parents: [ref('UF', 'POPULATION'), ref('UX', 'POPULATION')] } });
      expect(wrong.status, wrong.text).to.equal(200);
      expect(await parentsOf('U')).to.deep.equal(['UF:POPULATION', 'UX:POPULATION']);
      const wrongId = (await changesOf('U')).at(-1).changeId;

      const undone = await api('POST', `/extensions/pedigree-history/${wrongId}/undo`);
      expect(undone.status, undone.text).to.equal(200);
      expectValidResponse('post', '/pedigree', 200, undone.json);
      expect(undone.json.result.data.map((n: any) => n.germplasmDbId)).to.deep.equal([id('U')]);
      expect(await parentsOf('U')).to.deep.equal(['UF:FEMALE', 'UM:MALE']);
      const all = await changesOf('U');
      const undo = all.filter((e) => e.source === `undo ${wrongId}`);
      expect(undo.map((e) => `${e.action} ${e.parentGermplasmName} ${e.parentType}`).sort()).to.deep.equal([
        'ADDED UF FEMALE', 'ADDED UM MALE', 'REMOVED UF POPULATION', 'REMOVED UX POPULATION',
      ]);
      expect(undo[0].userId).to.equal('admin');

      // Undoing it again is ambiguous now: the undo changed the same relationships later.
      const again = await api('POST', `/extensions/pedigree-history/${wrongId}/undo`);
      expect(again.status).to.equal(409);
      expect(again.text).to.contain(`the same relationships were changed later (${undo[0].changeId})`);
      // Undoing the undo restores the wrong edit: undo is a change like any other.
      expect((await api('POST', `/extensions/pedigree-history/${undo[0].changeId}/undo`)).status).to.equal(200);
      expect(await parentsOf('U')).to.deep.equal(['UF:POPULATION', 'UX:POPULATION']);
    });

    it('refuses an undo that would break a rule, and an unknown change, changing nothing', async () => {
      // W's SELF parent is removed; later W gets a female parent.
      await api('POST', '/pedigree', [{ germplasmDbId: id('W'), germplasmName: 'W', parents: [ref('WS', 'SELF')] }]);
      const replaced = await api('PUT', '/pedigree', { [id('W')]: { parents: [] } });
      expect(replaced.status, replaced.text).to.equal(200);
      const removalId = (await changesOf('W')).at(-1).changeId;
      // Meanwhile W got a female parent in another write; putting the SELF back beside it is no valid parent set.
      expect((await api('POST', '/pedigree', [{ germplasmDbId: id('W'), parents: [ref('WF', 'FEMALE')] }])).status).to.equal(200);
      const refused = await api('POST', `/extensions/pedigree-history/${removalId}/undo`);
      expect(refused.status).to.equal(400);
      expect(refused.text).to.contain('has a SELF parent and other parents');
      expect(await parentsOf('W')).to.deep.equal(['WF:FEMALE']);

      const unknown = await api('POST', '/extensions/pedigree-history/no-such-change/undo');
      expect(unknown.status).to.equal(404);
      expect(unknown.text).to.contain('No pedigree change has changeId "no-such-change"');
    });

    it('needs the write role', async () => {
      const res = await api('POST', '/extensions/pedigree-history/any/undo', undefined, { authorization: '' });
      expect(res.status).to.equal(401);
    });
  });
});
