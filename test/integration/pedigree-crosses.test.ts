// A cross is a pedigree node: its family germplasm (the germplasm with the cross's DbId) hangs under the cross's
// parents as soon as the cross is recorded, lines derived from it hang under it, and it follows the cross's changes.
import { expect } from 'chai';
import { createEntities } from '../../src/entities/commands/createEntities.js';
import { ConflictError } from '../../src/errors.js';
import { crossEntity } from '../../src/modules/germplasm/crosses/crosses.entity.js';
import { HISTORY, removeNodes } from '../support/graph.js';
import { api, server } from '../support/server.js';

type Node = { germplasmDbId: string; germplasmName: string; parents: Array<{ germplasmDbId: string; parentType: string }>; progeny: Array<{ germplasmDbId: string; parentType: string }> };

async function nodeOf(id: string): Promise<Node> {
  const res = await api('GET', `/pedigree?germplasmDbId=${encodeURIComponent(id)}&pageSize=1000`);
  expect(res.status, res.text).to.equal(200);
  return (res.json.result.data as Node[]).find((n) => n.germplasmDbId === id)!;
}

const parentsOf = async (id: string) => (await nodeOf(id)).parents.map((p) => `${p.germplasmDbId}:${p.parentType}`).sort();

describe('crosses in the pedigree', () => {
  // The crosses made here (all named PXC-...), their families (which take the cross's DbId) with their history, and
  // the line derived from one: Williams 82's progeny are counted by other files.
  after(async () => {
    const crosses = await server().graph.read<{ id: string }>('MATCH (c:Cross) WHERE c.crossName STARTS WITH $prefix RETURN c.crossDbId AS id', { prefix: 'PXC-' });
    const germplasm = ['pxc-001-f2-1', ...crosses.map((c) => c.id)];
    await removeNodes('Germplasm', 'germplasmDbId', germplasm, HISTORY);
    await removeNodes('Cross', 'crossName', { startsWith: 'PXC-' });
  });
  it('a recorded cross shows under its parents at once, as its family; a line derived from it hangs under it', async () => {
    const before = (await nodeOf('soy-williams-82')).progeny.length;
    const posted = await api('POST', '/crosses', [{
      crossName: 'PXC-001', crossType: 'BIPARENTAL',
      parent1: { germplasmDbId: 'soy-williams-82', parentType: 'FEMALE' },
      parent2: { germplasmDbId: 'soy-essex', parentType: 'MALE' },
    }]);
    expect(posted.status, posted.text).to.equal(200);
    const crossDbId = posted.json.result.data[0].crossDbId as string;
    const w82 = await nodeOf('soy-williams-82');
    expect(w82.progeny.length).to.equal(before + 1);
    expect(w82.progeny).to.deep.include({ germplasmDbId: crossDbId, germplasmName: 'PXC-001', parentType: 'FEMALE' });
    expect(await parentsOf(crossDbId)).to.deep.equal(['soy-essex:MALE', 'soy-williams-82:FEMALE']);
    const family = (await api('GET', `/germplasm/${crossDbId}`)).json.result;
    expect([family.germplasmName, family.commonCropName]).to.deep.equal(['PXC-001', 'Soybean']);

    const line = await api('POST', '/pedigree', [{ germplasmDbId: 'pxc-001-f2-1', germplasmName: 'PXC-001-F2-1', parents: [{ germplasmDbId: crossDbId, parentType: 'SELF' }] }]);
    expect(line.status, line.text).to.equal(200);
    expect((await nodeOf(crossDbId)).progeny.map((p) => p.germplasmDbId)).to.deep.equal(['pxc-001-f2-1']);
    const [{ linked }] = await server().graph.read<{ linked: boolean }>('MATCH (c:Cross {crossDbId: $id}) RETURN EXISTS { (c)-[:FAMILY]->(:Germplasm {germplasmDbId: $id}) } AS linked', { id: crossDbId });
    expect(linked).to.equal(true);

    // Changing the cross moves its family: the male parent was Forrest after all.
    const put = await api('PUT', '/crosses', { [crossDbId]: { parent2: { germplasmDbId: 'soy-forrest', parentType: 'MALE' } } });
    expect(put.status, put.text).to.equal(200);
    expect(await parentsOf(crossDbId)).to.deep.equal(['soy-forrest:MALE', 'soy-williams-82:FEMALE']);
  });

  it('a self cross has one SELF parent', async () => {
    const posted = await api('POST', '/crosses', [{ crossName: 'PXC-SELF', crossType: 'SELF', parent1: { germplasmDbId: 'soy-lee', parentType: 'SELF' } }]);
    expect(posted.status, posted.text).to.equal(200);
    expect(await parentsOf(posted.json.result.data[0].crossDbId)).to.deep.equal(['soy-lee:SELF']);
  });

  it('the demo crosses are in the pedigree of Williams 82', async () => {
    const progeny = (await nodeOf('soy-williams-82')).progeny.map((p) => p.germplasmDbId);
    expect(progeny).to.include.members(['cross-2024-w82-x-essex-01', 'cross-2024-w82-x-forrest-bc1-01']);
  });

  it('refuses, and writes nothing, a cross whose DbId another germplasm has, or whose parents are of two crops', async () => {
    // The API makes new DbIds; a loader that keeps its own (fixtures, imports) could reuse a germplasm's.
    const taken = createEntities(server().graph, {
      entity: crossEntity,
      records: [{ crossName: 'PXC-TAKEN', parent1: { germplasmDbId: 'soy-essex', parentType: 'FEMALE' } }],
      ids: ['soy-lee'],
    });
    const err = await taken.then(() => undefined, (e: unknown) => e);
    expect(err).to.be.instanceOf(ConflictError);
    expect((err as Error).message).to.contain('crossDbId "soy-lee" is already the germplasmDbId of a germplasm');
    expect((await api('GET', '/crosses?crossName=PXC-TAKEN')).json.result.data).to.deep.equal([]);
    expect(await parentsOf('soy-lee')).to.not.include('soy-essex:FEMALE');

    const [{ id: barley }] = await server().graph.read<{ id: string }>(`MATCH (g:Germplasm {commonCropName: 'Barley'}) RETURN g.germplasmDbId AS id ORDER BY id LIMIT 1`);
    const wide = await api('POST', '/crosses', [{ crossName: 'PXC-WIDE', parent1: { germplasmDbId: 'soy-lee', parentType: 'FEMALE' }, parent2: { germplasmDbId: barley, parentType: 'MALE' } }]);
    expect(wide.status).to.equal(400);
    expect(wide.text).to.contain('has parents of different crops');
    expect((await api('GET', '/crosses?crossName=PXC-WIDE')).json.result.data).to.deep.equal([]);
  });
});
