// Finds the new PARENT relationships that close a cycle, inside the upload's transaction (after they are
// written). A variable-length pattern per relationship walks every path, which explodes on real pedigrees full of
// reconvergence (48 s for 36,000 relationships of a synthetic breeding pedigree); this walks nodes instead:
//   1. only a relationship c -> p whose parent has parents and whose child has children can be on a cycle;
//   2. every node of such a cycle is an ancestor of p and a descendant of c, so the search is confined to
//      up = ancestors of the candidate parents, and down = descendants of the candidate children found in up;
//   3. the relationships inside up ∩ down are read once, and c -> p is on a cycle exactly when c and p are in one
//      strongly connected component of that subgraph (Tarjan).
// Each closure step is one query for a whole generation, with the visited set kept here, so no node is walked
// twice whatever the number of paths to it. And when the stored graph cannot take part in a cycle (no new
// relationship has a stored child, or none has a stored parent), only the request's own relationships are checked,
// in memory: the usual case of a bulk load of new germplasm.
import { cypher } from '../../../../graph/cypher-files.js';
import type { Runner } from '../../../../graph/port.js';
import type { Edge } from '../types.js';
import { stronglyConnected } from '../stronglyConnected.js';

export interface Cycle {
  child: string;
  parent: string;
  /** Names (DbId when unnamed) along the cycle, child first and last, each followed by its parent. */
  path: string[];
}

/**
 * @param stored DbIds that existed before this transaction. A cycle through stored germplasm must enter it by a new
 *   relationship to a stored parent and leave it by a new relationship from a stored child.
 */
export async function findCycles(tx: Runner, edges: Edge[], stored: Set<string>): Promise<Cycle[]> {
  if (!edges.some((e) => stored.has(e.parent)) || !edges.some((e) => stored.has(e.child))) {
    return cyclesAmong(edges);
  }
  const candidates = await tx.run<{ child: string; parent: string }>(cypher('germplasm/pedigree/cycle-candidates'), {
    edges: edges.map(({ child, parent }) => ({ child, parent })),
  });
  if (!candidates.length) return [];
  const up = await closure(tx, 'germplasm/pedigree/parents-of', candidates.map((e) => e.parent));
  const suspects = candidates.filter((e) => up.has(e.child));
  if (!suspects.length) return [];
  const down = await closure(tx, 'germplasm/pedigree/children-of', suspects.map((e) => e.child));
  const region = [...up].filter((id) => down.has(id));

  const parents = new Map<string, string[]>();
  const names = new Map<string, string>();
  const inRegion = new Set(region);
  const rows = await tx.run<{ child: string; parent: string; childName: string | null; parentName: string | null }>(
    cypher('germplasm/pedigree/parent-edges-of'),
    { ids: region },
  );
  for (const row of rows) {
    names.set(row.child, row.childName ?? row.child);
    names.set(row.parent, row.parentName ?? row.parent);
    if (!inRegion.has(row.parent)) continue;
    parents.set(row.child, [...(parents.get(row.child) ?? []), row.parent]);
  }
  const component = componentOf(region, parents);
  return suspects
    .filter((e) => component.get(e.child) === component.get(e.parent))
    .map((e) => ({
      child: e.child,
      parent: e.parent,
      path: [e.child, ...pathWithin(e.parent, e.child, parents)].map((id) => names.get(id) ?? id),
    }));
}

/** Cycles formed by the given relationships alone. */
function cyclesAmong(edges: Edge[]): Cycle[] {
  const parents = new Map<string, string[]>();
  for (const e of edges) parents.set(e.child, [...(parents.get(e.child) ?? []), e.parent]);
  const component = componentOf([...parents.keys()], parents);
  return edges
    .filter((e) => component.has(e.parent) && component.get(e.child) === component.get(e.parent))
    .map((e) => ({ child: e.child, parent: e.parent, path: [e.child, ...pathWithin(e.parent, e.child, parents)] }));
}

/** The seeds and everything reachable from them by repeating one step query, a generation per query. */
async function closure(tx: Runner, step: string, seeds: string[]): Promise<Set<string>> {
  const seen = new Set(seeds);
  let frontier = [...seen];
  while (frontier.length) {
    const next = await tx.run<{ id: string }>(cypher(step), { ids: frontier });
    frontier = next.map((r) => r.id).filter((id) => !seen.has(id));
    for (const id of frontier) seen.add(id);
  }
  return seen;
}

/** The number of each node's strongly connected component. */
function componentOf(nodes: string[], next: Map<string, string[]>): Map<string, number> {
  const component = new Map<string, number>();
  stronglyConnected(nodes, next).forEach((members, i) => members.forEach((m) => component.set(m, i)));
  return component;
}

/** A shortest parent-path from `from` to `to` (breadth first), `from` first. */
function pathWithin(from: string, to: string, next: Map<string, string[]>): string[] {
  const previous = new Map<string, string>([[from, from]]);
  const queue = [from];
  for (let i = 0; i < queue.length && !previous.has(to); i++) {
    for (const n of next.get(queue[i]) ?? []) {
      if (!previous.has(n)) {
        previous.set(n, queue[i]);
        queue.push(n);
      }
    }
  }
  const path = [to];
  while (path[0] !== from) path.unshift(previous.get(path[0])!);
  return path;
}
