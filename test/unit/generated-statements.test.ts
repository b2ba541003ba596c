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
import { pageRows, traversalQuery, traversalStatement, type TraversalOptions } from '../../src/modules/germplasm/pedigree/traversal.js';
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
      programDbId: { kind: 'related', path: '-[:IN_PROGRAM]->', label: 'Program', prop: 'programDbId' },
    },
  } satisfies Pick<EntityDef, 'filters'>;

  // The page as rows (pageRows): one 'total' row, then the page's germplasm 100 to a row with their relationships; a
  // parent outside the page that a Purdy string reads through (unnamed, or a selection's source) comes with the
  // germplasm beyond the page that the string may read from it (BRAPI_PURDY_LEVELS - 2 = 6 more generations) and their
  // parents.
  const UNNAMED = (v: string) => `(coalesce(${v}.germplasmName, '') = '' OR ${v}.germplasmName STARTS WITH '(' OR ${v}.germplasmName CONTAINS ' , ')`;
  const ROWS = [
    'WITH size(nodes) AS total, nodes[$skip..$end] AS page',
    "UNWIND [['total', 0]] + [at IN range(0, size(page) - 1, 100) | ['nodes', at]] AS row",
    'WITH total, page, row[0] AS kind, row[1] AS at',
    'RETURN total, kind,',
    "  CASE kind WHEN 'nodes' THEN [n IN page[at..at + 100] | [[n.germplasmDbId, n.germplasmName, n.germplasmPUI, n.defaultDisplayName, "
      + 'n.additionalInfo, n.externalReferences, n.familyCode, n.crossingYear, n.crossingProjectDbId, n.pedigree, n.pedigreeString], '
      + 'head([(n)-[:BRED_BY]->(bm:BreedingMethod) | [bm.breedingMethodDbId, bm.breedingMethodName]]), '
      + '[(n)-[pr:PARENT]->(pa:Germplasm) | [pa.germplasmDbId, CASE WHEN pa IN page THEN null ELSE pa.germplasmName END, pr.parentType, '
      + `CASE WHEN NOT pa IN page AND (${UNNAMED('pa')} OR pr.parentType IN ['SELF', 'CLONAL']) THEN COLLECT { `
      + `MATCH (pa) ((c:Germplasm)-[t:PARENT]->(v:Germplasm) WHERE ${UNNAMED('v')} OR t.parentType IN ['SELF', 'CLONAL']){0,6} (x:Germplasm) `
      + 'WHERE NOT x IN page WITH DISTINCT x '
      + 'RETURN [x.germplasmDbId, [(x)-[xr:PARENT]->(xp:Germplasm) | [xp.germplasmDbId, CASE WHEN xp IN page THEN null ELSE xp.germplasmName END, xr.parentType]]] } END]], '
      + 'null, '
      + '[(n)-[:PARENT]->(:Germplasm)<-[:PARENT]-(sb:Germplasm) WHERE sb <> n | [sb.germplasmDbId, sb.germplasmName]]]] END AS nodes',
  ];

  const shape = { includeParents: true, includeProgeny: false, includeSiblings: true };

  /** The walk from the parents (or children) of base nodes that the filter leaves out. */
  const walk = (where: string, arrow: [string, string], rest: string) =>
    `COLLECT { UNWIND bases AS base MATCH (base)${arrow[0]}[:PARENT]${arrow[1]}(n:Germplasm) WHERE NOT coalesce(${where}, false) `
    + `WITH collect(DISTINCT n) AS starts UNWIND starts AS n MATCH (n)${arrow[0]}[:PARENT${rest}]${arrow[1]}(kin:Germplasm) RETURN DISTINCT kin }`;
  const UP: [string, string] = ['-', '->'];
  const DOWN: [string, string] = ['<-', '-'];

  it('a page: base nodes by the filter, ancestors to a depth, every descendant, one ordered set', function () {
    const opts: TraversalOptions = { filter: compileWhere(germplasm, { germplasmDbId: 'soy-essex', minYear: '1950' }), pedigreeDepth: 2, progenyDepth: null, ...shape };
    const { query, params } = traversalStatement(opts, 1, 50);
    const where = 'n.germplasmDbId IN $f0 AND n.acquisitionYear >= $f1';
    expect(query).to.equal([
      `CALL () { MATCH (n:Germplasm) WHERE ${where} RETURN collect(n) AS bases }`,
      `WITH bases, ${walk(where, UP, '*0..1')} AS up, ${walk(where, DOWN, '*0..')} AS down`,
      'UNWIND bases + up + down AS m',
      'WITH DISTINCT m ORDER BY m.germplasmDbId',
      'WITH collect(m) AS nodes',
      ...ROWS,
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
      ...ROWS,
    ].join('\n'));
    expect(toCypherParams(params)).to.deep.equal({ skip: int(0), end: int(1000) });
  });

  it('ids only (a saved search), depth 0 both ways', function () {
    const opts: TraversalOptions = { filter: compileWhere(germplasm, { germplasmDbId: ['a', 'b'] }), pedigreeDepth: 0, progenyDepth: 0, ...shape };
    expect(traversalQuery(opts, true)).to.equal([
      'CALL () { MATCH (n:Germplasm) WHERE n.germplasmDbId IN $f0 RETURN collect(n) AS bases }',
      'WITH bases, [] AS up, [] AS down',
      'UNWIND bases + up + down AS m',
      'WITH DISTINCT m ORDER BY m.germplasmDbId',
      'WITH collect(m) AS nodes',
      'RETURN [n IN nodes | n.germplasmDbId] AS ids',
    ].join('\n'));
  });

  it('POST /search/pedigree plans that snapshot from the body: shape members out, germplasm filters in', function () {
    const plan = pedigreeSearchable.plan({ germplasmDbId: ['soy-essex'], pedigreeDepth: 4, progenyDepth: '2', includeSiblings: true });
    const where = 'n.germplasmDbId IN $f0';
    expect(plan.query).to.equal([
      `CALL () { MATCH (n:Germplasm) WHERE ${where} RETURN collect(n) AS bases }`,
      `WITH bases, ${walk(where, UP, '*0..3')} AS up, ${walk(where, DOWN, '*0..1')} AS down`,
      'UNWIND bases + up + down AS m',
      'WITH DISTINCT m ORDER BY m.germplasmDbId',
      'WITH collect(m) AS nodes',
      'RETURN [n IN nodes | n.germplasmDbId] AS ids',
    ].join('\n'));
    expect(toCypherParams(plan.params)).to.deep.equal({ f0: ['soy-essex'] });
    expect(plan.options).to.deep.equal({ includeParents: true, includeProgeny: true, includeSiblings: true });
  });

  it('a relationship filter: its set found before the base nodes, in scope where the walks test the filter again', function () {
    const opts: TraversalOptions = { filter: compileWhere(germplasm, { programDbId: 'p1' }), pedigreeDepth: 1, progenyDepth: 0, ...shape };
    const where = 'elementId(n) IN reached_f0';
    expect(traversalQuery(opts, true)).to.equal([
      'CALL () { RETURN COLLECT { MATCH (a:Program) WHERE a.programDbId IN $f0 MATCH (m)-[:IN_PROGRAM]->(a) RETURN DISTINCT elementId(m) AS id } AS reached_f0 }',
      `CALL (reached_f0) { MATCH (n:Germplasm) WHERE ${where} RETURN collect(n) AS bases }`,
      `WITH bases, ${walk(where, UP, '*0..0')} AS up, [] AS down`,
      'UNWIND bases + up + down AS m',
      'WITH DISTINCT m ORDER BY m.germplasmDbId',
      'WITH collect(m) AS nodes',
      'RETURN [n IN nodes | n.germplasmDbId] AS ids',
    ].join('\n'));
  });

  it('the walk beyond the page at one, two and three Purdy levels (Neo4j refuses a quantifier bounded by 0)', function () {
    const walk = (levels: number) => /THEN COLLECT \{ (.*?) RETURN \[x\.germplasmDbId/.exec(pageRows(shape, levels))?.[1] ?? null;
    expect(walk(1)).to.equal(null);
    expect(pageRows(shape, 1)).to.include('pr.parentType, null]]');
    expect(walk(2)).to.equal('WITH pa AS x');
    expect(walk(3)).to.equal(`MATCH (pa) ((c:Germplasm)-[t:PARENT]->(v:Germplasm) WHERE ${UNNAMED('v')} OR t.parentType IN ['SELF', 'CLONAL']){0,1} `
      + '(x:Germplasm) WHERE NOT x IN page WITH DISTINCT x');
  });

  it('a depth that is not a whole number never reaches the text', function () {
    const filter = compileWhere(germplasm, { germplasmDbId: 'x' });
    for (const depth of [1.5, -1, Number.NaN]) {
      expect(() => traversalQuery({ filter, pedigreeDepth: depth, progenyDepth: 1, ...shape })).to.throw(`invalid depth ${depth}`);
    }
  });
});
