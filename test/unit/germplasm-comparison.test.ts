// The pure parts of the germplasm comparison and merge extensions: common ancestors and their generations, the
// relationships a merge knows how to move (from the entity declarations), and how it merges names and JSON fields.
import { expect } from 'chai';
import { commonAncestors, generationsUp, pedigreePath } from '../../src/modules/extensions/germplasm-comparison/compare.js';
import { mergedReferences, mergedSynonyms, movableLinks, renamedField } from '../../src/modules/extensions/germplasm-merge/merge.js';
import { jsonFieldsQuery, moveQuery, writeJsonFieldsQuery } from '../../src/modules/extensions/germplasm-merge/queries.js';
import { entities } from '../../src/modules/registry.js';

const rec = (id: string, ...parents: Array<[string, string]>) => ({ germplasmDbId: id, germplasmName: id.toUpperCase(), parents: parents.map(([p, t]) => ({ germplasmDbId: p, parentType: t })) });

describe('germplasm comparison', () => {
  // a x b -> c; c x a -> bc (a backcross); c selfed -> s; b x d -> e.
  const records = [rec('a'), rec('b'), rec('d'), rec('c', ['a', 'FEMALE'], ['b', 'MALE']), rec('bc', ['c', 'FEMALE'], ['a', 'MALE']), rec('s', ['c', 'SELF']), rec('e', ['b', 'FEMALE'], ['d', 'MALE'])];
  const parentsOf = new Map(records.map((r) => [r.germplasmDbId, r.parents.map((p) => p.germplasmDbId)]));

  it('counts the fewest generations to each ancestor, itself at 0', () => {
    expect(Object.fromEntries(generationsUp(parentsOf, 'bc'))).to.deep.equal({ bc: 0, c: 1, a: 1, b: 2 });
  });

  it('marks the most recent common ancestors: none of their descendants is a common ancestor', () => {
    const rows = (x: string, y: string) => commonAncestors(records, x, y).map((c) => [c.germplasmDbId, c.generationsFromFirst, c.generationsFromSecond, c.mostRecent]);
    expect(rows('bc', 's')).to.deep.equal([['c', 1, 1, true], ['a', 1, 2, false], ['b', 2, 2, false]]);
    expect(rows('s', 'e')).to.deep.equal([['b', 2, 1, true]]);
    expect(rows('a', 'd')).to.deep.equal([]);
    expect(rows('c', 'c')).to.deep.equal([['c', 0, 0, true], ['a', 1, 1, false], ['b', 1, 1, false]]);
  });

  it('gives each step of the path its direction', () => {
    const raw = {
      germplasm: ['s', 'c', 'b', 'e'].map((id) => ({ germplasmDbId: id, germplasmName: null })),
      edges: [{ child: 's', parent: 'c', parentType: 'SELF' }, { child: 'c', parent: 'b', parentType: 'MALE' }, { child: 'e', parent: 'b', parentType: 'FEMALE' }],
    };
    const path = pedigreePath(raw, raw.germplasm[0], false)!;
    expect(path.length).to.equal(3);
    expect(path.steps.map((s) => `${s.fromDbId}-${s.direction}-${s.toDbId}`)).to.deep.equal(['s-PARENT-c', 'c-PARENT-b', 'b-CHILD-e']);
    expect(pedigreePath(null, raw.germplasm[0], false)).to.equal(null);
    expect(pedigreePath(null, raw.germplasm[0], true)).to.deep.equal({ length: 0, germplasm: [raw.germplasm[0]], steps: [] });
  });
});

describe('germplasm merge', () => {
  it('knows how to move every reference the declarations make to a germplasm, and the pedigree history links', () => {
    const kinds = movableLinks(entities).map((l) => `${l.type} ${l.outgoing ? 'to' : 'from'} ${l.label}`).sort();
    expect(kinds).to.include.members([
      'OF_GERMPLASM from ObservationUnit', 'OF_GERMPLASM from Sample', 'OF_GERMPLASM from GermplasmAttributeValue',
      'CONTAINS from SeedLot', 'FIRST_PARENT from Cross', 'SECOND_PARENT from Cross', 'FIRST_PARENT from PlannedCross',
      'SECOND_PARENT from PlannedCross', 'POTENTIAL_PARENT from CrossingProject', 'BRED_BY to BreedingMethod',
      'CHANGES_CHILD from PedigreeChange',
    ]);
    // Every declared reference to a germplasm is among them.
    for (const entity of entities) {
      for (const ref of entity.refs.filter((r) => r.target.label === 'Germplasm')) expect(kinds).to.include(`${ref.rel} from ${entity.label}`);
    }
  });

  const stored = (name: string, synonyms: unknown[], refs: unknown[]) => ({
    germplasmDbId: name, germplasmName: name, commonCropName: null, synonyms: JSON.stringify(synonyms), externalReferences: JSON.stringify(refs),
  });

  it('adds the duplicate\'s name and synonyms once, and its external references not already there', () => {
    const s = stored('S', [{ synonym: 'x', type: 't' }], [{ referenceId: '1', referenceSource: 'a' }]);
    const d = stored('D', [{ synonym: 'x', type: 't' }, { synonym: 'S' }, { synonym: 'y' }], [{ referenceId: '1', referenceSource: 'a' }, { referenceId: '1', referenceSource: 'b' }]);
    expect(mergedSynonyms(s, d)).to.deep.equal({ synonyms: [{ synonym: 'x', type: 't' }, { synonym: 'D', type: null }, { synonym: 'y' }], added: ['D', 'y'] });
    expect(mergedReferences(s, d)).to.deep.equal([{ referenceId: '1', referenceSource: 'a' }, { referenceId: '1', referenceSource: 'b' }]);
  });

  it('rewrites a JSON reference field (an object or a list of them) to name the survivor', () => {
    expect(JSON.parse(renamedField('{"germplasmDbId":"D","parentType":"MALE"}', 'germplasmDbId', 'D', 'S'))).to.deep.equal({ germplasmDbId: 'S', parentType: 'MALE' });
    expect(JSON.parse(renamedField('[{"germplasmDbId":"D"},{"germplasmDbId":"X"},{"crossDbId":"D"}]', 'germplasmDbId', 'D', 'S'))).to.deep.equal([{ germplasmDbId: 'S' }, { germplasmDbId: 'X' }, { crossDbId: 'D' }]);
  });

  it('generates its statements from the declarations: exact Cypher, values as parameters', () => {
    const links = movableLinks(entities);
    const find = (type: string, label: string) => links.find((l) => l.type === type && l.label === label)!;
    const ends = 'MATCH (s:`Germplasm` {`germplasmDbId`: $survivor})\nMATCH (d:`Germplasm` {`germplasmDbId`: $duplicate})';
    expect(moveQuery(find('OF_GERMPLASM', 'Sample'))).to.equal(
      `${ends}\nMATCH (o:\`Sample\`)-[r:\`OF_GERMPLASM\`]->(d)\nCREATE (o)-[m:\`OF_GERMPLASM\`]->(s) SET m = properties(r) DELETE r\nRETURN count(m) AS moved`,
    );
    expect(moveQuery(find('BRED_BY', 'BreedingMethod'))).to.equal(
      `${ends}\nMATCH (d)-[r:\`BRED_BY\`]->(t:\`BreedingMethod\`) WHERE NOT EXISTS { (s)-[:\`BRED_BY\`]->(:\`BreedingMethod\`) }\n` +
        'CREATE (s)-[m:`BRED_BY`]->(t) SET m = properties(r) DELETE r\nRETURN count(m) AS moved',
    );
    const first = find('FIRST_PARENT', 'Cross');
    expect(jsonFieldsQuery(first)).to.equal(`${ends}\nMATCH (o:\`Cross\`)-[:\`FIRST_PARENT\`]->(d)\nRETURN DISTINCT o.\`crossDbId\` AS id, o.\`parent1\` AS json`);
    expect(writeJsonFieldsQuery(first)).to.equal('UNWIND $rows AS row\nMATCH (o:`Cross` {`crossDbId`: row.id})\nSET o.`parent1` = row.json');
    // A plain reference (a sample's germplasmDbId) has no JSON field to rewrite.
    expect(jsonFieldsQuery(find('OF_GERMPLASM', 'Sample'))).to.equal(null);
  });
});
