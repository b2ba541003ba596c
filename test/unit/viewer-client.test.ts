// The viewer's pure client parts: search ranking over the name index, and GET /pedigree nodes -> drawn graph.
import { expect } from 'chai';
import type { PedigreeNode } from '../../src/viewer/client/api.js';
import { buildGraph } from '../../src/viewer/client/graph.js';
import { entry, search } from '../../src/viewer/client/names.js';

describe('viewer client', () => {
  it('ranks exact, prefix, word-start and substring matches on name and DbId, case-insensitively', () => {
    const index = [
      entry('soy-x-1', '( Hardin , Williams 82 )'),
      entry('soy-williams-82-2', 'Williams 82 2'),
      entry('soy-williams-82', 'Williams 82'),
      entry('soy-ww82', 'Oldwilliams 82'),
      entry('soy-essex', 'Essex'),
    ];
    expect(search(index, 'williams 8').map((e) => e.id)).to.deep.equal(['soy-williams-82', 'soy-williams-82-2', 'soy-x-1', 'soy-ww82']);
    expect(search(index, 'WILLIAMS 82')[0].id).to.equal('soy-williams-82');
    expect(search(index, 'soy-ess').map((e) => e.id)).to.deep.equal(['soy-essex']);
    expect(search(index, '  ')).to.deep.equal([]);
    expect(search(index, 'w', 2)).to.have.length(2);
  });

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
});
