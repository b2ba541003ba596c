// Many children of one germplasm (Williams 82 has 88 at progeny depth 1) drawn as wrapped rows instead of one row
// thousands of pixels wide whose edges form a solid band: a "fan" is the children of one parent that have no other
// drawn parent and no drawn children of their own. dagre lays out the fan as one block; the children fill it in a
// grid, and their edges share one trunk from the parent, a bus above each row and a spine in a gutter between two
// columns (bundled: one line where they run together), drawn as straight segments that never cross a box.
import type { ViewGraph } from './graph.js';
import { NODE_HEIGHT, NODE_WIDTH, type Point } from './box.js';

/** More children than this in one row become a wrapped block. */
export const FAN_LIMIT = 8;
const GAP_X = 18;
/** Room for a row's bus between two rows of a block. */
const ROW_GAP = 26;
export const FAN_PITCH_X = NODE_WIDTH + GAP_X;
export const FAN_PITCH_Y = NODE_HEIGHT + ROW_GAP;

export interface Fan {
  id: string;
  parent: string;
  children: string[];
  columns: number;
  rows: number;
  width: number;
  height: number;
}

/** Columns for n children: a block about one and a half times as wide as tall (screens are wide), at least 6. */
export function fanColumns(n: number): number {
  return Math.min(n, Math.max(6, Math.ceil(Math.sqrt((n * 1.5 * FAN_PITCH_Y) / FAN_PITCH_X))));
}

/** The fans of a graph: per parent, its drawn leaf children with no other drawn parent, when more than FAN_LIMIT. */
export function findFans(graph: ViewGraph): Fan[] {
  const parents = new Map<string, string[]>();
  const hasChildren = new Set<string>();
  for (const e of graph.edges) {
    parents.set(e.child, [...(parents.get(e.child) ?? []), e.parent]);
    hasChildren.add(e.parent);
  }
  const byParent = new Map<string, string[]>();
  for (const n of graph.nodes) {
    const ps = parents.get(n.id) ?? [];
    if (ps.length !== 1 || hasChildren.has(n.id) || n.kind === 'selected') continue;
    byParent.set(ps[0], [...(byParent.get(ps[0]) ?? []), n.id]);
  }
  const name = new Map(graph.nodes.map((n) => [n.id, n.name]));
  const fans: Fan[] = [];
  for (const [parent, kids] of byParent) {
    if (kids.length <= FAN_LIMIT) continue;
    // By name, so that a curator finds a child the way a list would show it.
    const children = kids.sort((a, b) => name.get(a)!.localeCompare(name.get(b)!, 'en', { numeric: true }) || (a < b ? -1 : 1));
    const columns = fanColumns(children.length);
    const rows = Math.ceil(children.length / columns);
    fans.push({ id: `fan:${parent}`, parent, children, columns, rows, width: columns * FAN_PITCH_X - GAP_X, height: rows * FAN_PITCH_Y });
  }
  return fans;
}

/**
 * Places a fan's children in the block whose centre dagre chose (the block's height includes a bus's room above its
 * first row), and routes each child's edge from the parent's bottom: down the trunk to the first bus, along it to
 * a spine in the gutter nearest the trunk, down the spine to the child's row bus, along it, and down into the child.
 */
export function placeFan(fan: Fan, centre: Point, parent: Point, centres: Map<string, Point>, routes: Map<string, Point[]>) {
  const left = centre.x - fan.width / 2;
  const top = centre.y - fan.height / 2 + ROW_GAP;
  const trunkX = Math.min(Math.max(parent.x, left + NODE_WIDTH / 2), left + fan.width - NODE_WIDTH / 2);
  // The gutter between two columns nearest the trunk (or the block's left edge).
  const k = Math.max(0, Math.min(fan.columns, Math.round((trunkX - left + GAP_X / 2) / FAN_PITCH_X)));
  const spineX = left + k * FAN_PITCH_X - GAP_X / 2;
  const busY = (row: number) => top + row * FAN_PITCH_Y - ROW_GAP / 2;
  const start = { x: parent.x, y: parent.y + NODE_HEIGHT / 2 };
  fan.children.forEach((id, i) => {
    const [row, col] = [Math.floor(i / fan.columns), i % fan.columns];
    const c = { x: left + col * FAN_PITCH_X + NODE_WIDTH / 2, y: top + row * FAN_PITCH_Y + NODE_HEIGHT / 2 };
    centres.set(id, c);
    const end = { x: c.x, y: c.y - NODE_HEIGHT / 2 };
    const route = [start, { x: parent.x, y: busY(0) }];
    if (row > 0) route.push({ x: spineX, y: busY(0) }, { x: spineX, y: busY(row) });
    route.push({ x: c.x, y: busY(row) }, end);
    routes.set(`${id}\n${fan.parent}`, route);
  });
}
