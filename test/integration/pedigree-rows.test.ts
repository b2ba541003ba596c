// GET /pedigree reads a page as rows and writes Purdy strings from one shared edge list (traversal.ts). This compares
// its answers with the statement it replaced, kept here as the reference: every node projected with its own Purdy
// subquery, ancestors and descendants enumerated from every base node. Both run on the same database, on the demo
// data (SoyBase: unnamed "( A X B )" parents, selections) and on a small tree whose Purdy strings reach beyond a page.
import { expect } from 'chai';
import { compileWhere } from '../../src/entities/filters.js';
import { germplasmEntity } from '../../src/modules/germplasm/germplasm/germplasm.entity.js';
import { pedigreeShape, type PedigreeShape } from '../../src/modules/germplasm/pedigree/params.js';
import { pedigreeStringRead } from '../../src/modules/germplasm/pedigree/pedigree-string.js';
import { presentPedigreeNode } from '../../src/modules/germplasm/pedigree/presenter.js';
import { purdyGraph, type PurdyEdge } from '../../src/modules/germplasm/pedigree/purdy.js';
import type { TraversedNode } from '../../src/modules/germplasm/pedigree/traversal.js';
import { api, server } from '../support/server.js';
import { removeRun } from '../support/graph.js';
import { runIds } from '../support/run-ids.js';

/** The statement GET /pedigree sent before it read pages as rows. */
function referenceQuery(shape: PedigreeShape, filter: ReturnType<typeof compileWhere>): string {
  const bound = (depth: number | null) => (depth === null ? '*0..' : `*0..${depth}`);
  const relative = (rel: string, other: string) =>
    `{germplasmDbId: ${other}.germplasmDbId, germplasmName: ${other}.germplasmName, parentType: ${rel}.parentType}`;
  const projection = `{
    props: properties(n),
    method: head([(n)-[:BRED_BY]->(bm:BreedingMethod) | {id: bm.breedingMethodDbId, name: bm.breedingMethodName}]),
    parents: ${shape.includeParents ? `[(n)-[pr:PARENT]->(pa:Germplasm) | ${relative('pr', 'pa')}]` : 'null'},
    progeny: ${shape.includeProgeny ? `[(n)<-[cr:PARENT]-(ch:Germplasm) | ${relative('cr', 'ch')}]` : 'null'},
    siblings: ${shape.includeSiblings
      ? '[(n)-[:PARENT]->(:Germplasm)<-[:PARENT]-(sb:Germplasm) WHERE sb <> n | {germplasmDbId: sb.germplasmDbId, germplasmName: sb.germplasmName}]'
      : 'null'},
    purdy: ${pedigreeStringRead('n')}
  }`;
  const page = `RETURN size(nodes) AS total, [n IN nodes[$skip..$end] | ${projection}] AS page`;
  if (filter.where === 'true') return ['MATCH (m:Germplasm)', 'WITH m ORDER BY m.germplasmDbId', 'WITH collect(m) AS nodes', page].join('\n');
  return [
    ...filter.anchors,
    `OPTIONAL MATCH (n:Germplasm) WHERE ${filter.where}`,
    `OPTIONAL MATCH (n)-[:PARENT${bound(shape.pedigreeDepth)}]->(a:Germplasm)`,
    'WITH n, collect(DISTINCT a) AS up',
    `OPTIONAL MATCH (n)<-[:PARENT${bound(shape.progenyDepth)}]-(d:Germplasm)`,
    'WITH n, up, collect(DISTINCT d) AS down',
    'UNWIND up + down AS m',
    'WITH DISTINCT m ORDER BY m.germplasmDbId',
    'WITH collect(m) AS nodes',
    page,
  ].join('\n');
}

type ReferenceNode = Omit<TraversedNode, 'props'> & { props: Record<string, unknown>; purdy: PurdyEdge[] };

/** The answer's data and totalCount as the reference statement gives them. */
async function reference(query: string) {
  const input: Record<string, unknown> = {};
  for (const [k, v] of new URLSearchParams(query)) input[k] = input[k] === undefined ? v : ([] as unknown[]).concat(input[k], v);
  const { page = '0', pageSize = '1000', ...rest } = input as Record<string, string>;
  const { shape, filters } = pedigreeShape(rest);
  const filter = compileWhere(germplasmEntity, filters);
  const skip = Number(page) * Number(pageSize);
  const [row] = await server().graph.read<{ total: number; page: ReferenceNode[] }>(referenceQuery(shape, filter), { ...filter.params, skip, end: skip + Number(pageSize) });
  return { total: row.total, data: row.page.map((node) => presentPedigreeNode(node, node.purdy.length ? purdyGraph(node.purdy) : new Map())) };
}

async function compare(query: string): Promise<number> {
  const res = await api('GET', `/pedigree?${query}`);
  expect(res.status, res.text).to.equal(200);
  const want = await reference(query);
  expect(res.json.metadata.pagination.totalCount, query).to.equal(want.total);
  // Byte for byte, member order included.
  expect(JSON.stringify(res.json.result.data), query).to.equal(JSON.stringify(want.data));
  return want.total;
}

const { run, id, refById: ref } = runIds('r');
const inline = (name: string) => `( ${name} )`;

// Named founders; unnamed crosses (written inline, as SoyBase names them) three deep; a backcross chain through
// unnamed intermediates; a selection of a selection; a population; named lines on top. DbIds sort so that a page of
// two splits every chain from the germplasm its string reads.
const TREE = [
  ...['a1', 'a2', 'a3', 'a4', 'rp'].map((n) => ({ germplasmDbId: id(n), germplasmName: n.toUpperCase() })),
  { germplasmDbId: id('u1'), germplasmName: inline('A1 X A2'), parents: [ref('a1', 'FEMALE'), ref('a2', 'MALE')] },
  { germplasmDbId: id('u2'), germplasmName: inline('U1 X A3'), parents: [ref('u1', 'FEMALE'), ref('a3', 'MALE')] },
  { germplasmDbId: id('u3'), germplasmName: '', parents: [ref('a4', 'FEMALE'), ref('u2', 'MALE')] },
  { germplasmDbId: id('b1'), germplasmName: inline('RP X A1'), parents: [ref('rp', 'FEMALE'), ref('a1', 'MALE')] },
  { germplasmDbId: id('b2'), germplasmName: inline('RP X B1'), parents: [ref('rp', 'FEMALE'), ref('b1', 'MALE')] },
  { germplasmDbId: id('m1'), germplasmName: 'M1', parents: [ref('u3', 'FEMALE'), ref('b2', 'MALE')] },
  { germplasmDbId: id('s1'), germplasmName: inline('M1 sel'), parents: [ref('m1', 'SELF')] },
  { germplasmDbId: id('s2'), germplasmName: 'S2', parents: [ref('s1', 'SELF')] },
  { germplasmDbId: id('p1'), germplasmName: 'P1', parents: [ref('a3', 'POPULATION'), ref('u1', 'POPULATION')] },
  { germplasmDbId: id('z1'), germplasmName: 'Z1', parents: [ref('s2', 'FEMALE'), ref('p1', 'MALE')] },
];

describe('GET /pedigree answers as the statement it replaced', function () {
  after(() => removeRun(run));
  before(async () => {
    const res = await api('POST', '/pedigree', TREE);
    expect(res.status, res.text).to.equal(200);
  });

  it('a tree whose Purdy strings read beyond the page: every page of two, siblings included', async function () {
    expect(await compare(`germplasmDbId=${id('z1')}&includeFullTree=true&pageSize=100`)).to.equal(TREE.length);
    for (let page = 0; page * 2 < TREE.length; page++) {
      await compare(`germplasmDbId=${id('z1')}&includeFullTree=true&includeSiblings=true&pageSize=2&page=${page}`);
    }
  });

  it('depths, arrays left out, several base nodes, a relationship filter', async function () {
    await compare(`germplasmDbId=${id('m1')}&germplasmDbId=${id('p1')}&pedigreeDepth=2&progenyDepth=1&pageSize=3&page=1`);
    await compare(`germplasmDbId=${id('s2')}&pedigreeDepth=0&progenyDepth=0&includeParents=false&includeProgeny=false`);
    await compare(`parentDbId=${id('rp')}&pedigreeDepth=1&progenyDepth=3&includeSiblings=true`);
  });

  it('the demo data: the full tree of Williams 82, a collection at depth 1 (two pages)', async function () {
    this.timeout(120_000);
    expect(await compare('germplasmDbId=soy-williams-82&includeFullTree=true&pageSize=5000')).to.be.greaterThan(1000);
    const total = await compare('collection=SoyBase%20parentage&pedigreeDepth=1&progenyDepth=1&pageSize=500&page=7');
    expect(total).to.be.greaterThan(5000);
    await compare(`collection=SoyBase%20parentage&pedigreeDepth=2&progenyDepth=0&pageSize=1000&page=${Math.floor(total / 1000) - 1}`);
  });
});
