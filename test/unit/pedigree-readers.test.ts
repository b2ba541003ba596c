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
  /** [line, female, male] for files of two sexed parents. */
  const rowsOf = (read: NamedFile) =>
    read.rows.map(({ strain, parents }) => {
      const of = (type: string) => parents.find((p) => p.parentType === type || p.parentType === 'SELF')?.name ?? null;
      return [strain, of('FEMALE'), of('MALE')];
    });
  /** line -> "name:TYPE" of every parent, in file order. */
  const parentsOf = (read: NamedFile) => Object.fromEntries(read.rows.map((r) => [r.strain, r.parents.map((p) => `${p.name}:${p.parentType}`)]));

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
    const p = file('g.helium', '# heliumInput = PEDIGREE\nLineName\tParent\tParentType\nC\tA\tF\nC\tB\tM\nS\tA\tF\nS\tA\tM\nT\tA\tSELF\nX\tA\tOTHER\nY\tA\tWHO\n');
    const read = await names(p);
    expect(parentsOf(read)).to.deep.equal({ C: ['A:FEMALE', 'B:MALE'], S: ['A:SELF'], T: ['A:SELF'], X: ['A:POPULATION'] }); // Y's only row was left out
    expect(read.unsexed).to.equal(1);
    expect(read.problems).to.have.length(1);
    expect(read.problems[0].at).to.deep.equal(['line 9']);
    expect(read.problems[0].reason).to.contain('"WHO"');
  });

  it('keeps every parent without a sex (Helium OTHER), as POPULATION or, with the ordered policy, FEMALE then MALE', async () => {
    const text = '# heliumInput = PEDIGREE\nLineName\tParent\tParentType\nK\tA\tOTHER\nK\tB\tOTHER\nK\tC\tOTHER\nL\tA\tOTHER\nL\tB\tOTHER\nM\tA\tOTHER\n';
    const p = file('other.helium', text);
    expect(parentsOf(await names(p))).to.deep.equal({ K: ['A:POPULATION', 'B:POPULATION', 'C:POPULATION'], L: ['A:POPULATION', 'B:POPULATION'], M: ['A:POPULATION'] });
    const ordered = await names(p, undefined, { unsexed: 'ordered' });
    expect(parentsOf(ordered)).to.deep.equal({ K: ['A:POPULATION', 'B:POPULATION', 'C:POPULATION'], L: ['A:FEMALE', 'B:MALE'], M: ['A:POPULATION'] });
    expect(ordered.unsexed).to.equal(6);
  });

  it('reads every BrAPI parent type a Helium export writes, so an export imports back as it was', async () => {
    const p = file('types.helium', '# heliumInput = PEDIGREE\nLineName\tParent\tParentType\nA\tF1\tF\nA\tM1\tM\nB\tS1\tF\nB\tS1\tM\nC\tP1\tPOPULATION\nC\tP2\tPOPULATION\nD\tC1\tCLONAL\nE\tF1\tFEMALE\nE\tP1\tPOPULATION\n');
    const read = await names(p);
    expect(read.problems).to.deep.equal([]);
    expect(parentsOf(read)).to.deep.equal({ A: ['F1:FEMALE', 'M1:MALE'], B: ['S1:SELF'], C: ['P1:POPULATION', 'P2:POPULATION'], D: ['C1:CLONAL'], E: ['F1:FEMALE', 'P1:POPULATION'] });
  });

  it('reads a headerless parent,child edge list with CRLF line endings: a child collects its parents from every row', async () => {
    const p = file('edges.csv', 'Mo17,Hybrid1\r\nB73,Hybrid1\r\nB73,Syn1\r\nMo17,Syn1\r\nOh43,Syn1\r\nB73,Hybrid1\r\n');
    try {
      await names(p);
      expect.fail('a header it cannot map should be refused');
    } catch (err) {
      expect((err as Error).message).to.contain('--no-header');
    }
    const read = await names(p, 'csv', { header: false, columns: { parent: '1', child: '2' } });
    expect(parentsOf(read)).to.deep.equal({ Hybrid1: ['Mo17:POPULATION', 'B73:POPULATION'], Syn1: ['B73:POPULATION', 'Mo17:POPULATION', 'Oh43:POPULATION'] });
    expect(read.rows.map((r) => r.at)).to.deep.equal(['line 1', 'line 3']);
    expect(read.merged).to.deep.equal([{ at: ['line 6', 'line 2'], germplasmName: 'Hybrid1', reason: 'repeats the relationship Hybrid1 <- B73 (no sex given); merged with line 2' }]);
    const swapped = await names(file('edges2.csv', 'Hybrid1,Mo17\n'), 'csv', { header: false, columns: { child: '1', parent: '2' } });
    expect(parentsOf(swapped)).to.deep.equal({ Hybrid1: ['Mo17:POPULATION'] });
  });

  it('recognises parent,child as column names, and counts lines truly whatever the line endings', async () => {
    const read = await names(file('mixed.csv', 'parent,child\nA,X\r\nB,X\rC,Y\r\n\r\n,Z\n'));
    expect(parentsOf(read)).to.deep.equal({ X: ['A:POPULATION', 'B:POPULATION'], Y: ['C:POPULATION'], Z: [] });
    expect(read.rows.map((r) => r.at)).to.deep.equal(['line 2', 'line 4', 'line 6']);
  });

  it('refuses a position that is not a column number without a header', async () => {
    try {
      await names(file('pos.csv', 'a,b\n'), 'csv', { header: false, columns: { parent: 'Parent', child: '2' } });
      expect.fail('should have thrown');
    } catch (err) {
      expect((err as Error).message).to.contain('parent=Parent is not one');
    }
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
