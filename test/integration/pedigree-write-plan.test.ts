// A pedigree write works out before it writes what the graph will be (parentsAfter.ts): each child's parents, the
// stored relationships a PUT removes, the cycles through stored germplasm. These cases would go wrong if it
// miscounted: a relationship the same PUT removes must not make a cycle or break a parent set, and a rejected write
// must send no statement that writes a relationship.
import { expect } from 'chai';
import { DEFAULT_ARRAYS } from '../../src/modules/germplasm/pedigree/routes.js';
import { presentPedigreeNodes } from '../../src/modules/germplasm/pedigree/presenter.js';
import { nodesQuery, purdyWalksQuery, readPedigreeNodes } from '../../src/modules/germplasm/pedigree/traversal.js';
import { removeRun } from '../support/graph.js';
import { api, server } from '../support/server.js';
import { statementsOf } from '../support/statements.js';

const run = `wp${Date.now().toString(36)}`;
const id = (name: string) => `${run}-${name}`;
const ref = (name: string, parentType: string) => ({ germplasmDbId: id(name), germplasmName: name, parentType });
// What the file posts under its run prefix is removed once its suites are done.
after(() => removeRun(run));

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

describe('the answer of a pedigree write, from what it wrote', () => {
  const readBack = nodesQuery(DEFAULT_ARRAYS);
  /** The write's answer, whether it read its nodes back or stored germplasm's Purdy walks, and the nodes as read from the graph now. */
  async function written(method: 'POST' | 'PUT', body: unknown) {
    let res: Awaited<ReturnType<typeof api>> | undefined;
    const sent = await statementsOf(async () => {
      res = await api(method, '/pedigree', body);
    });
    expect(res!.status, res!.text).to.equal(200);
    const data = res!.json.result.data;
    const ids = data.map((n: { germplasmDbId: string }) => n.germplasmDbId);
    const graphNow = presentPedigreeNodes(await readPedigreeNodes(server().graph, ids, DEFAULT_ARRAYS));
    return { data, readBack: sent.includes(readBack), walks: sent.includes(purdyWalksQuery()), graphNow: JSON.parse(JSON.stringify(graphNow)) };
  }

  before(async () => {
    // Stored: S (named), U (unnamed, whose parents a Purdy string reads: S and T).
    const res = await api('POST', '/pedigree', [
      { germplasmDbId: id('S'), germplasmName: 'S' },
      { germplasmDbId: id('T'), germplasmName: 'T "quoted" / name' },
      { germplasmDbId: id('U'), parents: [ref('S', 'FEMALE'), ref('T', 'MALE')] },
    ]);
    expect(res.status, res.text).to.equal(200);
  });

  it('new germplasm under stored and new parents: no read-back, the answer is the graph as written', async () => {
    const { data, readBack: sent, walks, graphNow } = await written('POST', [
      // An unnamed new germplasm (its string expands it), a selection from it, and a cross of it with stored S.
      { germplasmDbId: id('N1'), parents: [ref('S', 'FEMALE'), { germplasmDbId: id('N0'), germplasmName: 'N0', parentType: 'MALE' }], additionalInfo: { a: '1' }, crossingYear: 2001 },
      { germplasmDbId: id('N2'), germplasmName: 'N2', parents: [{ germplasmDbId: id('N1'), parentType: 'SELF' }], pedigreeString: 'recorded/other' },
      { germplasmDbId: id('N3'), germplasmName: 'N3', parents: [{ germplasmDbId: id('N1'), parentType: 'FEMALE' }, ref('T', 'MALE')], progeny: [{ germplasmDbId: id('N4'), germplasmName: 'N4', parentType: 'SELF' }] },
    ]);
    expect(sent).to.equal(false);
    expect(walks, 'no stored germplasm\'s parents are read').to.equal(false);
    expect(data).to.deep.equal(graphNow);
    // Strings that expand the new unnamed N1 (and so read its parents from the write).
    expect(data.find((n: { germplasmDbId: string }) => n.germplasmDbId === id('N2')).pedigreeString).to.contain('S/N0');
  });

  it('a Purdy string through stored parents reads their walk only; a stored germplasm in the answer is read back', async () => {
    // V's string expands its unnamed stored parent U, whose parents (S and T) the write never read: it reads U's walk
    // after the write instead of the page.
    const through = await written('POST', [{ germplasmDbId: id('V'), germplasmName: 'V', parents: [{ germplasmDbId: id('U'), parentType: 'SELF' }] }]);
    expect(through.readBack).to.equal(false);
    expect(through.walks).to.equal(true);
    expect(through.data).to.deep.equal(through.graphNow);
    // U's parents by the names the read gave (T's quoted, as Purdy strings write a name holding a slash).
    expect(through.data[0].pedigreeString).to.equal('S/"T ""quoted"" / name"');
    // A PUT of a stored germplasm (its other fields are not in the request).
    const stored = await written('PUT', { [id('S')]: { germplasmName: 'S', progeny: [{ germplasmDbId: id('W'), germplasmName: 'W', parentType: 'FEMALE' }] } });
    expect(stored.readBack).to.equal(true);
    expect(stored.data).to.deep.equal(stored.graphNow);
  });
});
