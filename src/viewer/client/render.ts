// Draws a laid-out pedigree as SVG. Female and male edges differ in colour, dash and end marker; a SELF edge is a
// green dotted line with a loop; siblings and the selected germplasm have their own node style.
// Class names (edge-female, node selected, ...) are the contract the legend, the stylesheet and the tests share.
import { svg } from './dom.js';
import type { ViewEdge, ViewGraph, ViewNode } from './graph.js';
import { NODE_HEIGHT, NODE_WIDTH, type Layout, type Point } from './layout.js';

/** Text widths in the box's fonts (viewer.css), measured on a canvas: no layout pass per label. */
const FONTS = { name: '600 12.5px "DejaVu Sans", "Segoe UI", Roboto, Helvetica, Arial, sans-serif', dbid: '10px "DejaVu Sans Mono", monospace', more: '10px "DejaVu Sans", "Segoe UI", Roboto, Helvetica, Arial, sans-serif' };
let context: CanvasRenderingContext2D | null | undefined;
function textWidth(text: string, font: string): number {
  if (context === undefined) context = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  if (!context) return text.length * 7.5;
  context.font = font;
  return context.measureText(text).width;
}

/** The text cut (with an ellipsis) to fit `width` pixels in `font`. */
export function fitText(text: string, width: number, font: string): string {
  if (textWidth(text, font) <= width) return text;
  let [lo, hi] = [0, text.length];
  while (lo < hi) {
    const mid = Math.ceil((lo + hi) / 2);
    if (textWidth(`${text.slice(0, mid)}…`, font) <= width) lo = mid;
    else hi = mid - 1;
  }
  return `${text.slice(0, lo).trimEnd()}…`;
}

const PAD_LEFT = 8;
const PAD_RIGHT = 4;

export function renderGraph(root: SVGSVGElement, graph: ViewGraph, layout: Layout) {
  const edges = svg('g', { class: 'edges' });
  for (const e of graph.edges) {
    const key = `${e.child}\n${e.parent}`;
    edges.append(...drawEdge(e, layout.routes.get(key) ?? [], layout.straight?.has(key) ?? false));
  }
  const nodes = svg('g', { class: 'nodes' });
  for (const n of graph.nodes) nodes.append(drawNode(n, layout.centres.get(n.id)!));
  root.replaceChildren(markers(), edges, nodes);
}

function edgeKind(parentType: string): 'female' | 'male' | 'self' | 'other' | 'group' {
  const t = parentType.toUpperCase();
  return t === 'FEMALE' ? 'female' : t === 'MALE' ? 'male' : t === 'SELF' ? 'self' : t === 'GROUP' ? 'group' : 'other';
}

function markers(): SVGElement {
  const marker = (kind: string, shape: SVGElement, refX: number) =>
    svg('marker', { id: `m-${kind}`, class: `marker-${kind}`, viewBox: '0 0 10 10', refX, refY: 5, markerWidth: 7, markerHeight: 7, orient: 'auto' }, shape);
  const arrow = () => svg('path', { d: 'M0,0 L10,5 L0,10 z' });
  return svg(
    'defs',
    {},
    marker('female', svg('circle', { cx: 5, cy: 5, r: 4 }), 8),
    marker('male', arrow(), 9),
    marker('self', arrow(), 9),
    marker('other', arrow(), 9),
    marker('group', arrow(), 9),
  );
}

function drawEdge(e: ViewEdge, points: Point[], straight: boolean): SVGElement[] {
  const kind = edgeKind(e.parentType);
  const path = svg('path', {
    class: `edge edge-${kind}${straight ? ' bundled' : ''}`,
    d: straight ? polyline(points) : basis(points),
    'marker-end': `url(#m-${kind})`,
    'data-parent': e.parent,
    'data-child': e.child,
    'data-parent-type': e.parentType,
  });
  path.append(svg('title', {}, `${e.parentType.toLowerCase()} parent: ${e.parent} → ${e.child}`));
  // A fan's bundled edges share their trunk: a label or loop at its middle would pile up on the others'.
  if (kind === 'female' || kind === 'male' || kind === 'group' || straight) return [path];
  const mid = points[Math.floor(points.length / 2)] ?? { x: 0, y: 0 };
  // No text on the line: in a dense layout (the full tree's generation rows) a label lands on another box's name.
  // The edge's style and title say its type; a SELF edge also gets a small loop, which reads at a glance, also in
  // greyscale.
  if (kind === 'other') return [path];
  const loop = svg('circle', { class: 'self-loop', cx: r(mid.x), cy: r(mid.y), r: 6 });
  return [path, loop];
}

function drawNode(n: ViewNode, c: Point): SVGElement {
  const x = r(c.x - NODE_WIDTH / 2);
  const y = r(c.y - NODE_HEIGHT / 2);
  if (n.kind === 'group') {
    const [count, where] = n.name.split('\n');
    return svg(
      'g',
      { class: 'node group', 'data-id': n.id, 'data-count': count.replace(/\D/g, ''), transform: `translate(${x},${y})` },
      svg('title', {}, `${count}, ${where}: select one of them, or lower the depths, to see them one by one`),
      svg('rect', { width: NODE_WIDTH, height: NODE_HEIGHT, rx: 12 }),
      svg('text', { class: 'name', x: 8, y: 17 }, count),
      svg('text', { class: 'dbid', x: 8, y: 33 }, where),
    );
  }
  // Each line stops short of the ▲n / ▼n marker at its end (or of the box's edge): labels never run into them.
  const up = n.hiddenParents ? `▲${n.hiddenParents}` : '';
  const down = n.hiddenProgeny ? `▼${n.hiddenProgeny}` : '';
  const room = (marker: string) => NODE_WIDTH - PAD_LEFT - PAD_RIGHT - (marker ? textWidth(marker, FONTS.more) + 6 : 0);
  const name = fitText(n.name, room(up), FONTS.name);
  const id = fitText(n.id, room(down), FONTS.dbid);
  const hidden = [
    n.hiddenParents ? `${n.hiddenParents} more parent(s) not drawn` : '',
    n.hiddenProgeny ? `${n.hiddenProgeny} more child(ren) not drawn` : '',
  ].filter(Boolean);
  const g = svg(
    'g',
    { class: `node ${n.kind}`, 'data-id': n.id, transform: `translate(${x},${y})`, tabindex: 0, role: 'button' },
    svg('title', {}, [`${n.name} (${n.id})`, n.kind, ...hidden].join('\n')),
    svg('rect', { width: NODE_WIDTH, height: NODE_HEIGHT, rx: 5 }),
    svg('text', { class: 'name', x: PAD_LEFT, y: 17 }, name),
    svg('text', { class: 'dbid', x: PAD_LEFT, y: 33 }, id),
  );
  if (up) g.append(svg('text', { class: 'more', x: NODE_WIDTH - PAD_RIGHT, y: 14, 'text-anchor': 'end' }, up));
  if (down) g.append(svg('text', { class: 'more', x: NODE_WIDTH - PAD_RIGHT, y: NODE_HEIGHT - 6, 'text-anchor': 'end' }, down));
  return g;
}

const r = (v: number) => Math.round(v * 10) / 10;

/** Straight segments through the points (a fan's bundled edges run along shared lines). */
function polyline(points: Point[]): string {
  return points.map((q, i) => `${i ? 'L' : 'M'}${r(q.x)},${r(q.y)}`).join('');
}

/** A smooth path through dagre's route points (the uniform B-spline d3's curveBasis draws). */
function basis(points: Point[]): string {
  if (points.length === 0) return '';
  const p = (x: number, y: number) => `${r(x)},${r(y)}`;
  const [first, ...rest] = points;
  if (rest.length < 2) return `M${p(first.x, first.y)}` + rest.map((q) => `L${p(q.x, q.y)}`).join('');
  let d = `M${p(first.x, first.y)}`;
  let [x0, y0, x1, y1] = [first.x, first.y, rest[0].x, rest[0].y];
  const curve = (x: number, y: number) => {
    d += `C${p((2 * x0 + x1) / 3, (2 * y0 + y1) / 3)} ${p((x0 + 2 * x1) / 3, (y0 + 2 * y1) / 3)} ${p((x0 + 4 * x1 + x) / 6, (y0 + 4 * y1 + y) / 6)}`;
    [x0, y0, x1, y1] = [x1, y1, x, y];
  };
  d += `L${p((5 * x0 + x1) / 6, (5 * y0 + y1) / 6)}`;
  for (const q of rest.slice(1)) curve(q.x, q.y);
  curve(x1, y1);
  return d + `L${p(x1, y1)}`;
}
