// The answer of POST/PUT /pedigree from what the write did, without reading its nodes back, where the write knows
// every part of it: a germplasm it created has the properties it stored, exactly the parents it was given and as
// progeny exactly the children given to it; a stored germplasm among their relatives is known by its name (read
// before the write, under the lock). The read-back (readPedigreeNodes) was 5 to 9 % of a bulk load of 100k germplasm.
// Anything else (a stored germplasm in the page, a breeding method link, a relative the write renames, a Purdy string
// that reads a stored germplasm's parents) returns null and the caller reads the page back, as before.
import { carriedUnchanged } from '../../../../entities/written.js';
import type { PurdyGraph, PurdyNode } from '../purdy.js';
import { NODE_FIELDS, type RelativeRow, type TraversedNode, type TraversedPage } from '../traversal.js';
import type { Edge } from '../types.js';

/** What a pedigree write leaves that its answer shows (uploadPedigree.ts fills it). */
export interface WrittenPedigree {
  /** Stored properties of each germplasm the write created, by DbId, when nothing else was written to it (no link). */
  created: Map<string, Record<string, unknown>>;
  /** Germplasm created with a link (a breeding method) or a value Bolt may not carry unchanged. */
  notPlain: Set<string>;
  /** The relationships as written (their final types). */
  edges: Edge[];
  /** The names of the stored germplasm the write named, as read under the lock. */
  storedNames: Map<string, string | null>;
  /** Stored germplasm whose properties the write changed (PUT). */
  updated: Set<string>;
}

/** Thrown by a stored germplasm's parents when a Purdy string reads them: the write does not know them. */
class Unknown extends Error {}

/** The page's pedigree nodes as readPedigreeNodes would read them after the write, or null when the write cannot tell. */
export function writtenPage(written: WrittenPedigree, ids: string[]): TraversedPage | null {
  const { created, notPlain, edges, storedNames, updated } = written;
  if (!ids.every((id) => created.has(id) && !notPlain.has(id))) return null;
  const nameOf = (id: string): string | null | undefined => {
    const props = created.get(id);
    if (props) return notPlain.has(id) ? undefined : ((props.germplasmName as string | undefined) ?? null);
    if (updated.has(id) || !storedNames.has(id)) return undefined;
    const name = storedNames.get(id) ?? null;
    return name === null || carriedUnchanged(name) ? name : undefined;
  };
  const parentsOf = new Map<string, Edge[]>();
  const childrenOf = new Map<string, Edge[]>();
  for (const e of edges) {
    (parentsOf.get(e.child) ?? parentsOf.set(e.child, []).get(e.child)!).push(e);
    (childrenOf.get(e.parent) ?? childrenOf.set(e.parent, []).get(e.parent)!).push(e);
  }
  const relative = (germplasmDbId: string, parentType: string): RelativeRow | null => {
    const germplasmName = nameOf(germplasmDbId);
    return germplasmName === undefined ? null : { germplasmName, germplasmDbId, parentType };
  };
  const nodes: TraversedNode[] = [];
  for (const id of ids) {
    const stored = created.get(id)!;
    const props: TraversedNode['props'] = {};
    for (const f of NODE_FIELDS) if (stored[f] !== undefined && stored[f] !== null) props[f] = stored[f];
    const parents = (parentsOf.get(id) ?? []).map((e) => relative(e.parent, e.parentType));
    const progeny = (childrenOf.get(id) ?? []).map((e) => relative(e.child, e.parentType));
    if (parents.includes(null) || progeny.includes(null)) return null;
    nodes.push({ props: { ...props, germplasmDbId: id }, method: null, parents: parents as RelativeRow[], progeny: progeny as RelativeRow[], siblings: null });
  }
  return { nodes, purdy: purdyGraphOf(written, nameOf, parentsOf) };
}

/**
 * The Purdy graph of the write: every germplasm it created with its given parents, every stored one it names with
 * its name; what the write does not know (a stored germplasm's parents, a name it changed) throws when read, so that
 * presentWritten gives up and the page is read back.
 */
function purdyGraphOf(written: WrittenPedigree, nameOf: (id: string) => string | null | undefined, parentsOf: Map<string, Edge[]>): PurdyGraph {
  const graph: PurdyGraph = new Map();
  const ids = new Set(written.edges.flatMap((e) => [e.child, e.parent]));
  for (const id of ids) {
    const name = nameOf(id);
    const parents = written.created.has(id) ? (parentsOf.get(id) ?? []).map((e) => ({ parentType: e.parentType, germplasmDbId: e.parent })) : undefined;
    const node: PurdyNode = {
      get name(): string | null {
        if (name === undefined) throw new Unknown(id);
        return name;
      },
      get parents(): PurdyNode['parents'] {
        if (parents === undefined) throw new Unknown(id);
        return parents;
      },
    };
    graph.set(id, node);
  }
  return graph;
}

/** Runs `present` on the written page; null when a Purdy string needed a stored germplasm's parents. */
export function presentWritten<T>(page: TraversedPage, present: (page: TraversedPage) => T): T | null {
  try {
    return present(page);
  } catch (err) {
    if (err instanceof Unknown) return null;
    throw err;
  }
}
