// The pedigree file readers on small files written here: each format, its header variants, and the row problems
// they report (with the line they are on) instead of stopping.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { parentsFirst } from '../../src/modules/germplasm/pedigree/io/importFile.js';
import { detectFormat, readPedigreeFile, type FileFormat, type NamedFile, type NodeFile } from '../../src/modules/germplasm/pedigree/io/readers.js';

describe('pedigree file readers', () => {
  let dir: string;
  before(() => (dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pedigree-readers-'))));
  after(() => fs.rmSync(dir, { recursive: true, force: true }));

  const file = (name: string, text: string) => {
    const p = path.join(dir, name);
    fs.writeFileSync(p, text);
    return p;
  };
  const names = async (p: string, format?: FileFormat, options = {}) =>
    (await readPedigreeFile(p, format ?? (await detectFormat(p)), options)) as NamedFile;
  const rowsOf = (read: NamedFile) => read.rows.map(({ strain, female, male }) => [strain, female, male]);

  it('reads SoyBase TSV: strain, parent 1 (female), parent 2 (male); comments and blank parents', async () => {
    const read = await names(file('soy.tsv', '#Strain\tParent 1\tParent 2\n149\t\t\n293\tWinchester\tHarper\nLine #5\tA\t\n'));
    expect(rowsOf(read)).to.deep.equal([['149', null, null], ['293', 'Winchester', 'Harper'], ['Line #5', 'A', null]]);
    expect(read.rows.map((r) => r.at)).to.deep.equal(['line 2', 'line 3', 'line 4']);
  });

  it('reads Helium as Breedbase writes it (leading comments, LineName FemaleParent MaleParent)', async () => {
    const p = file('bb.txt', '# Pedigrees of provided Accession IDs: 1,2\n# heliumInput = PEDIGREE\nLineName\tFemaleParent\tMaleParent\nP001\tA\tB\nP002\tA\t\n');
    expect(await detectFormat(p)).to.equal('helium');
    expect(rowsOf(await names(p))).to.deep.equal([['P001', 'A', 'B'], ['P002', 'A', null]]);
  });

  it('reads Helium as Germinate writes it (one row per relationship), merging a line\'s rows; F+M of one parent is a self', async () => {
    const p = file('g.helium', '# heliumInput = PEDIGREE\nLineName\tParent\tParentType\nC\tA\tF\nC\tB\tM\nS\tA\tF\nS\tA\tM\nT\tA\tSELF\nX\tA\tOTHER\n');
    const read = await names(p);
    expect(rowsOf(read)).to.deep.equal([['C', 'A', 'B'], ['S', 'A', 'A'], ['T', 'A', 'A']]);
    expect(read.problems).to.have.length(1);
    expect(read.problems[0].at).to.deep.equal(['line 8']);
    expect(read.problems[0].reason).to.contain('OTHER');
  });

  it('reports a line given two different female parents, keeping the first', async () => {
    const read = await names(file('dup.helium', '# heliumInput = PEDIGREE\nLineName\tParent\tParentType\nC\tA\tF\nC\tB\tF\n'));
    expect(rowsOf(read)).to.deep.equal([['C', 'A', null]]);
    expect(read.problems[0]).to.include({ germplasmName: 'C' });
    expect(read.problems[0].at).to.deep.equal(['line 4', 'line 3']);
  });

  it('reads CSV by recognised header names, with quoted names holding commas', async () => {
    const read = await names(file('p.csv', 'Germplasm Name,Mother,Father,Year\n"Hark , Wayne",Hark,Wayne,1970\nZ,,Hark,1971\n'));
    expect(rowsOf(read)).to.deep.equal([['Hark , Wayne', 'Hark', 'Wayne'], ['Z', null, 'Hark']]);
  });

  it('reads CSV columns named by --columns, and another delimiter', async () => {
    const read = await names(file('q.csv', 'id;seed parent;pollen parent\nA1;B;C\n'), 'csv', { delimiter: ';', columns: { name: 'id', female: 'seed parent', male: 'pollen parent' } });
    expect(rowsOf(read)).to.deep.equal([['A1', 'B', 'C']]);
  });

  it('rejects a header it cannot map, saying which columns it needs', async () => {
    const p = file('bad.csv', 'a,b,c\n1,2,3\n');
    try {
      await names(p);
      expect.fail('should have thrown');
    } catch (err) {
      expect((err as Error).message).to.contain('must name the line column');
    }
  });

  it('reports rows without a line name with their line number', async () => {
    const read = await names(file('noname.csv', 'name,female,male\n,A,B\nC,A,B\n'));
    expect(rowsOf(read)).to.deep.equal([['C', 'A', 'B']]);
    expect(read.problems).to.deep.equal([{ at: ['line 2'], reason: 'has no line name' }]);
  });

  it('reads BrAPI JSON: arrays, BrAPI responses and JSON Lines; items without a DbId are reported', async () => {
    const nodes = [{ germplasmDbId: 'a', germplasmName: 'A', parents: [] }, { germplasmName: 'no id' }];
    for (const p of [file('n.json', JSON.stringify(nodes)), file('r.json', JSON.stringify({ metadata: {}, result: { data: nodes } })), file('n.jsonl', nodes.map((n) => JSON.stringify(n)).join('\n') + '\n{broken\n')]) {
      const read = (await readPedigreeFile(p, await detectFormat(p))) as NodeFile;
      expect(read.nodes.map((n) => n.germplasmDbId)).to.deep.equal(['a']);
      expect(read.problems[0]).to.include({ germplasmName: 'no id', reason: 'has no germplasmDbId' });
      if (p.endsWith('.jsonl')) expect(read.problems[1].reason).to.match(/^not JSON/);
    }
  });

  it('orders nodes parents first, and leaves nodes on a cycle last', () => {
    const node = (id: string, ...parents: string[]) => ({ germplasmDbId: id, parents: parents.map((p) => ({ germplasmDbId: p, parentType: 'FEMALE' })) });
    const order = parentsFirst([node('c', 'b'), node('x', 'y'), node('b', 'a'), node('y', 'x'), node('a')]).map((n) => n.germplasmDbId);
    expect(order.indexOf('a')).to.be.lessThan(order.indexOf('b'));
    expect(order.indexOf('b')).to.be.lessThan(order.indexOf('c'));
    expect(order.slice(-2).sort()).to.deep.equal(['x', 'y']);
  });
});
