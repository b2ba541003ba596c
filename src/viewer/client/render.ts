// Draws a laid-out pedigree as SVG. Female and male edges differ in colour, dash and end marker; a SELF edge is a
// green dotted line with a loop and the label "self"; siblings and the selected germplasm have their own node style.
// Class names (edge-female, node selected, ...) are the contract the legend, the stylesheet and the tests share.
import { svg } from './dom.js';
import type { ViewEdge, ViewGraph, ViewNode } from './graph.js';
import { NODE_HEIGHT, NODE_WIDTH, type Layout, type Point } from './layout.js';

const MAX_LABEL = 24;

export function renderGraph(root: SVGSVGElement, graph: ViewGraph, layout: Layout) {
  const edges = svg('g', { class: 'edges' });
  for (const e of graph.edges) edges.append(...drawEdge(e, layout.routes.get(`${e.child}\n${e.parent}`) ?? []));
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

function drawEdge(e: ViewEdge, points: Point[]): SVGElement[] {
  const kind = edgeKind(e.parentType);
  const path = svg('path', {
    class: `edge edge-${kind}`,
    d: basis(points),
    'marker-end': `url(#m-${kind})`,
    'data-parent': e.parent,
    'data-child': e.child,
    'data-parent-type': e.parentType,
  });
  path.append(svg('title', {}, `${e.parentType.toLowerCase()} parent: ${e.parent} → ${e.child}`));
  if (kind === 'female' || kind === 'male' || kind === 'group') return [path];
  const mid = points[Math.floor(points.length / 2)] ?? { x: 0, y: 0 };
  const label = svg('text', { class: `edge-label ${kind}`, x: r(mid.x + 12), y: r(mid.y + 4) }, kind === 'self' ? 'self' : e.parentType.toLowerCase());
  if (kind === 'other') return [path, label];
  // A small loop on the line: "selfed from" reads at a glance, also in greyscale.
  const loop = svg('circle', { class: 'self-loop', cx: r(mid.x), cy: r(mid.y), r: 6 });
  return [path, loop, label];
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
  const name = n.name.length > MAX_LABEL ? `${n.name.slice(0, MAX_LABEL - 1)}…` : n.name;
  const id = n.id.length > 30 ? `${n.id.slice(0, 29)}…` : n.id;
  const hidden = [
    n.hiddenParents ? `${n.hiddenParents} more parent(s) not drawn` : '',
    n.hiddenProgeny ? `${n.hiddenProgeny} more child(ren) not drawn` : '',
  ].filter(Boolean);
  const g = svg(
    'g',
    { class: `node ${n.kind}`, 'data-id': n.id, transform: `translate(${x},${y})`, tabindex: 0, role: 'button' },
    svg('title', {}, [`${n.name} (${n.id})`, n.kind, ...hidden].join('\n')),
    svg('rect', { width: NODE_WIDTH, height: NODE_HEIGHT, rx: 5 }),
    svg('text', { class: 'name', x: 8, y: 17 }, name),
    svg('text', { class: 'dbid', x: 8, y: 33 }, id),
  );
  if (n.hiddenParents) g.append(svg('text', { class: 'more', x: NODE_WIDTH - 4, y: 11, 'text-anchor': 'end' }, `▲${n.hiddenParents}`));
  if (n.hiddenProgeny) g.append(svg('text', { class: 'more', x: NODE_WIDTH - 4, y: NODE_HEIGHT - 4, 'text-anchor': 'end' }, `▼${n.hiddenProgeny}`));
  return g;
}

const r = (v: number) => Math.round(v * 10) / 10;

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
