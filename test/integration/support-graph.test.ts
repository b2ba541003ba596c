// The clean-up helpers of test/support/graph.ts, which most files' after() hooks use: each removes exactly what it
// names (and what those nodes own), never a neighbour, on the suite's database.
import { expect } from 'chai';
import { count, removeNodes, removeRecords, removeRun, removeWhere } from '../support/graph.js';
import { runIds } from '../support/run-ids.js';
import { api, server } from '../support/server.js';

const { run, id } = runIds('sg-');

/** The DbIds of this file's `label` nodes left, sorted. */
async function left(label: 'SupportTest' | 'SupportOwned'): Promise<string[]> {
  const rows = await server().graph.read<{ id: string }>(`MATCH (n:${label} {run: $run}) RETURN n.testDbId AS id ORDER BY id`, { run });
  return rows.map((r) => r.id);
}

describe('test/support/graph.ts clean-up helpers', () => {
  // a, b, c, d: SupportTest nodes (d carries a marker and a reference to a); each owns an out node (a-out..d-out)
  // and is reached by an in node (a-in..d-in); a-out is also linked to c by another type, which owns nothing.
  beforeEach(async () => {
    await server().graph.write(
      `UNWIND $names AS name
       CREATE (n:SupportTest {run: $run, testDbId: $prefix + name, other: CASE name WHEN 'd' THEN $prefix + 'a' END, marked: name = 'd'})
       CREATE (n)-[:SUPPORT_OWNS]->(:SupportOwned {run: $run, testDbId: $prefix + name + '-out'})
       CREATE (n)<-[:SUPPORT_OWNS]-(:SupportOwned {run: $run, testDbId: $prefix + name + '-in'})
       WITH count(*) AS made
       MATCH (c:SupportTest {testDbId: $prefix + 'c'}), (o:SupportOwned {testDbId: $prefix + 'a-out'})
       CREATE (c)-[:SUPPORT_SEES]->(o)`,
      { run, prefix: id(''), names: ['a', 'b', 'c', 'd'] },
    );
  });
  afterEach(async () => {
    await server().graph.write('MATCH (n) WHERE (n:SupportTest OR n:SupportOwned) AND n.run = $run DETACH DELETE n', { run });
  });

  it('removeNodes: the nodes by DbId or DbId prefix, with what they own in the direction given, nothing else', async () => {
    await removeNodes('SupportTest', 'testDbId', [id('a'), id('b')], [{ type: 'SUPPORT_OWNS', dir: 'out' }]);
    expect(await left('SupportTest')).to.deep.equal([id('c'), id('d')]);
    expect(await left('SupportOwned')).to.deep.equal(['a-in', 'b-in', 'c-in', 'c-out', 'd-in', 'd-out'].map(id));
    await removeNodes('SupportTest', 'testDbId', { startsWith: id('c') }, [{ type: 'SUPPORT_OWNS', dir: 'in' }]);
    expect(await left('SupportTest')).to.deep.equal([id('d')]);
    expect(await left('SupportOwned')).to.deep.equal(['a-in', 'b-in', 'c-out', 'd-in', 'd-out'].map(id));
  });

  it('removeWhere: any node holding one of the values listed for one of the properties, within a label, unless another', async () => {
    await removeWhere({ marked: [true], testDbId: [id('b')] }, { label: 'SupportTest' });
    expect(await left('SupportTest')).to.deep.equal([id('a'), id('c')]);
    expect(await left('SupportOwned')).to.have.length(8);
    await removeWhere({ testDbId: [id('a-out'), id('c')] }, { unless: 'SupportTest' });
    expect(await left('SupportTest')).to.deep.equal([id('a'), id('c')]);
    const owned = await left('SupportOwned');
    expect(owned).to.have.length(7);
    expect(owned).to.not.include(id('a-out'));
    await removeWhere({ testDbId: [id('c')] }, { owned: [{ type: 'SUPPORT_OWNS', dir: 'out' }, { type: 'SUPPORT_OWNS', dir: 'in' }] });
    expect(await left('SupportTest')).to.deep.equal([id('a')]);
    expect(await left('SupportOwned')).to.deep.equal(['a-in', 'b-in', 'b-out', 'd-in', 'd-out'].map(id));
  });

  it('removeRecords: each record by its label and DbId property; count reads a counting statement', async () => {
    expect(await count('MATCH (n:SupportTest {run: $run}) RETURN count(n) AS n', { run })).to.equal(4);
    await removeRecords([
      { label: 'SupportTest', idProp: 'testDbId', id: id('a') },
      { label: 'SupportOwned', idProp: 'testDbId', id: id('b-out') },
      { label: 'SupportTest', idProp: 'other', id: id('a') },
      { label: 'SupportOwned', idProp: 'testDbId', id: id('c') },
    ]);
    expect(await left('SupportTest')).to.deep.equal([id('b'), id('c')]);
    expect(await left('SupportOwned')).to.have.length(7).and.not.include(id('b-out'));
    expect(await count('MATCH (n:SupportTest {run: $run}) RETURN count(n) AS n', { run })).to.equal(2);
  });

  it('removeRun: the germplasm posted under the run prefix, with the pedigree history of their write, nothing else', async () => {
    const germplasm = () => count('MATCH (g:Germplasm) RETURN count(g) AS n');
    const changes = () => count('MATCH (c:PedigreeChange) RETURN count(c) AS n');
    const [germplasmBefore, changesBefore] = [await germplasm(), await changes()];
    const posted = await api('POST', '/pedigree', [
      { germplasmDbId: id('p'), germplasmName: 'P' },
      { germplasmDbId: id('s'), germplasmName: 'S', parents: [{ germplasmDbId: id('p'), parentType: 'FEMALE' }, { germplasmDbId: 'soy-williams-82', parentType: 'MALE' }] },
    ]);
    expect(posted.status, posted.text).to.equal(200);
    expect([await germplasm(), await changes()]).to.deep.equal([germplasmBefore + 2, changesBefore + 1]);
    await removeRun(run);
    expect([await germplasm(), await changes()]).to.deep.equal([germplasmBefore, changesBefore]);
    expect((await api('GET', '/germplasm/soy-williams-82')).status).to.equal(200);
  });
});
