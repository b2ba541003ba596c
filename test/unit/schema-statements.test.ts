import { expect } from 'chai';
import { parseVersion } from '../../src/graph/port.js';
import { schemaStatements, type SchemaItem } from '../../src/graph/schema.js';

const items: SchemaItem[] = [
  { label: 'Program', prop: 'programDbId', unique: true },
  { label: 'Germplasm', prop: 'germplasmName', unique: false },
];

const v3 = [
  'CREATE CONSTRAINT ON (n:Program) ASSERT n.programDbId IS UNIQUE',
  'CREATE INDEX ON :Germplasm(germplasmName)',
];
const v40 = [
  'CREATE CONSTRAINT unique_Program_programDbId IF NOT EXISTS ON (n:Program) ASSERT n.programDbId IS UNIQUE',
  'CREATE INDEX index_Germplasm_germplasmName IF NOT EXISTS FOR (n:Germplasm) ON (n.germplasmName)',
];
const v44 = [
  'CREATE CONSTRAINT unique_Program_programDbId IF NOT EXISTS FOR (n:Program) REQUIRE n.programDbId IS UNIQUE',
  'CREATE INDEX index_Germplasm_germplasmName IF NOT EXISTS FOR (n:Germplasm) ON (n.germplasmName)',
];

const cases: Array<{ version: string; expected: string[] }> = [
  { version: '3.1.1', expected: v3 },
  { version: '3.5.35', expected: v3 },
  { version: '4.0.0', expected: v40 },
  { version: '4.3.0', expected: v40 },
  { version: '4.4.0', expected: v44 },
  { version: '5.0.0', expected: v44 },
  { version: '5.26.0', expected: v44 },
];

describe('schemaStatements', function () {
  for (const { version, expected } of cases) {
    it(`Neo4j ${version}`, function () {
      expect(schemaStatements(parseVersion(version), items)).to.deep.equal(expected);
    });
  }

  it('keeps the order of the items and one statement per item', function () {
    const many: SchemaItem[] = [
      { label: 'A', prop: 'x', unique: false },
      { label: 'B', prop: 'y', unique: true },
      { label: 'C', prop: 'z', unique: false },
    ];
    expect(schemaStatements(parseVersion('5.26.0'), many)).to.deep.equal([
      'CREATE INDEX index_A_x IF NOT EXISTS FOR (n:A) ON (n.x)',
      'CREATE CONSTRAINT unique_B_y IF NOT EXISTS FOR (n:B) REQUIRE n.y IS UNIQUE',
      'CREATE INDEX index_C_z IF NOT EXISTS FOR (n:C) ON (n.z)',
    ]);
  });

  it('no items, no statements', function () {
    expect(schemaStatements(parseVersion('5.26.0'), [])).to.deep.equal([]);
  });

  describe('syntax rules per version', function () {
    const all = ['3.1.1', '4.0.0', '4.3.0', '4.4.0', '5.26.0'];
    const unique = (v: string) => schemaStatements(parseVersion(v), [items[0]])[0];
    const index = (v: string) => schemaStatements(parseVersion(v), [items[1]])[0];

    it('3.x: no IF NOT EXISTS and no names', function () {
      expect(unique('3.1.1')).to.match(/^CREATE CONSTRAINT ON \(n:Program\) ASSERT /);
      expect(index('3.1.1')).to.match(/^CREATE INDEX ON :Germplasm\(germplasmName\)$/);
      expect(unique('3.1.1')).to.not.include('IF NOT EXISTS');
      expect(index('3.1.1')).to.not.include('IF NOT EXISTS');
    });

    it('4.0-4.3 constraints use IF NOT EXISTS ON ... ASSERT, never REQUIRE', function () {
      for (const v of ['4.0.0', '4.1.3', '4.2.0', '4.3.0']) {
        expect(unique(v), v).to.include('IF NOT EXISTS ON (n:Program) ASSERT');
        expect(unique(v), v).to.not.include('REQUIRE');
      }
    });

    it('4.4+ and 5 constraints use FOR ... REQUIRE, never ASSERT', function () {
      for (const v of ['4.4.0', '4.4.26', '5.1.0', '5.26.0']) {
        expect(unique(v), v).to.include('IF NOT EXISTS FOR (n:Program) REQUIRE');
        expect(unique(v), v).to.not.include('ASSERT');
      }
    });

    it('indexes on 4.x and 5.x are named and idempotent', function () {
      for (const v of all.filter((x) => !x.startsWith('3'))) {
        expect(index(v), v).to.equal('CREATE INDEX index_Germplasm_germplasmName IF NOT EXISTS FOR (n:Germplasm) ON (n.germplasmName)');
      }
    });
  });
});
