// Writers at the same moment, through real HTTP on one database: each race here is one the service's locks exist for,
// set up so that it would succeed without them (each writer alone sees a valid graph), and checked on the graph.
import { expect } from 'chai';
import { api, server } from '../support/server.js';

const run = `cc-${Date.now()}`;
const id = (name: string) => `${run}-${name}`;
const ref = (name: string, parentType = 'FEMALE') => ({ germplasmDbId: id(name), germplasmName: name, parentType });

describe('concurrent writers', function () {
  this.timeout(120_000);

  it('two uploads that close a cycle through four germplasm together: one is refused, and no cycle is stored', async () => {
    for (let round = 0; round < 4; round++) {
      const n = (x: string) => `${x}${round}`;
      // Stored A -> B and C -> D (child -> parent). Then B -> C and D -> A at once: each alone is fine, both make
      // A -> B -> C -> D -> A. Only the writers' lock (and the cycle search after it) sees the other's edge.
      const stored = await api('POST', '/pedigree', [
        { germplasmDbId: id(n('A')), germplasmName: n('A'), parents: [ref(n('B'))] },
        { germplasmDbId: id(n('C')), germplasmName: n('C'), parents: [ref(n('D'))] },
      ]);
      expect(stored.status, stored.text).to.equal(200);
      const results = await Promise.all([
        api('POST', '/pedigree', [{ germplasmDbId: id(n('B')), parents: [ref(n('C'))] }]),
        api('POST', '/pedigree', [{ germplasmDbId: id(n('D')), parents: [ref(n('A'))] }]),
      ]);
      expect(results.map((r) => r.status).sort(), results.map((r) => r.text).join('\n')).to.deep.equal([200, 400]);
      expect(results.find((r) => r.status === 400)!.text).to.contain('own ancestor');
      const [{ cycles }] = await server().graph.read<{ cycles: number }>(
        'MATCH (g:Germplasm {germplasmDbId: $a}) RETURN count { (g)-[:PARENT*1..8]->(g) } AS cycles',
        { a: id(n('A')) },
      );
      expect(cycles).to.equal(0);
    }
  });

  it('two uploads creating the same new germplasm: one node, and each answer a success or a clear 4xx', async () => {
    for (let round = 0; round < 4; round++) {
      const dup = id(`dup${round}`);
      const results = await Promise.all([
        api('POST', '/pedigree', [{ germplasmDbId: dup, germplasmName: `Dup ${round} by one`, parents: [{ germplasmDbId: 'soy-lee', parentType: 'FEMALE' }] }]),
        api('POST', '/pedigree', [{ germplasmDbId: dup, germplasmName: `Dup ${round} by two`, parents: [{ germplasmDbId: 'soy-essex', parentType: 'MALE' }] }]),
      ]);
      for (const r of results) expect(r.status, r.text).to.be.oneOf([200, 409]);
      const [{ n, names }] = await server().graph.read<{ n: number; names: string[] }>(
        'MATCH (g:Germplasm {germplasmDbId: $id}) RETURN count(g) AS n, collect(g.germplasmName) AS names',
        { id: dup },
      );
      expect(n).to.equal(1);
      // The first writer named it; the second (POST keeps what exists) only added its parent, if it got through.
      expect(names[0]).to.match(/^Dup \d by (one|two)$/);
    }
  });

  it('withdrawals from one seed lot at once never take more than it holds', async () => {
    const [lot] = (await api('POST', '/seedlots', [{ seedLotName: `${run} lot`, amount: 10, units: 'seeds' }])).json.result.data;
    const take = () => api('POST', '/seedlots/transactions', [{ fromSeedLotDbId: lot.seedLotDbId, amount: 3, units: 'seeds', transactionDescription: `${run} take` }]);
    const results = await Promise.all(Array.from({ length: 8 }, take));
    const accepted = results.filter((r) => r.status === 200).length;
    for (const r of results.filter((x) => x.status !== 200)) {
      expect(r.status, r.text).to.equal(400);
      expect(r.text).to.contain('take more than seed lot');
    }
    expect(accepted).to.equal(3);
    expect((await api('GET', `/seedlots/${lot.seedLotDbId}`)).json.result.amount).to.equal(1);
  });

  it('many writers on one pedigree all answer, each write whole', async () => {
    const base = id('hub');
    await api('POST', '/pedigree', [{ germplasmDbId: base, germplasmName: 'Hub' }]);
    const writers = Array.from({ length: 12 }, (_, i) =>
      api('PUT', '/pedigree', { [id(`w${i}`)]: { germplasmName: `W${i}`, parents: [{ germplasmDbId: base, parentType: 'FEMALE' }] } }));
    const results = await Promise.all(writers);
    expect(results.map((r) => r.status)).to.deep.equal(Array(12).fill(200));
    const progeny = (await api('GET', `/pedigree?germplasmDbId=${base}&progenyDepth=1&pedigreeDepth=0`)).json.result.data
      .find((x: { germplasmDbId: string }) => x.germplasmDbId === base).progeny;
    expect(progeny).to.have.length(12);
  });
});
