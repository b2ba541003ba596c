// Strongly connected components of a directed graph given as adjacency lists: Tarjan's algorithm (R. Tarjan,
// "Depth-first search and linear graph algorithms", SIAM J. Comput. 1(2):146-160, 1972), written with an explicit
// stack: a pedigree is deeper than the JavaScript call stack allows. One traversal for the upload's cycle check
// (commands/findCycles.ts), the quality report's cycles (extensions/pedigree-quality/cycles.ts) and the test of
// src/'s import graph.

/**
 * Every component, in the order Tarjan's algorithm completes them (a component before those that reach it), starting
 * from each of `nodes` in turn and following `next` in its order; members in the order they leave the stack.
 */
export function stronglyConnected(nodes: Iterable<string>, next: Map<string, string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const components: string[][] = [];
  let counter = 0;

  for (const root of nodes) {
    if (index.has(root)) continue;
    // Each frame: a node and how many of its edges have been followed.
    const frames: Array<{ node: string; edge: number }> = [{ node: root, edge: 0 }];
    index.set(root, counter);
    low.set(root, counter++);
    stack.push(root);
    onStack.add(root);
    while (frames.length) {
      const frame = frames[frames.length - 1];
      const out = next.get(frame.node) ?? [];
      if (frame.edge < out.length) {
        const to = out[frame.edge++];
        if (!index.has(to)) {
          index.set(to, counter);
          low.set(to, counter++);
          stack.push(to);
          onStack.add(to);
          frames.push({ node: to, edge: 0 });
        } else if (onStack.has(to)) {
          low.set(frame.node, Math.min(low.get(frame.node)!, index.get(to)!));
        }
        continue;
      }
      frames.pop();
      if (frames.length) {
        const parent = frames[frames.length - 1].node;
        low.set(parent, Math.min(low.get(parent)!, low.get(frame.node)!));
      }
      if (low.get(frame.node) !== index.get(frame.node)) continue;
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== frame.node);
      components.push(component);
    }
  }
  return components;
}

/** The components that are cycles (more than one node, or one node that is its own successor), each sorted. */
export function cycles(next: Map<string, string[]>): string[][] {
  return stronglyConnected(next.keys(), next)
    .filter((c) => c.length > 1 || (next.get(c[0]) ?? []).includes(c[0]))
    .map((c) => c.sort());
}
