// The statements the compiled filters feed, by their exact output: a list page (listStatement over listQuery), a
// saved search's snapshot (idsQuery, through an entity's search plan) and the pedigree traversal (a page, and the
// snapshot of POST /search/pedigree). Parameters are compared as the transport sends them (Neo4j integers).
import { expect } from 'chai';
import neo4j from 'neo4j-driver';
import { compileWhere } from '../../src/entities/filters.js';
import { listStatement } from '../../src/entities/queries.js';
import type { EntityDef } from '../../src/entities/types.js';
import { toCypherParams } from '../../src/graph/params.js';
import { pedigreeSearchable } from '../../src/modules/germplasm/pedigree/search.js';
import { traversalQuery, traversalStatement, type TraversalOptions } from '../../src/modules/germplasm/pedigree/traversal.js';
import { entitySearchable } from '../../src/search/searchables.js';

const int = (n: number) => neo4j.int(n);

/** A small trial: one reference shown from the graph, one list of references, one kept in its JSON field. */
const trial: EntityDef = {
  path: 'trials',
  label: 'Trial',
  idField: 'trialDbId',
  module: 'Core',
  schema: 'Trial',
  jsonFields: ['sponsor'],
  refs: [
    { field: 'programDbId', rel: 'IN_PROGRAM', target: { label: 'Program', idProp: 'programDbId' }, nameField: 'programName', nameExpr: 't.programName' },
    { field: 'contactDbIds', rel: 'HAS_CONTACT', target: { label: 'Person', idProp: 'personDbId' }, many: true },
    { field: 'sponsor', rel: 'SPONSORED_BY', target: { label: 'Person', idProp: 'personDbId' }, key: 'personDbId' },
  ],
  filters: {
    active: { kind: 'eq', prop: 'active', type: 'boolean' },
    year: { kind: 'eq', prop: 'year', type: 'integer' },
    searchDateRangeStart: { kind: 'min', prop: 'endDate', type: 'date', openWhenNull: true },
    programDbId: { kind: 'related', path: '-[:IN_PROGRAM]->', label: 'Program', prop: 'programDbId' },
  },
  operations: ['list', 'get'],
  sortable: { trialName: 'n.trialName' },
  views: { includeContacts: { default: true, fields: ['contactDbIds'] } },
  indexes: ['active'],
  computed: { commonCropName: 'head([(n)-[:IN_PROGRAM]->(p:Program) | p.commonCropName])' },
};

const TRIAL_PROJECTION = '{props: properties(n), refs: {'
  + 'r0: head([(n)-[r:IN_PROGRAM]->(t:Program) | {i: r.i, id: t.programDbId, name: t.programName}]), '
  + 'r1: [(n)-[r:HAS_CONTACT]->(t:Person) | {i: r.i, id: t.personDbId, name: null}]}, '
  + 'computed: {c0: head([(n)-[:IN_PROGRAM]->(p:Program) | p.commonCropName])}}';

describe('listStatement: one page of an entity and the total', function () {
  it('filtered, in DbId order, the page bounds as integers beside the filter parameters', function () {
    const filter = compileWhere(trial, { active: 'true', searchDateRangeStart: '2024-01-01', year: ['2023', '2024'] });
    const { query, params } = listStatement(trial, filter, { page: 2, pageSize: 10 });
    expect(query).to.equal([
      'MATCH (n:Trial)',
      'WHERE n.active IN $f0 AND (n.endDate IS NULL OR n.endDate >= $f1) AND n.year IN $f2',
      'WITH n ORDER BY n.trialDbId',
      'WITH collect(n) AS matched',
      `RETURN size(matched) AS total, [n IN matched[$skip..$end] | ${TRIAL_PROJECTION}] AS page`,
    ].join('\n'));
    expect(toCypherParams(params)).to.deep.equal({ f0: [true], f1: '2024-01-01', f2: [int(2023), int(2024)], skip: int(20), end: int(30) });
  });

  it('sorted descending: the sort key first, then the DbId the same way round', function () {
    const filter = compileWhere(trial, { programDbId: 'program-a' });
    const { query, params } = listStatement(trial, filter, { page: 0, pageSize: 1000, order: { expr: trial.sortable!.trialName, descending: true } });
    expect(query).to.equal([
      'CALL () { RETURN COLLECT { MATCH (a:Program) WHERE a.programDbId IN $f0 MATCH (m)-[:IN_PROGRAM]->(a) RETURN DISTINCT elementId(m) AS id } AS reached_f0 }',
      'MATCH (n:Trial)',
      'WHERE elementId(n) IN reached_f0',
      'WITH n, n.trialName AS sortKey',
      'WITH n ORDER BY sortKey DESC, n.trialDbId DESC',
      'WITH collect(n) AS matched',
      `RETURN size(matched) AS total, [n IN matched[$skip..$end] | ${TRIAL_PROJECTION}] AS page`,
    ].join('\n'));
    expect(toCypherParams(params)).to.deep.equal({ f0: ['program-a'], skip: int(0), end: int(1000) });
  });

  it('sorted ascending, with no filter', function () {
    const { query, params } = listStatement(trial, compileWhere(trial, {}), { page: 0, pageSize: 5, order: { expr: 'n.trialName' } });
    expect(query.split('\n').slice(0, 4)).to.deep.equal([
      'MATCH (n:Trial)',
      'WHERE true',
      'WITH n, n.trialName AS sortKey',
      'WITH n ORDER BY sortKey, n.trialDbId',
    ]);
    expect(toCypherParams(params)).to.deep.equal({ skip: int(0), end: int(5) });
  });
});

describe('entity search plan: every matching DbId (idsQuery)', function () {
  const searchable = entitySearchable(trial);

  it('the compiled filter over the label, DbIds collected in DbId order', function () {
    const plan = searchable.plan({ programDbId: ['program-a', 'program-b'], year: 2024 });
    expect(plan.query).to.equal([
      'CALL () { RETURN COLLECT { MATCH (a:Program) WHERE a.programDbId IN $f0 MATCH (m)-[:IN_PROGRAM]->(a) RETURN DISTINCT elementId(m) AS id } AS reached_f0 }',
      'MATCH (n:Trial)',
      'WHERE elementId(n) IN reached_f0 AND n.year IN $f1',
      'WITH n ORDER BY n.trialDbId',
      'RETURN collect(n.trialDbId) AS ids',
    ].join('\n'));
    expect(toCypherParams(plan.params)).to.deep.equal({ f0: ['program-a', 'program-b'], f1: [int(2024)] });
    expect(plan.options).to.equal(null);
  });

  it('a view member is kept with the search, not compiled as a filter', function () {
    const plan = searchable.plan({ includeContacts: false, active: [true] });
    expect(plan.query).to.equal(['MATCH (n:Trial)', 'WHERE n.active IN $f0', 'WITH n ORDER BY n.trialDbId', 'RETURN collect(n.trialDbId) AS ids'].join('\n'));
    expect(toCypherParams(plan.params)).to.deep.equal({ f0: [true] });
    expect(plan.options).to.deep.equal({ views: { includeContacts: false } });
  });
});

describe('pedigree traversal', function () {
  // A germplasm-like declaration of this test's own: the traversal takes any compiled filter over n.
  const germplasm = {
    filters: {
      germplasmDbId: { kind: 'eq', prop: 'germplasmDbId' },
      minYear: { kind: 'min', prop: 'acquisitionYear', type: 'integer' },
    },
  } satisfies Pick<EntityDef, 'filters'>;

  const PROJECTION = [
    '{',
    '    props: properties(n),',
    '    method: head([(n)-[:BRED_BY]->(bm:BreedingMethod) | {id: bm.breedingMethodDbId, name: bm.breedingMethodName}]),',
    '    parents: [(n)-[pr:PARENT]->(pa:Germplasm) | {germplasmDbId: pa.germplasmDbId, germplasmName: pa.germplasmName, parentType: pr.parentType}],',
    '    progeny: null,',
    '    siblings: [(n)-[:PARENT]->(:Germplasm)<-[:PARENT]-(sb:Germplasm) WHERE sb <> n | {germplasmDbId: sb.germplasmDbId, germplasmName: sb.germplasmName}],',
    // The edges of unnamed ancestors and selections, to BRAPI_PURDY_LEVELS (8) generations: purdy.ts writes the string.
    "    purdy: COLLECT { MATCH (n) ((purdy_c:Germplasm)-[purdy_s:PARENT]->(purdy_m:Germplasm) WHERE "
      + "(coalesce(purdy_m.germplasmName, '') = '' OR purdy_m.germplasmName STARTS WITH '(' OR purdy_m.germplasmName CONTAINS ' , ') "
      + "OR purdy_s.parentType IN ['SELF', 'CLONAL']){0,7} (purdy_a:Germplasm)-[purdy_r:PARENT]->(purdy_b:Germplasm) "
      + 'RETURN DISTINCT [purdy_a.germplasmDbId, purdy_b.germplasmDbId, purdy_r.parentType, purdy_b.germplasmName] AS edge }',
    '  }',
  ].join('\n');

  const shape = { includeParents: true, includeProgeny: false, includeSiblings: true };

  it('a page: base nodes by the filter, ancestors to a depth, every descendant, one ordered set', function () {
    const opts: TraversalOptions = { filter: compileWhere(germplasm, { germplasmDbId: 'soy-essex', minYear: '1950' }), pedigreeDepth: 2, progenyDepth: null, ...shape };
    const { query, params } = traversalStatement(opts, 1, 50);
    expect(query).to.equal([
      'OPTIONAL MATCH (n:Germplasm) WHERE n.germplasmDbId IN $f0 AND n.acquisitionYear >= $f1',
      'OPTIONAL MATCH (n)-[:PARENT*0..2]->(a:Germplasm)',
      'WITH n, collect(DISTINCT a) AS up',
      'OPTIONAL MATCH (n)<-[:PARENT*0..]-(d:Germplasm)',
      'WITH n, up, collect(DISTINCT d) AS down',
      'UNWIND up + down AS m',
      'WITH DISTINCT m ORDER BY m.germplasmDbId',
      'WITH collect(m) AS nodes',
      `RETURN size(nodes) AS total, [n IN nodes[$skip..$end] | ${PROJECTION}] AS page`,
    ].join('\n'));
    expect(toCypherParams(params)).to.deep.equal({ f0: ['soy-essex'], f1: int(1950), skip: int(50), end: int(100) });
  });

  it('no filter: every germplasm is a base node and nothing is traversed', function () {
    const opts: TraversalOptions = { filter: compileWhere(germplasm, {}), pedigreeDepth: 3, progenyDepth: 3, ...shape };
    const { query, params } = traversalStatement(opts, 0, 1000);
    expect(query).to.equal([
      'MATCH (m:Germplasm)',
      'WITH m ORDER BY m.germplasmDbId',
      'WITH collect(m) AS nodes',
      `RETURN size(nodes) AS total, [n IN nodes[$skip..$end] | ${PROJECTION}] AS page`,
    ].join('\n'));
    expect(toCypherParams(params)).to.deep.equal({ skip: int(0), end: int(1000) });
  });

  it('ids only (a saved search), depth 0 both ways', function () {
    const opts: TraversalOptions = { filter: compileWhere(germplasm, { germplasmDbId: ['a', 'b'] }), pedigreeDepth: 0, progenyDepth: 0, ...shape };
    expect(traversalQuery(opts, true)).to.equal([
      'OPTIONAL MATCH (n:Germplasm) WHERE n.germplasmDbId IN $f0',
      'OPTIONAL MATCH (n)-[:PARENT*0..0]->(a:Germplasm)',
      'WITH n, collect(DISTINCT a) AS up',
      'OPTIONAL MATCH (n)<-[:PARENT*0..0]-(d:Germplasm)',
      'WITH n, up, collect(DISTINCT d) AS down',
      'UNWIND up + down AS m',
      'WITH DISTINCT m ORDER BY m.germplasmDbId',
      'WITH collect(m) AS nodes',
      'RETURN [n IN nodes | n.germplasmDbId] AS ids',
    ].join('\n'));
  });

  it('POST /search/pedigree plans that snapshot from the body: shape members out, germplasm filters in', function () {
    const plan = pedigreeSearchable.plan({ germplasmDbId: ['soy-essex'], pedigreeDepth: 4, progenyDepth: '2', includeSiblings: true });
    expect(plan.query).to.equal([
      'OPTIONAL MATCH (n:Germplasm) WHERE n.germplasmDbId IN $f0',
      'OPTIONAL MATCH (n)-[:PARENT*0..4]->(a:Germplasm)',
      'WITH n, collect(DISTINCT a) AS up',
      'OPTIONAL MATCH (n)<-[:PARENT*0..2]-(d:Germplasm)',
      'WITH n, up, collect(DISTINCT d) AS down',
      'UNWIND up + down AS m',
      'WITH DISTINCT m ORDER BY m.germplasmDbId',
      'WITH collect(m) AS nodes',
      'RETURN [n IN nodes | n.germplasmDbId] AS ids',
    ].join('\n'));
    expect(toCypherParams(plan.params)).to.deep.equal({ f0: ['soy-essex'] });
    expect(plan.options).to.deep.equal({ includeParents: true, includeProgeny: true, includeSiblings: true });
  });

  it('a depth that is not a whole number never reaches the text', function () {
    const filter = compileWhere(germplasm, { germplasmDbId: 'x' });
    for (const depth of [1.5, -1, Number.NaN]) {
      expect(() => traversalQuery({ filter, pedigreeDepth: depth, progenyDepth: 1, ...shape })).to.throw(`invalid depth ${depth}`);
    }
  });
});
