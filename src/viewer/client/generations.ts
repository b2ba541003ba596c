// Large slices (a full tree of thousands of germplasm) drawn readably and at once: one row per generation counted
// from the selected germplasm (ancestors above, descendants below), as many rows and boxes per row as fit on the
// screen at a legible size; a row with more germplasm shows those linked to the row next to the selection and one
// box standing for the rest, and the generations beyond the last row fit into one box per side. The layout is our
// own (rows are generations, so no layering is needed; an order by the neighbours' mean position), linear in the
// slice but for sorting each row, so it never blocks the page the way dagre's ranker does on thousands of nodes (over 4 s).
import type { ViewEdge, ViewGraph, ViewNode } from './graph.js';
import { NODE_HEIGHT, NODE_WIDTH, type Layout, type Point } from './layout.js';

export const GAP_X = 18;
export const GAP_Y = 40;
const MARGIN = 24;
export const PITCH_X = NODE_WIDTH + GAP_X;
export const PITCH_Y = NODE_HEIGHT + GAP_Y;

/** A box standing for germplasm not drawn one by one. */
export interface Group {
  id: string;
  members: string[];
  generations: [number, number];
}

export interface Collapsed {
  graph: ViewGraph;
  groups: Map<string, Group>;
  layout: Layout;
}

/** Appends in place: copying the list on every append would be quadratic in a node's links (hundreds of progeny). */
function push<K, V>(map: Map<K, V[]>, key: K, value: V) {
  const list = map.get(key);
  if (list) list.push(value);
  else map.set(key, [value]);
}

/** How many rows and boxes per row fit in width x height screen pixels at `scale` (at least 3 rows, 2 boxes). */
export function capacity(width: number, height: number, scale: number) {
  return {
    rowMax: Math.max(2, Math.floor((width / scale - 2 * MARGIN + GAP_X) / PITCH_X)),
    maxRows: Math.max(3, Math.floor((height / scale - 2 * MARGIN + GAP_Y) / PITCH_Y)),
  };
}

/** Signed generation of every node: -k for an ancestor k parent steps up (nearest), +k for a descendant, else 0. */
export function generations(graph: ViewGraph, selectedId: string): Map<string, number> {
  const up = new Map<string, string[]>();
  const down = new Map<string, string[]>();
  for (const e of graph.edges) {
    push(up, e.child, e.parent);
    push(down, e.parent, e.child);
  }
  const gen = new Map<string, number>([[selectedId, 0]]);
  for (const [next, sign] of [[up, -1], [down, 1]] as const) {
    let frontier = [selectedId];
    for (let d = 1; frontier.length; d++) {
      const following: string[] = [];
      for (const id of frontier) {
        for (const n of next.get(id) ?? []) {
          if (!gen.has(n)) {
            gen.set(n, sign * d);
            following.push(n);
          }
        }
      }
      frontier = following;
    }
  }
  for (const n of graph.nodes) if (!gen.has(n.id)) gen.set(n.id, 0);
  return gen;
}

/** The rows drawn: `above` generations up and `below` down, leaving a row for a box on each side with more. */
function rowWindow(minGen: number, maxGen: number, maxRows: number): [number, number] {
  let [above, below] = [0, 0];
  const rows = (a: number, b: number) => a + b + 1 + (-minGen > a ? 1 : 0) + (maxGen > b ? 1 : 0);
  for (let grew = true; grew; ) {
    grew = false;
    if (above < -minGen && rows(above + 1, below) <= maxRows) (above++, (grew = true));
    if (below < maxGen && rows(above, below + 1) <= maxRows) (below++, (grew = true));
  }
  return [above, below];
}

export function collapseByGeneration(graph: ViewGraph, selectedId: string, rowMax: number, maxRows: number): Collapsed {
  const gen = generations(graph, selectedId);
  const gens = [...gen.values()];
  const [minGen, maxGen] = [Math.min(...gens), Math.max(...gens)];
  const [above, below] = rowWindow(minGen, maxGen, maxRows);
  const byId = new Map(graph.nodes.map((n) => [n.id, n]));
  const neighbours = new Map<string, Set<string>>();
  for (const e of graph.edges) {
    for (const [a, b] of [[e.parent, e.child], [e.child, e.parent]]) {
      if (!neighbours.has(a)) neighbours.set(a, new Set());
      neighbours.get(a)!.add(b);
    }
  }

  const rep = new Map<string, string>();
  const groups = new Map<string, Group>();
  const rows = new Map<number, string[]>();
  const group = (id: string, members: string[], generations: [number, number], row: number) => {
    groups.set(id, { id, members, generations });
    for (const m of members) rep.set(m, id);
    rows.set(row, [...(rows.get(row) ?? []), id]);
  };
  // Rows from the selection outwards, so each row keeps the germplasm linked to what the row before it kept.
  const order = [0];
  for (let k = 1; k <= Math.max(above, below); k++) {
    if (k <= above) order.push(-k);
    if (k <= below) order.push(k);
  }
  const members = new Map<number, string[]>();
  for (const [id, g] of gen) push(members, g, id);
  for (const g of order) {
    const all = (members.get(g) ?? []).sort();
    const inner = g === 0 ? 0 : g - Math.sign(g);
    const linked = (id: string) => [...(neighbours.get(id) ?? [])].some((n) => rep.get(n) === n && gen.get(n) === inner);
    const keep = all.length <= rowMax ? all : [
      ...(g === 0 ? [selectedId] : []),
      ...all.filter((id) => id !== selectedId && linked(id)),
      ...all.filter((id) => id !== selectedId && !linked(id)),
    ].slice(0, rowMax - 1);
    for (const id of keep) rep.set(id, id);
    rows.set(g, [...keep]);
    const rest = all.filter((id) => rep.get(id) !== id);
    if (rest.length) group(`group:${g}`, rest, [g, g], g);
  }
  const far = (from: number, to: number, row: number) => {
    const ids = gens.length ? [...gen].filter(([, g]) => g >= from && g <= to).map(([id]) => id) : [];
    if (ids.length) group(`group:${from}..${to}`, ids, [from, to], row);
  };
  if (-minGen > above) far(minGen, -above - 1, -above - 1);
  if (maxGen > below) far(below + 1, maxGen, below + 1);

  const nodes: ViewNode[] = [];
  for (const ids of rows.values()) {
    for (const id of ids) {
      const g = groups.get(id);
      nodes.push(g ? { id, name: groupLabel(g, selectedId), kind: 'group', hiddenParents: 0, hiddenProgeny: 0 } : byId.get(id)!);
    }
  }
  const edges = new Map<string, ViewEdge>();
  for (const e of graph.edges) {
    const [parent, child] = [rep.get(e.parent)!, rep.get(e.child)!];
    if (parent === child) continue;
    const key = `${child}\n${parent}`;
    const grouped = groups.has(parent) || groups.has(child);
    if (!edges.has(key)) edges.set(key, { parent, child, parentType: grouped ? 'GROUP' : e.parentType });
  }
  const collapsed = { nodes, edges: [...edges.values()] };
  return { graph: collapsed, groups, layout: place(rows, collapsed.edges, order, selectedId) };
}

/** Two lines: how many of whom, and where (the renderer puts them on the box's two lines). */
function groupLabel(g: Group, selectedId: string): string {
  const [from, to] = g.generations;
  const who = from < 0 ? 'ancestors' : from > 0 ? 'descendants' : g.members.includes(selectedId) ? 'germplasm' : 'siblings';
  const where = from === to ? `generation ${from > 0 ? '+' : ''}${from}` : `generations ${Math.min(Math.abs(from), Math.abs(to))}-${Math.max(Math.abs(from), Math.abs(to))} ${from < 0 ? 'up' : 'down'}`;
  return `${g.members.length.toLocaleString('en')} more ${who}\n${where}`;
}

/** Rows top to bottom; within a row, boxes ordered by the mean position of their links to the row placed before. */
function place(rows: Map<number, string[]>, edges: ViewEdge[], order: number[], selectedId: string): Layout {
  const links = new Map<string, string[]>();
  for (const e of edges) {
    push(links, e.parent, e.child);
    push(links, e.child, e.parent);
  }
  const slot = new Map<string, number>();
  const placed = [...order, ...[...rows.keys()].filter((g) => !order.includes(g))];
  for (const g of placed) {
    const ids = rows.get(g) ?? [];
    const mean = (id: string) => {
      const xs = (links.get(id) ?? []).filter((n) => slot.has(n)).map((n) => slot.get(n)!);
      return xs.length ? xs.reduce((a, b) => a + b, 0) / xs.length : id === selectedId ? 0 : Infinity;
    };
    const sorted = ids.map((id) => [mean(id), id] as const).sort((a, b) => a[0] - b[0] || (a[1] < b[1] ? -1 : 1)).map(([, id]) => id);
    sorted.forEach((id, i) => slot.set(id, i - (sorted.length - 1) / 2));
  }
  const gens = [...rows.keys()].filter((g) => (rows.get(g) ?? []).length);
  const top = Math.min(...gens);
  const widest = Math.max(...gens.map((g) => rows.get(g)!.length));
  const centres = new Map<string, Point>();
  for (const g of gens) {
    for (const id of rows.get(g)!) {
      centres.set(id, { x: MARGIN + ((widest - 1) / 2 + slot.get(id)!) * PITCH_X + NODE_WIDTH / 2, y: MARGIN + (g - top) * PITCH_Y + NODE_HEIGHT / 2 });
    }
  }
  const routes = new Map<string, Point[]>();
  for (const e of edges) {
    const [p, c] = [centres.get(e.parent)!, centres.get(e.child)!];
    const down = c.y > p.y ? 1 : -1;
    routes.set(`${e.child}\n${e.parent}`, [{ x: p.x, y: p.y + (down * NODE_HEIGHT) / 2 }, { x: c.x, y: c.y - (down * NODE_HEIGHT) / 2 }]);
  }
  return {
    width: 2 * MARGIN + widest * PITCH_X - GAP_X,
    height: 2 * MARGIN + (Math.max(...gens) - top + 1) * PITCH_Y - GAP_Y,
    centres,
    routes,
  };
}
