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

/**
 * Whether the graph has no cycle: Kahn's topological sort (A. B. Kahn, "Topological sorting of large networks",
 * Commun. ACM 5(11):558-562, 1962) removes every node exactly when none is on a cycle. Integer arrays instead of the
 * maps of Tarjan's algorithm: the cycle check of a bulk upload (tens of thousands of relationships, almost never a
 * cycle) asks this first and looks for the components only when there is one.
 */
export function isAcyclic(next: Map<string, string[]>): boolean {
  const index = new Map<string, number>();
  for (const [from, tos] of next) {
    if (!index.has(from)) index.set(from, index.size);
    for (const to of tos) if (!index.has(to)) index.set(to, index.size);
  }
  const n = index.size;
  const outs: number[][] = new Array(n);
  const indegree = new Int32Array(n);
  for (const [from, tos] of next) {
    const list = (outs[index.get(from)!] ??= []);
    for (const to of tos) {
      const t = index.get(to)!;
      list.push(t);
      indegree[t]++;
    }
  }
  const ready: number[] = [];
  for (let i = 0; i < n; i++) if (indegree[i] === 0) ready.push(i);
  let removed = 0;
  while (ready.length) {
    const i = ready.pop()!;
    removed++;
    for (const t of outs[i] ?? []) if (--indegree[t] === 0) ready.push(t);
  }
  return removed === n;
}

/** The components that are cycles (more than one node, or one node that is its own successor), each sorted. */
export function cycles(next: Map<string, string[]>): string[][] {
  return stronglyConnected(next.keys(), next)
    .filter((c) => c.length > 1 || (next.get(c[0]) ?? []).includes(c[0]))
    .map((c) => c.sort());
}
