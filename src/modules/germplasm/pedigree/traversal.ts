// GET /pedigree as one Cypher statement: select the base germplasm with the germplasm filters, collect ancestors
// and descendants with variable-length patterns, order the flat set by DbId and return the total and one page,
// each node with its relationship arrays. Depth bounds cannot be parameters, so they are validated integers.
import type { CompiledFilter } from '../../../entities/filters.js';
import type { Graph } from '../../../graph/port.js';
import { pedigreeStringRead } from './pedigree-string.js';
import type { PurdyEdge } from './purdy.js';
import { pageBounds } from '../../../http/middleware/pagination.js';

export interface TraversalOptions {
  filter: CompiledFilter;
  /** Generations of parents and of children to collect; null means all of them (includeFullTree). */
  pedigreeDepth: number | null;
  progenyDepth: number | null;
  includeParents: boolean;
  includeProgeny: boolean;
  includeSiblings: boolean;
}

export interface TraversedNode {
  props: Record<string, unknown>;
  method: { id: string; name: string | null } | null;
  parents: RelativeRow[] | null;
  progeny: RelativeRow[] | null;
  siblings: Array<{ germplasmDbId: string; germplasmName: string | null }> | null;
  /** The relationships its Purdy string uses (pedigree-string.ts). */
  purdy: PurdyEdge[];
}

export interface RelativeRow {
  germplasmDbId: string;
  germplasmName: string | null;
  parentType: string;
}

function bound(depth: number | null): string {
  if (depth === null) return '*0..';
  if (!Number.isSafeInteger(depth) || depth < 0) throw new Error(`invalid depth ${depth}`);
  return `*0..${depth}`;
}

export function nodeProjection(opts: Pick<TraversalOptions, 'includeParents' | 'includeProgeny' | 'includeSiblings'>, n = 'n'): string {
  const relative = (rel: string, other: string) =>
    `{germplasmDbId: ${other}.germplasmDbId, germplasmName: ${other}.germplasmName, parentType: ${rel}.parentType}`;
  return `{
    props: properties(${n}),
    method: head([(${n})-[:BRED_BY]->(bm:BreedingMethod) | {id: bm.breedingMethodDbId, name: bm.breedingMethodName}]),
    parents: ${opts.includeParents ? `[(${n})-[pr:PARENT]->(pa:Germplasm) | ${relative('pr', 'pa')}]` : 'null'},
    progeny: ${opts.includeProgeny ? `[(${n})<-[cr:PARENT]-(ch:Germplasm) | ${relative('cr', 'ch')}]` : 'null'},
    siblings: ${opts.includeSiblings
      ? `[(${n})-[:PARENT]->(:Germplasm)<-[:PARENT]-(sb:Germplasm) WHERE sb <> ${n} | {germplasmDbId: sb.germplasmDbId, germplasmName: sb.germplasmName}]`
      : 'null'},
    purdy: ${pedigreeStringRead(n)}
  }`;
}

/**
 * The slice as one page of nodes and the total, or (idsOnly) as every DbId of the slice in order, for a saved
 * search's snapshot.
 */
export function traversalQuery(opts: TraversalOptions, idsOnly = false): string {
  const page = idsOnly
    ? 'RETURN [n IN nodes | n.germplasmDbId] AS ids'
    : `RETURN size(nodes) AS total, [n IN nodes[$skip..$end] | ${nodeProjection(opts)}] AS page`;
  if (opts.filter.where === 'true') {
    // No filter: every germplasm is a base node, so there is nothing to traverse.
    return ['MATCH (m:Germplasm)', 'WITH m ORDER BY m.germplasmDbId', 'WITH collect(m) AS nodes', page].join('\n');
  }
  // OPTIONAL MATCH keeps one row when nothing matches, so the last aggregation always returns a row; *0.. includes
  // the base nodes themselves. The relatives are collected per base node: a large list must never be a grouping
  // key (grouping 48,000 rows by a 20,000-node list took 10 s).
  return [
    ...opts.filter.anchors,
    `OPTIONAL MATCH (n:Germplasm) WHERE ${opts.filter.where}`,
    `OPTIONAL MATCH (n)-[:PARENT${bound(opts.pedigreeDepth)}]->(a:Germplasm)`,
    'WITH n, collect(DISTINCT a) AS up',
    `OPTIONAL MATCH (n)<-[:PARENT${bound(opts.progenyDepth)}]-(d:Germplasm)`,
    'WITH n, up, collect(DISTINCT d) AS down',
    'UNWIND up + down AS m',
    'WITH DISTINCT m ORDER BY m.germplasmDbId',
    'WITH collect(m) AS nodes',
    page,
  ].join('\n');
}

/** The statement a pedigree page sends: the filter's parameters and the page's bounds. */
export function traversalStatement(opts: TraversalOptions, page: number, pageSize: number) {
  return { query: traversalQuery(opts), params: { ...opts.filter.params, ...pageBounds(page, pageSize) } };
}

export async function traversePedigree(graph: Graph, opts: TraversalOptions, page: number, pageSize: number) {
  const { query, params } = traversalStatement(opts, page, pageSize);
  const rows = await graph.read<{ total: number; page: TraversedNode[] }>(query, params);
  return rows[0] ?? { total: 0, page: [] };
}

/** Known germplasm as pedigree nodes, in DbId order, one index lookup each (no traversal). */
export async function readPedigreeNodes(graph: Graph, ids: string[], shape: Pick<TraversalOptions, 'includeParents' | 'includeProgeny' | 'includeSiblings'>) {
  const rows = await graph.read<{ node: TraversedNode }>(
    `UNWIND $ids AS id MATCH (n:Germplasm {germplasmDbId: id}) WITH n ORDER BY n.germplasmDbId RETURN ${nodeProjection(shape)} AS node`,
    { ids },
  );
  return rows.map((r) => r.node);
}
