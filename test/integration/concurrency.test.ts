// Writers at the same moment, through real HTTP on one database: each race here is one the service's locks exist for,
// set up so that it would succeed without them (each writer alone sees a valid graph), and checked on the graph.
import { expect } from 'chai';
import { api, server } from '../support/server.js';
import { removeNodes, removeRun } from '../support/graph.js';
import { runIds } from '../support/run-ids.js';

const { run, id, ref } = runIds('cc-');

describe('concurrent writers', function () {
  after(() => removeRun(run));
  this.timeout(120_000);

  it('two uploads that close a cycle through four germplasm together: one is refused, and no cycle is stored', async () => {
    for (let round = 0; round < 4; round++) {
      const n = (x: string) => `${x}${round}`;
      // Stored A -> B and C -> D (child -> parent). Then B -> C and D -> A at once: each alone is fine, both make
      // A -> B -> C -> D -> A. Only the writers' lock (and the cycle search after it) sees the other's edge.
      const stored = await api('POST', '/pedigree', [
        { germplasmDbId: id(n('A')), germplasmName: n('A'), parents: [ref(n('B'), 'FEMALE')] },
        { germplasmDbId: id(n('C')), germplasmName: n('C'), parents: [ref(n('D'), 'FEMALE')] },
      ]);
      expect(stored.status, stored.text).to.equal(200);
      const results = await Promise.all([
        api('POST', '/pedigree', [{ germplasmDbId: id(n('B')), parents: [ref(n('C'), 'FEMALE')] }]),
        api('POST', '/pedigree', [{ germplasmDbId: id(n('D')), parents: [ref(n('A'), 'FEMALE')] }]),
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

  /** A germplasm's parents as "DbId TYPE", sorted, read from the graph. */
  const parentsOf = async (child: string) => (await server().graph.read<{ p: string }>(
    'MATCH (:Germplasm {germplasmDbId: $child})-[r:PARENT]->(p:Germplasm) RETURN p.germplasmDbId + " " + r.parentType AS p ORDER BY p',
    { child },
  )).map((r) => r.p);
  /** The change id a pedigree write's answer names. */
  const changeIdOf = (res: { json: any }) => /pedigree change (\S+)\./.exec(res.json.metadata.status.map((m: any) => m.message).join(' '))![1];
  const ROUNDS = 5;

  it('two edits making two different parents of one child its FEMALE at once: one wins, the other is refused, never both', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const n = (x: string) => id(`${x}${round}`);
      // X is a bulk of P and Q (two POPULATION parents). Each edit names one of them X's mother, which alone is an
      // open-pollinated family (one FEMALE beside a POPULATION); both make two mothers. Changing the type of a stored
      // relationship takes no lock on X in Neo4j, so only the writers' lock puts the second check after the first write.
      const stored = await api('POST', '/pedigree', [
        { germplasmDbId: n('X'), germplasmName: `X${round}`, parents: [ref(`P${round}`, 'POPULATION'), ref(`Q${round}`, 'POPULATION')] },
      ]);
      expect(stored.status, stored.text).to.equal(200);
      const results = await Promise.all(['P', 'Q'].map((mother) =>
        api('PUT', '/pedigree', { [n(mother)]: { progeny: [{ germplasmDbId: n('X'), parentType: 'FEMALE' }] } })));
      expect(results.map((r) => r.status).sort(), results.map((r) => r.text).join('\n')).to.deep.equal([200, 400]);
      expect(results.find((r) => r.status === 400)!.text).to.contain(`${n('X')}: has 2 FEMALE parents`);
      const winner = results[0].status === 200 ? 'P' : 'Q';
      const other = winner === 'P' ? 'Q' : 'P';
      expect(await parentsOf(n('X'))).to.deep.equal([`${n(winner)} FEMALE`, `${n(other)} POPULATION`].sort());
    }
  });

  it('a merge and an edit giving the duplicate a parent at once: one of them is refused, and no parent is lost', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const n = (x: string) => id(`m${x}${round}`);
      // S = F x M; D is the same line entered again without its pedigree, and is merged into S while an edit gives D
      // the mother G. Merge first: D is gone and the edit (which does not name D) is refused. Edit first: D and S have
      // different parents and the merge is refused. Without the lock, the merge deleted D with the edit's new
      // relationship after both answered 200.
      const stored = await api('POST', '/pedigree', [
        { germplasmDbId: n('S'), germplasmName: `mS${round}`, parents: [ref(`mF${round}`, 'FEMALE'), ref(`mM${round}`, 'MALE')] },
        { germplasmDbId: n('D'), germplasmName: `mD${round}` },
        { germplasmDbId: n('G'), germplasmName: `mG${round}` },
      ]);
      expect(stored.status, stored.text).to.equal(200);
      const [merged, edited] = await Promise.all([
        api('POST', `/extensions/germplasm/${encodeURIComponent(n('S'))}/merge`, { duplicateDbId: n('D') }),
        api('PUT', '/pedigree', { [n('D')]: { parents: [{ germplasmDbId: n('G'), parentType: 'FEMALE' }] } }),
      ]);
      const texts = `merge: ${merged.status} ${merged.text}\nedit: ${edited.status} ${edited.text}`;
      expect([merged.status, edited.status].sort(), texts).to.deep.equal([200, merged.status === 200 ? 400 : 409]);
      const sParents = [`${n('F')} FEMALE`, `${n('M')} MALE`];
      expect(await parentsOf(n('S')), texts).to.deep.equal(sParents);
      const [{ d, gChildren }] = await server().graph.read<{ d: number; gChildren: string[] }>(
        `RETURN count { MATCH (g:Germplasm {germplasmDbId: $d}) } AS d,
           COLLECT { MATCH (c:Germplasm)-[:PARENT]->(:Germplasm {germplasmDbId: $g}) RETURN c.germplasmDbId } AS gChildren`,
        { d: n('D'), g: n('G') },
      );
      if (merged.status === 200) {
        expect(edited.text).to.contain(`${n('D')}: does not exist`);
        expect({ d, gChildren }, texts).to.deep.equal({ d: 0, gChildren: [] });
      } else {
        expect(merged.text).to.contain('Both have parents and they differ');
        expect({ d, gChildren }, texts).to.deep.equal({ d: 1, gChildren: [n('D')] });
      }
    }
  });

  it('an undo and a later edit of the same relationship at once: the edit is never overwritten by the undo', async () => {
    for (let round = 0; round < ROUNDS; round++) {
      const n = (x: string) => id(`u${x}${round}`);
      // X = A x B; an edit makes C its father (change c1). Then, at once: undo c1 (B back) and an edit making E the
      // father. Undo first: B, then E. Edit first: the undo is refused, since the relationship changed after c1. Either
      // way E stays; an undo planned on what it read before the edit committed would put B back over it.
      const stored = await api('POST', '/pedigree', [
        { germplasmDbId: n('X'), germplasmName: `uX${round}`, parents: [ref(`uA${round}`, 'FEMALE'), ref(`uB${round}`, 'MALE')] },
      ]);
      expect(stored.status, stored.text).to.equal(200);
      const c1 = await api('PUT', '/pedigree', { [n('X')]: { parents: [ref(`uA${round}`, 'FEMALE'), ref(`uC${round}`, 'MALE')] } });
      expect(c1.status, c1.text).to.equal(200);
      const [undone, edited] = await Promise.all([
        api('POST', `/extensions/pedigree-history/${changeIdOf(c1)}/undo`),
        api('PUT', '/pedigree', { [n('X')]: { parents: [ref(`uA${round}`, 'FEMALE'), ref(`uE${round}`, 'MALE')] } }),
      ]);
      const texts = `undo: ${undone.status} ${undone.text}\nedit: ${edited.status} ${edited.text}`;
      expect(edited.status, texts).to.equal(200);
      expect(undone.status, texts).to.be.oneOf([200, 409]);
      if (undone.status === 409) expect(undone.text).to.contain(`the same relationships were changed later (${changeIdOf(edited)})`);
      expect(await parentsOf(n('X')), texts).to.deep.equal([`${n('A')} FEMALE`, `${n('E')} MALE`]);
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
    await removeNodes('SeedLot', 'seedLotDbId', [lot.seedLotDbId], [{ type: 'FROM_LOT', dir: 'in' }]);
  });
});
