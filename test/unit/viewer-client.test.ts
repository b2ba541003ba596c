// The viewer's pure client parts: GET /pedigree nodes -> drawn graph, and large slices drawn by generation.
import { expect } from 'chai';
import type { PedigreeNode } from '../../src/viewer/client/api.js';
import { buildGraph } from '../../src/viewer/client/graph.js';
import { collapseByGeneration, generations } from '../../src/viewer/client/generations.js';
import type { ViewGraph } from '../../src/viewer/client/graph.js';
import { NODE_HEIGHT, NODE_WIDTH, layoutGraph } from '../../src/viewer/client/layout.js';
import { ancestryNote } from '../../src/viewer/client/analysis.js';

describe('viewer client', () => {
  it('draws returned nodes, the selected one\'s siblings, and each parent relationship between drawn nodes once', () => {
    const rel = (germplasmDbId: string, parentType: string) => ({ germplasmDbId, germplasmName: germplasmDbId.toUpperCase(), parentType });
    const node = (id: string, parents: any[], progeny: any[], siblings: any[] | null = null): PedigreeNode => ({
      germplasmDbId: id,
      germplasmName: id.toUpperCase(),
      parents,
      progeny,
      siblings,
    });
    // m x f -> c; c selfed -> s; f has another child h (c's half-sib); grandparent g of f is outside the slice.
    const answer = [
      node('c', [rel('m', 'MALE'), rel('f', 'FEMALE')], [rel('s', 'SELF')], [{ germplasmDbId: 'h', germplasmName: 'H' }]),
      node('f', [rel('g', 'FEMALE')], [rel('c', 'FEMALE'), rel('h', 'FEMALE')]),
      node('m', [], [rel('c', 'MALE')]),
      node('s', [rel('c', 'SELF')], []),
    ];
    const graph = buildGraph(answer, 'c', true);
    const kinds = Object.fromEntries(graph.nodes.map((n) => [n.id, n.kind]));
    expect(kinds).to.deep.equal({ c: 'selected', f: 'ancestor', m: 'ancestor', s: 'descendant', h: 'sibling' });
    expect(graph.edges.map((e) => `${e.parent}>${e.child}:${e.parentType}`).sort()).to.deep.equal(['c>s:SELF', 'f>c:FEMALE', 'f>h:FEMALE', 'm>c:MALE']);
    expect(graph.nodes.find((n) => n.id === 'f')).to.include({ hiddenParents: 1, hiddenProgeny: 0 });
    expect(buildGraph(answer, 'c', false).nodes.map((n) => n.id)).not.to.include('h');
  });

  describe('large slices by generation', () => {
    // A selected line S with a binary tree of ancestors 6 generations up and 40 children, each with 3 children.
    function bigTree(): ViewGraph {
      const nodes = new Map<string, string>([['S', 'S']]);
      const edges: ViewGraph['edges'] = [];
      const ancestors = (id: string, depth: number) => {
        if (!depth) return;
        for (const side of ['F', 'M']) {
          const p = `${id}${side}`;
          nodes.set(p, p);
          edges.push({ parent: p, child: id, parentType: side === 'F' ? 'FEMALE' : 'MALE' });
          ancestors(p, depth - 1);
        }
      };
      ancestors('S', 6);
      for (let i = 0; i < 40; i++) {
        nodes.set(`c${i}`, `c${i}`);
        edges.push({ parent: 'S', child: `c${i}`, parentType: 'FEMALE' });
        for (let j = 0; j < 3; j++) {
          nodes.set(`c${i}.${j}`, `c${i}.${j}`);
          edges.push({ parent: `c${i}`, child: `c${i}.${j}`, parentType: 'SELF' });
        }
      }
      return { nodes: [...nodes].map(([id, name]) => ({ id, name, kind: 'relative', hiddenParents: 0, hiddenProgeny: 0 })), edges };
    }

    it('counts generations from the selection: ancestors negative, descendants positive, nearest path', () => {
      const gen = generations(bigTree(), 'S');
      expect([gen.get('S'), gen.get('SF'), gen.get('SFMFMFM'), gen.get('c3'), gen.get('c3.2')]).to.deep.equal([0, -1, -6, 1, 2]);
    });

    it('draws at most the rows and boxes per row that fit, every germplasm once (drawn or counted), no boxes overlapping', () => {
      const graph = bigTree();
      const { graph: drawn, groups, layout } = collapseByGeneration(graph, 'S', 5, 6);
      const individual = drawn.nodes.filter((n) => n.kind !== 'group').map((n) => n.id);
      const counted = [...groups.values()].flatMap((g) => g.members);
      expect([...individual, ...counted].sort()).to.deep.equal(graph.nodes.map((n) => n.id).sort());
      expect(individual).to.include('S').and.include('SF').and.include('SM');
      const rows = new Map<number, number>();
      for (const n of drawn.nodes) {
        const y = layout.centres.get(n.id)!.y;
        rows.set(y, (rows.get(y) ?? 0) + 1);
      }
      expect(rows.size).to.be.at.most(6);
      for (const count of rows.values()) expect(count).to.be.at.most(5);
      const boxes = drawn.nodes.map((n) => layout.centres.get(n.id)!);
      for (let i = 0; i < boxes.length; i++) {
        for (let j = i + 1; j < boxes.length; j++) {
          const overlap = Math.abs(boxes[i].x - boxes[j].x) < NODE_WIDTH && Math.abs(boxes[i].y - boxes[j].y) < NODE_HEIGHT;
          expect(overlap, `${drawn.nodes[i].id} / ${drawn.nodes[j].id}`).to.equal(false);
        }
      }
      for (const c of boxes) {
        expect(c.x - NODE_WIDTH / 2).to.be.at.least(0);
        expect(c.x + NODE_WIDTH / 2).to.be.at.most(layout.width);
        expect(c.y + NODE_HEIGHT / 2).to.be.at.most(layout.height);
      }
      // Edges only between drawn boxes, each with a route; a parent relationship to a counted germplasm goes to its box.
      const ids = new Set(drawn.nodes.map((n) => n.id));
      for (const e of drawn.edges) {
        expect(ids.has(e.parent) && ids.has(e.child)).to.equal(true);
        expect(layout.routes.get(`${e.child}\n${e.parent}`)).to.have.length(2);
      }
      expect(drawn.edges.some((e) => e.parentType === 'GROUP')).to.equal(true);
    });
  });

  it('wraps many leaf children of one germplasm into rows, with bundled edges that never cross a box', () => {
    // P (with its own parent G) has 30 leaf children, and one child X with a second drawn parent Q: X stays out of the fan.
    const nodes = ['G', 'P', 'Q', 'X', ...Array.from({ length: 30 }, (_, i) => `c${i}`)].map((id) => ({ id, name: id, kind: 'relative' as const, hiddenParents: 0, hiddenProgeny: 0 }));
    const edges = [
      { parent: 'G', child: 'P', parentType: 'FEMALE' },
      { parent: 'P', child: 'X', parentType: 'FEMALE' },
      { parent: 'Q', child: 'X', parentType: 'MALE' },
      ...Array.from({ length: 30 }, (_, i) => ({ parent: 'P', child: `c${i}`, parentType: i % 2 ? 'MALE' : 'FEMALE' })),
    ];
    const layout = layoutGraph({ nodes, edges });
    const kids = Array.from({ length: 30 }, (_, i) => layout.centres.get(`c${i}`)!);
    const rows = new Set(kids.map((c) => c.y));
    expect(rows.size).to.be.within(3, 6);
    expect(layout.width).to.be.below(12 * NODE_WIDTH);
    const all = [...layout.centres.entries()];
    for (let i = 0; i < all.length; i++) {
      for (let j = i + 1; j < all.length; j++) {
        const [a, b] = [all[i][1], all[j][1]];
        expect(Math.abs(a.x - b.x) < NODE_WIDTH && Math.abs(a.y - b.y) < NODE_HEIGHT, `${all[i][0]} and ${all[j][0]}`).to.equal(false);
      }
    }
    const p = layout.centres.get('P')!;
    for (let i = 0; i < 30; i++) {
      const key = `c${i}\nP`;
      const route = layout.routes.get(key)!;
      expect(layout.straight!.has(key)).to.equal(true);
      expect(route[0]).to.deep.equal({ x: p.x, y: p.y + NODE_HEIGHT / 2 });
      expect(route.at(-1)).to.deep.equal({ x: kids[i].x, y: kids[i].y - NODE_HEIGHT / 2 });
      // Each segment is horizontal or vertical and passes through no box (it may touch the child's top at its end).
      for (let k = 1; k < route.length; k++) {
        const [u, v] = [route[k - 1], route[k]];
        expect(u.x === v.x || u.y === v.y).to.equal(true);
        for (const [id, c] of all) {
          const inside = (x: number, y: number) => Math.abs(x - c.x) < NODE_WIDTH / 2 - 0.01 && Math.abs(y - c.y) < NODE_HEIGHT / 2 - 0.01;
          const mid = { x: (u.x + v.x) / 2, y: (u.y + v.y) / 2 };
          expect(inside(mid.x, mid.y), `c${i}: segment ${k} crosses ${id}`).to.equal(false);
        }
      }
    }
    expect(layout.straight!.has('X\nP')).to.equal(false);
  });

  it('explains F and the generation code when the ancestry stops early', () => {
    expect(ancestryNote({ maxGenerations: 2, completeGenerations: 1, generationCode: 'F1' })).to.equal(
      "Parents' ancestry unknown: F counts only the recorded pedigree (unknown ancestors count as unrelated and not inbred), and F1 counts from the recorded cross, not the selfing the line may have had since.");
    expect(ancestryNote({ maxGenerations: 0, completeGenerations: 0, generationCode: null })).to.match(/^No parents recorded/);
    expect(ancestryNote({ maxGenerations: 3, completeGenerations: 0, generationCode: null })).to.match(/^A parent is unknown: F counts/);
    expect(ancestryNote({ maxGenerations: 5, completeGenerations: 3, generationCode: 'F4' })).to.match(/^Ancestry unknown beyond 3 generations on some lines/);
    expect(ancestryNote({ maxGenerations: 4, completeGenerations: 4, generationCode: 'F4' })).to.equal(null);
  });
});
