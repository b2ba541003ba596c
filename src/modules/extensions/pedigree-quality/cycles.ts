// The cycles of the PARENT graph of a quality scope: its strongly connected components with more than one node, and
// the germplasm that are their own parent. Tarjan's algorithm (R. Tarjan, "Depth-first search and linear graph
// algorithms", SIAM J. Comput. 1(2):146-160, 1972), written with an explicit stack: a pedigree is deeper than the
// JavaScript call stack allows. The upload refuses cycles; data written around it (Cypher in Neo4j Browser, an old
// store) can still hold one, and every ancestry question (kinship, generations) breaks on it.

/** Each germplasm on a cycle, with the members of its cycle (its strongly connected component, one array shared by all). */
export function cycleMembers(edges: Map<string, string[]>): Map<string, string[]> {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const onStack = new Set<string>();
  const stack: string[] = [];
  const found = new Map<string, string[]>();
  let next = 0;

  for (const root of edges.keys()) {
    if (index.has(root)) continue;
    // Each frame: a node and how many of its edges have been followed.
    const frames: Array<{ node: string; edge: number }> = [{ node: root, edge: 0 }];
    index.set(root, next);
    low.set(root, next++);
    stack.push(root);
    onStack.add(root);
    while (frames.length) {
      const frame = frames[frames.length - 1];
      const out = edges.get(frame.node) ?? [];
      if (frame.edge < out.length) {
        const to = out[frame.edge++];
        if (!index.has(to)) {
          index.set(to, next);
          low.set(to, next++);
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
      const selfLoop = component.length === 1 && (edges.get(frame.node) ?? []).includes(frame.node);
      if (component.length > 1 || selfLoop) {
        component.sort();
        for (const m of component) found.set(m, component);
      }
    }
  }
  return found;
}
