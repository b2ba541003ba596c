// A pedigree write works out before it writes what the graph will be (parentsAfter.ts): each child's parents, the
// stored relationships a PUT removes, the cycles through stored germplasm. These cases would go wrong if it
// miscounted: a relationship the same PUT removes must not make a cycle or break a parent set, and a rejected write
// must send no statement that writes a relationship.
import { expect } from 'chai';
import { api, server } from '../support/server.js';
import { statementsOf } from '../support/statements.js';

const run = `wp${Date.now().toString(36)}`;
const id = (name: string) => `${run}-${name}`;
const ref = (name: string, parentType: string) => ({ germplasmDbId: id(name), germplasmName: name, parentType });

async function parentsOf(name: string): Promise<string[]> {
  const rows = await server().graph.read<{ p: string; t: string }>(
    'MATCH (:Germplasm {germplasmDbId: $id})-[r:PARENT]->(p:Germplasm) RETURN p.germplasmDbId AS p, r.parentType AS t ORDER BY p',
    { id: id(name) },
  );
  return rows.map((r) => `${r.p.slice(run.length + 1)} ${r.t}`);
}

describe('pedigree writes worked out before writing', () => {
  before(async () => {
    // A is a child of B; C of A (B <- A <- C).
    const res = await api('POST', '/pedigree', [
      { germplasmDbId: id('B'), germplasmName: 'B' },
      { germplasmDbId: id('A'), germplasmName: 'A', parents: [ref('B', 'FEMALE')] },
      { germplasmDbId: id('C'), germplasmName: 'C', parents: [ref('A', 'SELF')] },
      { germplasmDbId: id('D'), germplasmName: 'D' },
    ]);
    expect(res.status, res.text).to.equal(200);
  });

  it('a PUT that replaces a parent and gives the reverse relationship in one request is no cycle', async () => {
    // A's parents become none (A -> B removed), and B's become A: B <- A would be a cycle only with A -> B kept.
    const res = await api('PUT', '/pedigree', { [id('A')]: { germplasmDbId: id('A'), parents: [] }, [id('B')]: { germplasmDbId: id('B'), parents: [ref('A', 'FEMALE')] } });
    expect(res.status, res.text).to.equal(200);
    expect(await parentsOf('A')).to.deep.equal([]);
    expect(await parentsOf('B')).to.deep.equal(['A FEMALE']);
    // And back: a cycle through the kept stored relationship C -> A is still found (A's parent C would close it).
    const cycle = await api('PUT', '/pedigree', { [id('A')]: { germplasmDbId: id('A'), parents: [ref('C', 'FEMALE')] } });
    expect(cycle.status, cycle.text).to.equal(400);
    expect(cycle.text).to.contain('own ancestor').and.contain('A → C → A');
  });

  it('a PUT that replaces a progeny relationship frees the child for a parent set it would break otherwise', async () => {
    // C has one SELF parent, A. Replacing A's progeny with none removes C -> A, so C may take D as its SELF parent
    // (given from D's side: C's own parents are not replaced, so only the progeny replacement frees it).
    const res = await api('PUT', '/pedigree', {
      [id('A')]: { germplasmDbId: id('A'), progeny: [] },
      [id('D')]: { germplasmDbId: id('D'), progeny: [ref('C', 'SELF')] },
    });
    expect(res.status, res.text).to.equal(200);
    expect(await parentsOf('C')).to.deep.equal(['D SELF']);
  });

  it('a rejected write sends no statement that writes a relationship', async () => {
    // Any statement that creates or merges a PARENT relationship or sets its type.
    const writes = /(CREATE|MERGE)\s*\(\w*\)-\[\w*:PARENT|SET r\.parentType/;
    let status = 0;
    const sent = await statementsOf(async () => {
      // C's parent is D, so D taking C as a parent closes a cycle.
      status = (await api('POST', '/pedigree', [{ germplasmDbId: id('D'), parents: [ref('C', 'MALE')] }])).status;
    });
    expect(status).to.equal(400);
    expect(sent.filter((s) => writes.test(s))).to.deep.equal([]);
  });
});
