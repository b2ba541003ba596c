import { expect } from 'chai';
import { schemaStatements, type SchemaItem } from '../../src/graph/schema.js';

describe('schemaStatements', function () {
  it('writes Neo4j 5 schema commands, idempotent and named after label and property', function () {
    const items: SchemaItem[] = [
      { label: 'Program', prop: 'programDbId', unique: true },
      { label: 'Germplasm', prop: 'germplasmName', unique: false },
      { label: 'Location', prop: 'position', unique: false, point: true },
      { label: 'Germplasm', prop: 'names', unique: false, fulltext: ['germplasmName', 'synonymNames'] },
      { label: 'SequenceBlock', prop: 'referenceDbId', unique: false, composite: ['index'] },
    ];
    expect(schemaStatements(items)).to.deep.equal([
      'CREATE CONSTRAINT unique_Program_programDbId IF NOT EXISTS FOR (n:Program) REQUIRE n.programDbId IS UNIQUE',
      'CREATE INDEX index_Germplasm_germplasmName IF NOT EXISTS FOR (n:Germplasm) ON (n.germplasmName)',
      'CREATE POINT INDEX point_Location_position IF NOT EXISTS FOR (n:Location) ON (n.position)',
      'CREATE FULLTEXT INDEX fulltext_Germplasm_names IF NOT EXISTS FOR (n:Germplasm) ON EACH [n.germplasmName, n.synonymNames] ' +
        "OPTIONS {indexConfig: {`fulltext.analyzer`: 'standard-no-stop-words'}}",
      'CREATE INDEX index_SequenceBlock_referenceDbId_index IF NOT EXISTS FOR (n:SequenceBlock) ON (n.referenceDbId, n.index)',
    ]);
  });

  it('keeps the order of the items, one statement per item, and nothing for no items', function () {
    const many: SchemaItem[] = ['a', 'b', 'c'].map((prop) => ({ label: 'X', prop, unique: false }));
    expect(schemaStatements(many).map((s) => s.split(' ')[2])).to.deep.equal(['index_X_a', 'index_X_b', 'index_X_c']);
    expect(schemaStatements([])).to.deep.equal([]);
  });
});
