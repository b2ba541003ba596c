import { expect } from 'chai';
import { fileURLToPath } from 'node:url';
import { expressionId, namedPedigree, parseExpression } from '../../src/modules/germplasm/pedigree/io/namedRows.js';
import { readSoybase } from '../../src/demo/soybase.js';

describe('SoyBase pedigree expressions', () => {
  const cases: Array<[string, unknown]> = [
    ['( Kent 7 X L49-4196 )', [{ name: 'Kent 7' }, { name: 'L49-4196' }]],
    ['( AG4703 , ( AG4404 , MON89788 ) )', [{ name: 'AG4703' }, { expr: '( AG4404 , MON89788 )' }]],
    ['Hark , Wayne', [{ name: 'Hark' }, { name: 'Wayne' }]],
    ['( A , B ) X C', [{ expr: '( A , B )' }, { name: 'C' }]],
    ['Asgrow A3205 , W20 )', null],
    ['( A , B , C )', null],
    ['( A X )', null],
  ];
  for (const [text, expected] of cases) {
    it(`parses ${JSON.stringify(text)}`, () => expect(parseExpression(text)).to.deep.equal(expected));
  }

  describe('on the real file', () => {
    const data = readSoybase(fileURLToPath(new URL('../../fixtures/soybase', import.meta.url)));
    const ids = new Map(data.germplasm.map((g) => [g.record.germplasmName as string, g.germplasmDbId]));
    const nodes = namedPedigree(data.rows, ids);
    const byId = new Map(nodes.map((n) => [n.germplasmDbId, n]));

    it('gives Williams 82 its two parents, female first', () => {
      expect(byId.get('soy-williams-82')!.parents.map((p) => [p.germplasmName, p.parentType])).to.deep.equal([
        ['Williams 7', 'FEMALE'],
        ['Kingwa', 'MALE'],
      ]);
    });

    it('turns a row whose parents are the same line into one SELF parent', () => {
      const row = data.rows.find((r) => r.strain === 'NE1900')!;
      expect(row.female).to.equal(row.male);
      expect(byId.get(ids.get('NE1900')!)!.parents).to.deep.equal([{ germplasmDbId: ids.get('MSBP1'), germplasmName: 'MSBP1', parentType: 'SELF' }]);
    });

    it('makes each inline expression one germplasm whose parents are its sides', () => {
      const expr = '( Kent 7 , L49-4196 )';
      const node = byId.get(expressionId(expr));
      expect(node).to.include({ germplasmName: expr });
      expect(node!.parents.map((p) => p.germplasmName)).to.deep.equal(['Kent 7', 'L49-4196']);
      expect(new Set(nodes.map((n) => n.germplasmDbId)).size).to.equal(nodes.length);
    });

    it('keeps the known bad records as they are, for the upload to reject', () => {
      const p90b74 = byId.get(ids.get('Pioneer P90B74')!)!;
      expect(p90b74.parents.map((p) => p.germplasmDbId)).to.include(p90b74.germplasmDbId);
    });
  });
});
