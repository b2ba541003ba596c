// GET /pedigree as one Cypher statement: select the base germplasm with the germplasm filters, collect ancestors
// and descendants with variable-length patterns, order the flat set by DbId and return the total and one page.
// Depth bounds cannot be parameters, so they are validated integers.
//
// The page comes back in rows of germplasm (their fields and their relationships as lists); a parent outside the page
// that a Purdy string reads through (unnamed, or a selection's source) comes with the germplasm beyond the page that
// the string may read from it, with their parents. The strings are then written in TypeScript from one shared edge
// list (pedigree-string.ts), instead of a subquery per node that reads the same ancestors again for every
// descendant. Rows, not one row holding the page: the driver
// decodes a message that spans several 64 KB chunks string by string across all of them, which for a 2 MB page cost
// more than the whole query.
import { anchorVariables, type CompiledFilter } from '../../../entities/filters.js';
import type { Graph } from '../../../graph/port.js';
import { pedigreeStringRead, purdyLevels } from './pedigree-string.js';
import { cypherUnnamed, purdyGraph, type PurdyEdge, type PurdyGraph } from './purdy.js';
import { pageBounds } from '../../../entities/paging.js';

export interface TraversalOptions {
  filter: CompiledFilter;
  /** Generations of parents and of children to collect; null means all of them (includeFullTree). */
  pedigreeDepth: number | null;
  progenyDepth: number | null;
  includeParents: boolean;
  includeProgeny: boolean;
  includeSiblings: boolean;
}

export type ArrayShape = Pick<TraversalOptions, 'includeParents' | 'includeProgeny' | 'includeSiblings'>;

/** The stored fields of a germplasm a pedigree node shows (presenter.ts). */
export const NODE_FIELDS = [
  'germplasmDbId', 'germplasmName', 'germplasmPUI', 'defaultDisplayName', 'additionalInfo', 'externalReferences',
  'familyCode', 'crossingYear', 'crossingProjectDbId', 'pedigree', 'pedigreeString',
] as const;

export interface TraversedNode {
  props: Partial<Record<(typeof NODE_FIELDS)[number], unknown>>;
  method: { id: string; name: string | null } | null;
  parents: RelativeRow[] | null;
  progeny: RelativeRow[] | null;
  siblings: Array<{ germplasmDbId: string; germplasmName: string | null }> | null;
}

export interface RelativeRow {
  germplasmDbId: string;
  germplasmName: string | null;
  parentType: string;
}

/** One page of pedigree nodes, and the part of the graph their Purdy strings are written from. */
export interface TraversedPage {
  nodes: TraversedNode[];
  purdy: PurdyGraph;
}

function checkDepth(depth: number | null): void {
  if (depth !== null && (!Number.isSafeInteger(depth) || depth < 0)) throw new Error(`invalid depth ${depth}`);
}

/**
 * The relatives of the base set in one direction, up to `depth` generations (null: all), the base set left out.
 * A relative at distance k from the base set is, on a shortest path, within k - 1 generations of the first
 * germplasm on that path that is not a base node, so the walks start only there: at the parents (children) of base
 * nodes that the filter does not select. A base set of 20,000 germplasm whose relatives are mostly base nodes too
 * then walks from about 1,200 germplasm instead of enumerating every ancestry of every base node (1.9 million rows
 * for a collection of SoyBase). The filter is evaluated again on those parents, as `n`, which is the variable its
 * text uses. The starts are collected rather than made DISTINCT rows: a DISTINCT row inside the subquery still holds
 * the list `bases`, and Neo4j counts that list once per row kept (650 MB for 1,100 starts, over the memory limit of
 * a 512 MB heap).
 */
function relatives(where: string, depth: number | null, direction: 'up' | 'down'): string {
  if (depth === 0) return '[]';
  const [l, r] = direction === 'up' ? ['-', '->'] : ['<-', '-'];
  const rest = depth === null ? '*0..' : `*0..${depth - 1}`;
  return `COLLECT { UNWIND bases AS base MATCH (base)${l}[:PARENT]${r}(n:Germplasm) WHERE NOT coalesce(${where}, false) `
    + `WITH collect(DISTINCT n) AS starts UNWIND starts AS n MATCH (n)${l}[:PARENT${rest}]${r}(kin:Germplasm) RETURN DISTINCT kin }`;
}

// Germplasm per row of the page's answer. A row per germplasm costs the driver more than the values it carries (the
// full tree of Williams 82 as 2,900 rows took about twice as long as in 12 rows), and a row larger than one 64 KB
// Bolt chunk goes through the driver's path for messages that span chunks, which decodes every string through a
// string decoder: 250 germplasm (about one chunk of Williams 82's tree) cost 5 to 10 ms more than 100 for that tree.
const PER_ROW = 100;

/**
 * Rows for the germplasm in the list `page` (ordered): first one row with `kind` 'total' (so that an empty page still
 * answers), then 'nodes' rows holding the page's germplasm in order, each with its relationships. Each parent outside
 * the page that a Purdy string reads through (unnamed, or the source of a SELF / CLONAL line) carries the germplasm
 * beyond the page the string may read from there, with their parents: the walk of pedigreeStringRead, through
 * unnamed parents (or SELF / CLONAL sources) up to BRAPI_PURDY_LEVELS - 2 more generations. A walk that goes through
 * germplasm of the page restarts at each (their own entries hold their parents), so it reads at least what
 * pedigreeStringRead reads from any germplasm of the page, which is all a string needs (pedigreeStringIn). Each row
 * holds the list `page`, which Neo4j counts once per row: a few rows, not one per germplasm.
 */
export function pageRows(shape: ArrayShape, levels = purdyLevels()): string {
  if (!Number.isSafeInteger(levels) || levels < 1) throw new Error(`invalid Purdy levels ${levels}`);
  // A relative in the page comes without its name, which its own entry holds (assemblePage): the full tree of
  // Williams 82 has about 7,500 such names, and decoding them took the driver about 5 ms. Neo4j tests membership of
  // a list that is the same on every row through a hash table, so the test costs less than reading the name.
  const relative = (rel: string, other: string) =>
    `${other}.germplasmDbId, CASE WHEN ${other} IN page THEN null ELSE ${other}.germplasmName END, ${rel}.parentType`;
  // The walk beyond the page starts from the parents this list reads anyway. It used to be a subquery of its own,
  // which read every page germplasm's parents a second time: for the full tree of Williams 82, 35,000 of the
  // statement's 144,500 database hits; this way 127,000, and Neo4j's CPU time 0.88 to 0.93 (bench/results/
  // read-targets.md).
  const step = (c: string, s: string, u: string) => `(${c}:Germplasm)-[${s}:PARENT]->(${u}:Germplasm) WHERE ${cypherUnnamed(u)} OR ${s}.parentType IN ['SELF', 'CLONAL']`;
  // A quantified pattern may not be bounded by 0 (Neo4j refuses {0,0}): at two levels the walk is the parent alone.
  const walk = levels === 2 ? 'WITH pa AS x'
    : `MATCH (pa) (${step('c', 't', 'v')}){0,${levels - 2}} (x:Germplasm) WHERE NOT x IN page WITH DISTINCT x`;
  const beyond = levels === 1 ? 'null'
    : `CASE WHEN NOT pa IN page AND (${cypherUnnamed('pa')} OR pr.parentType IN ['SELF', 'CLONAL']) THEN COLLECT { `
      + `${walk} RETURN [x.germplasmDbId, [(x)-[xr:PARENT]->(xp:Germplasm) | [${relative('xr', 'xp')}]]] } END`;
  const node = [
    `[${NODE_FIELDS.map((f) => `n.${f}`).join(', ')}]`,
    'head([(n)-[:BRED_BY]->(bm:BreedingMethod) | [bm.breedingMethodDbId, bm.breedingMethodName]])',
    // Parents always: the Purdy strings are written from them.
    `[(n)-[pr:PARENT]->(pa:Germplasm) | [${relative('pr', 'pa')}, ${beyond}]]`,
    // Only the children beyond the page: a child in the page lists this germplasm among its parents, and
    // assemblePage takes it from there (in the full tree of Williams 82, most of the 5,900 relationships; reading
    // each from both ends cost Neo4j and the driver about 8 ms of 55).
    shape.includeProgeny ? '[(n)<-[cr:PARENT]-(ch:Germplasm) WHERE NOT ch IN page | [ch.germplasmDbId, ch.germplasmName, cr.parentType]]' : 'null',
    // Repeats (a full sib through both parents) are removed by the presenter.
    shape.includeSiblings ? '[(n)-[:PARENT]->(:Germplasm)<-[:PARENT]-(sb:Germplasm) WHERE sb <> n | [sb.germplasmDbId, sb.germplasmName]]' : 'null',
  ];
  return [
    `UNWIND [['total', 0]] + [at IN range(0, size(page) - 1, ${PER_ROW}) | ['nodes', at]] AS row`,
    'WITH total, page, row[0] AS kind, row[1] AS at',
    'RETURN total, kind,',
    `  CASE kind WHEN 'nodes' THEN [n IN page[at..at + ${PER_ROW}] | [${node.join(', ')}]] END AS nodes`,
  ].join('\n');
}

/**
 * The slice as one page of nodes and the total, or (idsOnly) as every DbId of the slice in order, for a saved
 * search's snapshot.
 */
export function traversalQuery(opts: TraversalOptions, idsOnly = false): string {
  const page = idsOnly
    ? ['RETURN [n IN nodes | n.germplasmDbId] AS ids']
    : ['WITH size(nodes) AS total, nodes[$skip..$end] AS page', pageRows(opts)];
  if (opts.filter.where === 'true') {
    // No filter: every germplasm is a base node, so there is nothing to traverse.
    return ['MATCH (m:Germplasm)', 'WITH m ORDER BY m.germplasmDbId', 'WITH collect(m) AS nodes', ...page].join('\n');
  }
  checkDepth(opts.pedigreeDepth);
  checkDepth(opts.progenyDepth);
  // collect() of no rows is an empty list, so the statement always returns its rows (an empty slice: total 0).
  const where = opts.filter.where;
  const carried = anchorVariables(opts.filter);
  return [
    ...opts.filter.anchors,
    // A unit subquery: the anchors' sets stay in scope for the walks without becoming grouping keys of collect().
    `CALL (${carried.join(', ')}) { MATCH (n:Germplasm) WHERE ${where} RETURN collect(n) AS bases }`,
    `WITH bases, ${relatives(where, opts.pedigreeDepth, 'up')} AS up, ${relatives(where, opts.progenyDepth, 'down')} AS down`,
    'UNWIND bases + up + down AS m',
    'WITH DISTINCT m ORDER BY m.germplasmDbId',
    'WITH collect(m) AS nodes',
    ...page,
  ].join('\n');
}

/** The statement a pedigree page sends: the filter's parameters and the page's bounds. */
export function traversalStatement(opts: TraversalOptions, page: number, pageSize: number) {
  return { query: traversalQuery(opts), params: { ...opts.filter.params, ...pageBounds(page, pageSize) } };
}

type Pair = [string, string | null];
type Relative = [string, string | null, string];
/** A germplasm beyond the page that a Purdy string may read, with its parents. */
type Beyond = [string, Relative[]];
/** A page node as pageRows writes it: NODE_FIELDS, breeding method, parents (with what lies beyond them), progeny and
 * siblings (when asked for). */
type NodeTuple = [unknown[], Pair | null, Array<[...Relative, Beyond[] | null]>, Relative[] | null, Pair[] | null];

/** One row of pageRows. */
export type PageRow = {
  total: number;
  kind: 'total' | 'nodes';
  nodes: NodeTuple[] | null;
};

// Members in the order the answers have always had (that of the maps Neo4j returned).
const relativeRow = ([germplasmDbId, germplasmName, parentType]: Relative): RelativeRow => ({ germplasmName, germplasmDbId, parentType });

/** The rows of pageRows as the page's nodes and the Purdy graph of their strings. */
export function assemblePage(rows: PageRow[], shape: ArrayShape): { total: number } & TraversedPage {
  // Relatives in the page come without their names (pageRows): they are read from the page's own entries.
  const names = new Map<string, string | null>();
  for (const row of rows) for (const [fields] of row.nodes ?? []) names.set(fields[0] as string, fields[1] as string | null);
  const named = (r: Relative): Relative => (r[1] === null ? [r[0], names.get(r[0]) ?? null, r[2]] : r);
  const nodes: TraversedNode[] = [];
  // Each page node with its parents (names filled in), by DbId.
  const inPage = new Map<string, [TraversedNode, Relative[]]>();
  const edges: PurdyEdge[] = [];
  const read = (id: string, parents: Relative[]) => {
    for (const [parent, name, type] of parents) edges.push([id, parent, type, name]);
  };
  for (const row of rows) {
    for (const [fields, method, listed, progeny, siblings] of row.nodes ?? []) {
      for (const relative of listed) for (const [id, parents] of relative[3] ?? []) read(id, parents.map(named));
      const parents = listed.map((r) => named([r[0], r[1], r[2]]));
      read(fields[0] as string, parents);
      const props: TraversedNode['props'] = {};
      NODE_FIELDS.forEach((f, i) => {
        if (fields[i] !== null) props[f] = fields[i];
      });
      const node: TraversedNode = {
        props,
        method: method && { id: method[0], name: method[1] },
        parents: shape.includeParents ? parents.map(relativeRow) : null,
        progeny: progeny && progeny.map(relativeRow),
        siblings: siblings && siblings.map(([germplasmDbId, germplasmName]) => ({ germplasmName, germplasmDbId })),
      };
      nodes.push(node);
      inPage.set(fields[0] as string, [node, parents]);
    }
  }
  // The children in the page, which pageRows leaves out of their parents' progeny lists.
  if (shape.includeProgeny) {
    for (const [child, parents] of inPage.values()) {
      for (const [parentDbId, , parentType] of parents) {
        inPage.get(parentDbId)?.[0].progeny?.push({
          germplasmName: (child.props.germplasmName as string | undefined) ?? null,
          germplasmDbId: child.props.germplasmDbId as string,
          parentType,
        });
      }
    }
  }
  return { total: rows[0]?.total ?? 0, nodes, purdy: purdyGraph(edges) };
}

export async function traversePedigree(graph: Graph, opts: TraversalOptions, page: number, pageSize: number) {
  const { query, params } = traversalStatement(opts, page, pageSize);
  return assemblePage(await graph.read<PageRow>(query, params), opts);
}

/** The statement readPedigreeNodes sends: known germplasm, in DbId order, one index lookup each (no traversal). */
export function nodesQuery(shape: ArrayShape): string {
  return [
    'UNWIND $ids AS id MATCH (n:Germplasm {germplasmDbId: id})',
    'WITH n ORDER BY n.germplasmDbId',
    'WITH collect(n) AS page',
    'WITH size(page) AS total, page',
    pageRows(shape),
  ].join('\n');
}

/** The statement readPurdyWalks sends: each stored germplasm's name and the walk its Purdy string reads. */
export function purdyWalksQuery(): string {
  return `UNWIND $ids AS id MATCH (g:Germplasm {germplasmDbId: id}) RETURN id, g.germplasmName AS name, ${pedigreeStringRead('g')} AS edges`;
}

/**
 * The Purdy graph of stored germplasm as the graph holds them now: each one's name, and what a Purdy string reads
 * from it (pedigreeStringRead), which holds what any string that reaches it reads beyond it.
 */
export async function readPurdyWalks(graph: Graph, ids: string[]): Promise<PurdyGraph> {
  const rows = await graph.read<{ id: string; name: string | null; edges: PurdyEdge[] }>(purdyWalksQuery(), { ids });
  const walks = purdyGraph(rows.flatMap((r) => r.edges));
  for (const { id, name } of rows) {
    const node = walks.get(id);
    if (node) node.name = name;
    else walks.set(id, { name, parents: [] });
  }
  return walks;
}

/** Known germplasm as pedigree nodes, in DbId order, one index lookup each (no traversal). */
export async function readPedigreeNodes(graph: Graph, ids: string[], shape: ArrayShape): Promise<TraversedPage> {
  const { nodes, purdy } = assemblePage(await graph.read<PageRow>(nodesQuery(shape), { ids }), shape);
  return { nodes, purdy };
}
