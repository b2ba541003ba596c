// What a pedigree write leaves, worked out before it writes from what it read under the lock: the stored PARENT
// relationships it removes (a PUT replaces the parents or progeny it names, keeping those it gives again) and each
// child's parents once it is done. The checks (uploadPedigree.ts) and the history (recordPedigreeChanges.ts) use these
// instead of reading the graph back after the write.
import type { StoredParent } from '../parent-types.js';
import type { Edge, ParentType, PedigreeUpload } from '../types.js';

/** Whether the write removes the stored relationship child -> parent: a PUT replaces the parents or progeny it names. */
export function removedBy(upload: PedigreeUpload): (child: string, parent: string) => boolean {
  // A POST (and an import) replaces nothing: no set of its relationships to build (a bulk load gives tens of thousands).
  if (upload.replaceParentsOf.length === 0 && upload.replaceProgenyOf.length === 0) return () => false;
  const given = new Set(upload.edges.map((e) => `${e.child}\u0000${e.parent}`));
  const parentsOf = new Set(upload.replaceParentsOf);
  const progenyOf = new Set(upload.replaceProgenyOf);
  return (child, parent) => !given.has(`${child}\u0000${parent}`) && (parentsOf.has(child) || progenyOf.has(parent));
}

/** Each child's parents (DbId -> type) once the write is done: the stored ones it keeps, then the given ones. */
export function parentsAfter(edges: Edge[], storedParents: Map<string, Array<Pick<StoredParent, 'child' | 'parent' | 'parentType'>>>, removed: (child: string, parent: string) => boolean) {
  const after = new Map<string, Map<string, ParentType>>();
  for (const e of edges) {
    let parents = after.get(e.child);
    if (!parents) {
      parents = new Map();
      for (const p of storedParents.get(e.child) ?? []) if (!removed(p.child, p.parent)) parents.set(p.parent, p.parentType);
      after.set(e.child, parents);
    }
    parents.set(e.parent, e.parentType);
  }
  return after;
}
