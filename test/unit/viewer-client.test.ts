// The viewer's pure client parts: GET /pedigree nodes -> drawn graph, and large slices drawn by generation.
import { expect } from 'chai';
import type { PedigreeNode } from '../../src/viewer/client/api.js';
import { buildGraph } from '../../src/viewer/client/graph.js';
import { collapseByGeneration, generations } from '../../src/viewer/client/generations.js';
import type { ViewGraph } from '../../src/viewer/client/graph.js';
import { NODE_HEIGHT, NODE_WIDTH } from '../../src/viewer/client/layout.js';

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
});
