// isAcyclic (Kahn's topological sort) on small graphs whose answer is seen by hand: the upload's cycle check asks it
// before looking for the components, so a wrong "acyclic" would let a cycle be written.
import { expect } from 'chai';
import { isAcyclic } from '../../src/modules/germplasm/pedigree/stronglyConnected.js';

const graph = (edges: Array<[string, string]>) => {
  const next = new Map<string, string[]>();
  for (const [from, to] of edges) next.set(from, [...(next.get(from) ?? []), to]);
  return next;
};

describe('isAcyclic (Kahn 1962)', () => {
  it('finds no cycle in a chain, a diamond (reconvergence) or an empty graph', () => {
    expect(isAcyclic(graph([['c', 'b'], ['b', 'a']]))).to.equal(true);
    // d's parents b and c share the parent a: two paths, no cycle.
    expect(isAcyclic(graph([['d', 'b'], ['d', 'c'], ['b', 'a'], ['c', 'a']]))).to.equal(true);
    expect(isAcyclic(new Map())).to.equal(true);
  });

  it('finds a two-node cycle, a self-loop and a cycle reached only from outside it', () => {
    expect(isAcyclic(graph([['a', 'b'], ['b', 'a']]))).to.equal(false);
    expect(isAcyclic(graph([['a', 'a']]))).to.equal(false);
    // x -> a -> b -> c -> a: x is removable, the three on the cycle are not.
    expect(isAcyclic(graph([['x', 'a'], ['a', 'b'], ['b', 'c'], ['c', 'a']]))).to.equal(false);
  });

  it('counts a node named only as a target (a parent with no parents of its own)', () => {
    // Only "p" is a key; "q" appears only in p's list.
    expect(isAcyclic(new Map([['p', ['q']]]))).to.equal(true);
    expect(isAcyclic(new Map([['p', ['q']], ['q', ['p']]]))).to.equal(false);
  });
});
