// Layered layout with dagre: parents above children, so ancestors sit above the selected germplasm and
// descendants below it (the pedigree is acyclic, so dagre never has to reverse an edge). Many leaf children of one
// germplasm are laid out by dagre as one block and wrapped into rows inside it (fans.ts).
import dagre from '@dagrejs/dagre';
import { findFans, placeFan } from './fans.js';
import type { ViewGraph } from './graph.js';

import { NODE_HEIGHT, NODE_WIDTH, type Point } from './box.js';

export { NODE_HEIGHT, NODE_WIDTH, type Point } from './box.js';

export interface Layout {
  width: number;
  height: number;
  /** Node centres by DbId. */
  centres: Map<string, Point>;
  /** Edge routes by "child\nparent", from the parent to the child. */
  routes: Map<string, Point[]>;
  /** Routes drawn as straight segments (the bundled edges of a fan), not smoothed. */
  straight?: Set<string>;
}

/**
 * dagre's default ranker (network simplex) gives the tidiest layers but grows steeply: on the Williams 82 full tree
 * (2,926 germplasm) it takes over a minute, while tight-tree takes about 4 s; 1,000 nodes take under 1 s either way.
 */
const SIMPLEX_LIMIT = 1000;

export function layoutGraph(graph: ViewGraph): Layout {
  const g = new dagre.graphlib.Graph();
  g.setGraph({
    rankdir: 'TB',
    nodesep: 18,
    ranksep: 64,
    marginx: 24,
    marginy: 24,
    ranker: graph.nodes.length > SIMPLEX_LIMIT ? 'tight-tree' : 'network-simplex',
  });
  g.setDefaultEdgeLabel(() => ({}));
  const fans = findFans(graph);
  const inFan = new Set(fans.flatMap((f) => f.children));
  for (const n of graph.nodes) if (!inFan.has(n.id)) g.setNode(n.id, { width: NODE_WIDTH, height: NODE_HEIGHT });
  for (const f of fans) g.setNode(f.id, { width: f.width, height: f.height });
  for (const e of graph.edges) if (!inFan.has(e.child)) g.setEdge(e.parent, e.child);
  for (const f of fans) g.setEdge(f.parent, f.id);
  dagre.layout(g);

  const centres = new Map<string, Point>();
  for (const n of graph.nodes) {
    if (inFan.has(n.id)) continue;
    const { x, y } = g.node(n.id);
    centres.set(n.id, { x, y });
  }
  const routes = new Map<string, Point[]>();
  for (const e of graph.edges) if (!inFan.has(e.child)) routes.set(`${e.child}\n${e.parent}`, g.edge(e.parent, e.child).points);
  const straight = new Set<string>();
  for (const f of fans) {
    placeFan(f, g.node(f.id), centres.get(f.parent)!, centres, routes);
    for (const c of f.children) straight.add(`${c}\n${f.parent}`);
  }
  const { width = 0, height = 0 } = g.graph();
  return { width, height, centres, routes, straight };
}
