// GET /pedigree's flat node list -> the graph the viewer draws. Nodes: every returned germplasm, plus (with
// siblings on) the selected germplasm's siblings, which GET /pedigree lists in its `siblings` array rather than as
// nodes. Edges: every parent relationship named in a `parents` or `progeny` array whose two ends are both drawn,
// once per child and parent (the graph holds one PARENT relationship per pair).
import type { PedigreeNode } from './api.js';

/** `group`: a box standing for germplasm of a large slice not drawn one by one (generations.ts). */
export type NodeKind = 'selected' | 'ancestor' | 'descendant' | 'sibling' | 'relative' | 'group';

export interface ViewNode {
  id: string;
  name: string;
  kind: NodeKind;
  /** Parents and children the answer names but the slice does not include (drawn as ▲n / ▼n). */
  hiddenParents: number;
  hiddenProgeny: number;
}

export interface ViewEdge {
  parent: string;
  child: string;
  /** FEMALE, MALE, SELF, POPULATION or CLONAL. */
  parentType: string;
}

export interface ViewGraph {
  nodes: ViewNode[];
  edges: ViewEdge[];
}

export function buildGraph(answer: PedigreeNode[], selectedId: string, withSiblings: boolean): ViewGraph {
  const byId = new Map(answer.map((n) => [n.germplasmDbId, n]));
  const names = new Map<string, string>();
  for (const n of answer) names.set(n.germplasmDbId, n.germplasmName ?? n.germplasmDbId);
  const siblings = withSiblings ? (byId.get(selectedId)?.siblings ?? []).filter((s) => !byId.has(s.germplasmDbId)) : [];
  for (const s of siblings) names.set(s.germplasmDbId, s.germplasmName ?? s.germplasmDbId);

  const edges = new Map<string, ViewEdge>();
  const add = (child: string, parent: string, parentType = 'UNKNOWN') => {
    if (names.has(child) && names.has(parent)) edges.set(`${child}\n${parent}`, { parent, child, parentType });
  };
  for (const n of answer) {
    for (const p of n.parents ?? []) add(n.germplasmDbId, p.germplasmDbId, p.parentType);
    for (const c of n.progeny ?? []) add(c.germplasmDbId, n.germplasmDbId, c.parentType);
  }

  const ancestors = reach(selectedId, edges.values(), (e) => [e.child, e.parent]);
  const descendants = reach(selectedId, edges.values(), (e) => [e.parent, e.child]);
  const siblingIds = new Set(siblings.map((s) => s.germplasmDbId));
  const kind = (id: string): NodeKind =>
    id === selectedId ? 'selected' : siblingIds.has(id) ? 'sibling' : ancestors.has(id) ? 'ancestor' : descendants.has(id) ? 'descendant' : 'relative';
  const hidden = (list: PedigreeNode['parents']) => (list ?? []).filter((r) => !names.has(r.germplasmDbId)).length;

  const nodes = [...names].map(([id, name]) => ({
    id,
    name,
    kind: kind(id),
    hiddenParents: hidden(byId.get(id)?.parents ?? null),
    hiddenProgeny: hidden(byId.get(id)?.progeny ?? null),
  }));
  return { nodes, edges: [...edges.values()] };
}

/** Nodes reachable from `start` along edges read as [from, to]. */
function reach(start: string, edges: Iterable<ViewEdge>, ends: (e: ViewEdge) => [string, string]): Set<string> {
  const next = new Map<string, string[]>();
  for (const e of edges) {
    const [from, to] = ends(e);
    next.set(from, [...(next.get(from) ?? []), to]);
  }
  const seen = new Set<string>();
  const stack = [start];
  while (stack.length) {
    for (const to of next.get(stack.pop()!) ?? []) {
      if (!seen.has(to)) {
        seen.add(to);
        stack.push(to);
      }
    }
  }
  return seen;
}
