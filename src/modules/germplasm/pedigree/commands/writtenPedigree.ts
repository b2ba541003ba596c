// The answer of POST/PUT /pedigree from what the write did, without reading its nodes back, where the write knows
// every part of it: a germplasm it created has the properties it stored, exactly the parents it was given and as
// progeny exactly the children given to it; a stored germplasm among their relatives is known by its name (read
// before the write, under the lock). The read-back (readPedigreeNodes) was 5 to 9 % of a bulk load of 100k germplasm.
// A Purdy string that reads a stored germplasm's parents (a selection from a germplasm an earlier batch stored) takes
// them, with what its string reads beyond it, from one read of those germplasm after the write (readPurdyWalks).
// Anything else (a stored germplasm in the page, a breeding method link, a relative the write renames) returns null
// and the caller reads the page back, as before.
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

/** Thrown when a Purdy string reads a stored germplasm's parents or a name the write does not know. */
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
  // Every child's parents (the Purdy strings may walk any of them); children only of the page's germplasm.
  const onPage = new Set(ids);
  const parentsOf = new Map<string, Edge[]>();
  const childrenOf = new Map<string, Edge[]>();
  const parents = new Set<string>();
  for (const e of edges) {
    const list = parentsOf.get(e.child);
    if (list) list.push(e);
    else parentsOf.set(e.child, [e]);
    parents.add(e.parent);
    if (onPage.has(e.parent)) (childrenOf.get(e.parent) ?? childrenOf.set(e.parent, []).get(e.parent)!).push(e);
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
  return { nodes, purdy: new WrittenPurdyGraph(created, nameOf, parentsOf, parents) };
}

/**
 * The Purdy graph of the write: every germplasm it created with its given parents, every stored one it names with
 * its name, and the stored germplasm read after the write (`know`). What it does not know (a stored germplasm's
 * parents, a name it changed) throws when read, or while probing is noted and read as nothing. Its nodes are made
 * when the strings read them: a page of 1,000 reads a few thousand of a bulk write's 40,000 germplasm (making them
 * all was 15 % of the service's CPU in a 100k load).
 */
class WrittenPurdyGraph extends Map<string, PurdyNode> {
  private stored: PurdyGraph = new Map();
  /** While probing: the germplasm whose parents or name a string read and the write does not know. */
  unknown: Set<string> | null = null;

  constructor(
    private readonly created: Map<string, unknown>,
    private readonly nameOf: (id: string) => string | null | undefined,
    private readonly parentsOf: Map<string, Edge[]>,
    private readonly parentIds: Set<string>,
  ) {
    super();
  }

  /** Stored germplasm as the graph holds them after the write (readPurdyWalks); the nodes made so far are remade. */
  know(stored: PurdyGraph): void {
    this.stored = stored;
    this.clear();
  }

  /** The germplasm of the write's relationships and those read after it, as a graph made of them holds them. */
  override has(id: string): boolean {
    return this.parentsOf.has(id) || this.parentIds.has(id) || this.stored.has(id);
  }

  override get(id: string): PurdyNode | undefined {
    let node = super.get(id);
    if (!node && this.has(id)) {
      if (this.created.has(id)) {
        const parents = (this.parentsOf.get(id) ?? []).map((e) => ({ parentType: e.parentType, germplasmDbId: e.parent }));
        node = new WrittenNode(id, this.nameOf(id), parents, this);
      } else {
        const read = this.stored.get(id);
        node = new WrittenNode(id, read ? read.name : this.nameOf(id), read?.parents, this);
      }
      super.set(id, node);
    }
    return node;
  }
}

/** A germplasm of the write's Purdy graph: what the write does not know of it throws when read (or is noted). */
class WrittenNode implements PurdyNode {
  constructor(
    private readonly id: string,
    private readonly knownName: string | null | undefined,
    private readonly knownParents: PurdyNode['parents'] | undefined,
    private readonly graph: WrittenPurdyGraph,
  ) {}

  get name(): string | null {
    return this.knownName === undefined ? this.unknown(null) : this.knownName;
  }

  get parents(): PurdyNode['parents'] {
    return this.knownParents === undefined ? this.unknown([]) : this.knownParents;
  }

  private unknown<T>(probed: T): T {
    if (!this.graph.unknown) throw new Unknown(this.id);
    this.graph.unknown.add(this.id);
    return probed;
  }
}

/**
 * Runs `present` on the written page. When its Purdy strings read stored germplasm the write does not know, those are
 * read once (`readStored`) and `present` runs again; null when that is still not enough (a name the write changed is
 * not among them: the caller reads the page back).
 */
export async function presentWritten<T>(page: TraversedPage, present: (page: TraversedPage) => T, readStored: (ids: string[]) => Promise<PurdyGraph>): Promise<T | null> {
  const graph = page.purdy as WrittenPurdyGraph;
  const unknown = new Set<string>();
  graph.unknown = unknown;
  let probed: T;
  try {
    probed = present(page);
  } finally {
    graph.unknown = null;
  }
  if (unknown.size === 0) return probed;
  graph.know(await readStored([...unknown].sort()));
  try {
    return present(page);
  } catch (err) {
    if (err instanceof Unknown) return null;
    throw err;
  }
}
