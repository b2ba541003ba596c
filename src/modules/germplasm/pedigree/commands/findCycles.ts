// Finds the new PARENT relationships that would close a cycle, inside the upload's transaction, before anything is
// written (so that a rejected write costs reads only). A variable-length pattern per relationship walks every path,
// which explodes on real pedigrees full of reconvergence (48 s for 36,000 relationships of a synthetic breeding
// pedigree); this walks nodes instead, once for the whole write:
//   1. c -> p can be on a cycle only if c has progeny once the write is done (stored, or given by the write), and a
//      stored relationship can be on one only if some new relationship's child has stored progeny;
//   2. on a cycle, every run of stored relationships starts at the parent of a new one, so the stored relationships
//      that can take part are those reachable upward from the new relationships' parents: one closure, a generation
//      per query, the visited set kept here (no node is walked twice whatever the number of paths to it);
//   3. c -> p is on a cycle exactly when c and p are in one strongly connected component of the new relationships
//      together with those stored ones that the write keeps (Tarjan).
// When the stored graph cannot take part (no new relationship has a stored child, or none has a stored parent), only
// the request's own relationships are read, in memory: the usual case of a bulk load of new germplasm.
import { cypher } from '../../../../graph/cypher-files.js';
import type { Runner } from '../../../../graph/port.js';
import type { Edge } from '../types.js';
import { isAcyclic, stronglyConnected } from '../stronglyConnected.js';

export interface Cycle {
  child: string;
  parent: string;
  /** Names (DbId when unnamed) along the cycle, child first and last, each followed by its parent; DbIds when the
   * cycle is among the request's own relationships alone. */
  path: string[];
}

/** What the cycle check knows of the graph before the write. */
export interface CycleScope {
  /** DbIds stored before this transaction's write. */
  stored: Set<string>;
  /** Of those, the ones with progeny stored. */
  withProgeny: Set<string>;
  /** Whether the write removes the stored relationship child -> parent (a PUT that replaces parents or progeny). */
  removed: (child: string, parent: string) => boolean;
  /** The name a germplasm the write names has once it is written (its DbId when it has none). */
  nameOf: (id: string) => string | undefined;
}

export async function findCycles(tx: Runner, edges: Edge[], scope: CycleScope): Promise<Cycle[]> {
  const { stored } = scope;
  if (!edges.some((e) => stored.has(e.parent)) || !edges.some((e) => stored.has(e.child))) {
    return cyclesAmong(edges);
  }
  const givenParents = new Set(edges.map((e) => e.parent));
  if (!edges.some((e) => givenParents.has(e.child) || scope.withProgeny.has(e.child))) return [];

  const parents = new Map<string, string[]>();
  const given = new Set<string>();
  for (const e of edges) {
    given.add(`${e.child}\u0000${e.parent}`);
    (parents.get(e.child) ?? parents.set(e.child, []).get(e.child)!).push(e.parent);
  }
  const names = new Map<string, string>();
  const seen = new Set(edges.map((e) => e.parent).filter((id) => stored.has(id)));
  // A stored run on a cycle ends at the child of a new relationship, which then has stored progeny: without any, every
  // cycle is among the new relationships (a batch of children whose progeny come later, as a loader sends them).
  let frontier = edges.some((e) => scope.withProgeny.has(e.child)) ? [...seen] : [];
  while (frontier.length) {
    const rows = await tx.run<{ child: string; parent: string; parentName: string | null }>(cypher('germplasm/pedigree/stored-parents-up'), { ids: frontier });
    frontier = [];
    for (const { child, parent, parentName } of rows) {
      if (given.has(`${child}\u0000${parent}`) || scope.removed(child, parent)) continue;
      names.set(parent, parentName ?? parent);
      (parents.get(child) ?? parents.set(child, []).get(child)!).push(parent);
      if (!seen.has(parent)) {
        seen.add(parent);
        frontier.push(parent);
      }
    }
  }
  if (isAcyclic(parents)) return [];
  const component = componentOf([...parents.keys()], parents);
  const name = (id: string) => scope.nameOf(id) ?? names.get(id) ?? id;
  return edges
    .filter((e) => component.has(e.parent) && component.get(e.child) === component.get(e.parent))
    .map((e) => ({ child: e.child, parent: e.parent, path: [e.child, ...pathWithin(e.parent, e.child, parents)].map(name) }));
}

/** Cycles formed by the given relationships alone. */
function cyclesAmong(edges: Edge[]): Cycle[] {
  const parents = new Map<string, string[]>();
  for (const e of edges) {
    const list = parents.get(e.child);
    if (list) list.push(e.parent);
    else parents.set(e.child, [e.parent]);
  }
  if (isAcyclic(parents)) return [];
  const component = componentOf([...parents.keys()], parents);
  return edges
    .filter((e) => component.has(e.parent) && component.get(e.child) === component.get(e.parent))
    .map((e) => ({ child: e.child, parent: e.parent, path: [e.child, ...pathWithin(e.parent, e.child, parents)] }));
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
