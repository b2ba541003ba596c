// Pedigree history: every write through uploadPedigree (POST/PUT /pedigree, the importer, one batch at a time)
// records which PARENT relationships it added and removed, by whom and when, as one (:PedigreeChange) node per write
// (linked to each child it changed) written in its own transaction. The relationships the write may touch are read before it; the difference
// with what they are after it is what changed (a merge reads them again; an upload knows what it leaves: those it
// gives, and the stored ones it keeps, parentsAfter.ts).
import { randomUUID } from 'node:crypto';
import type { Actor } from '../../../../auth/actor.js';
import { cypher } from '../../../../graph/cypher-files.js';
import type { Runner } from '../../../../graph/port.js';
import type { Edge, PedigreeUpload } from '../types.js';
import { removedBy } from './parentsAfter.js';

export type ChangeAction = 'ADDED' | 'REMOVED';

/** How a recorded change is linked to its germplasm, as history/record.cypher writes it (a merge moves these links). */
export const HISTORY_LINKS = { label: 'PedigreeChange', types: ['CHANGES_CHILD'] } as const;

export interface ParentChange {
  child: string;
  parent: string;
  parentType: string;
  action: ChangeAction;
}

type ParentEdge = {
  child: string;
  parent: string;
  parentType: string;
};

export interface PedigreeChangeRecorder {
  /** Writes the changes since the snapshot (nothing when there are none); returns them with their change id. */
  record(tx: Runner, who: { actor?: Actor; source: string }): Promise<{ changeId: string; changes: ParentChange[] }>;
}

/**
 * Reads the relationships `upload` may change; call after taking the pedigree lock and before writing. A germplasm
 * the upload creates has no relationships before it, and after it exactly those the upload gives it (`created`: its
 * edges whose child is not in `existing`), so only the germplasm in `existing` are read. Nothing is read after the
 * write: the relationships read are then those the upload gives (`upload.edges`, their types as written) and the
 * stored ones it neither gives again nor removes.
 */
export async function snapshotParents(tx: Runner, upload: PedigreeUpload, existing: Set<string>, created: Edge[]): Promise<PedigreeChangeRecorder> {
  const stored = (id: string) => existing.has(id);
  const removed = removedBy(upload);
  const rewritten = upload.edges.filter((e) => stored(e.child));
  const after = (before: ParentEdge[]) => {
    if (before.length === 0) return rewritten;
    const given = new Set(upload.edges.map((e) => `${e.child}\u0000${e.parent}`));
    return [...before.filter((e) => !given.has(`${e.child}\u0000${e.parent}`) && !removed(e.child, e.parent)), ...rewritten];
  };
  const children = new Set<string>();
  for (const e of upload.edges) if (stored(e.child)) children.add(e.child);
  for (const id of upload.replaceParentsOf) if (stored(id)) children.add(id);
  return snapshotEdges(
    tx,
    {
      children: [...children],
      parents: [...new Set(upload.replaceProgenyOf)].filter(stored),
    },
    created,
    after,
  );
}

/**
 * Reads the PARENT relationships of `children` (to their parents) and of `parents` (from their children), for a
 * pedigree write that is not an upload (a merge); call after taking the pedigree lock and before writing. `created`:
 * relationships of germplasm the write creates, which it writes as given and which are not read. `after`: what the
 * relationships read will be once the write is done, when the write knows it (otherwise they are read again).
 */
export async function snapshotEdges(tx: Runner, scope: { children: string[]; parents: string[] }, created: ParentEdge[] = [], after?: (before: ParentEdge[]) => ParentEdge[]): Promise<PedigreeChangeRecorder> {
  const read = async () =>
    (scope.children.length || scope.parents.length ? tx.run<ParentEdge>(cypher('germplasm/pedigree/history/parent-edges'), scope) : []);
  const before = await read();
  return {
    async record(tx2, { actor, source }) {
      const changes = parentChanges(before, [...(after ? after(before) : await read()), ...created]);
      const changeId = randomUUID();
      if (changes.length) {
        const { children, ...entries } = entryLists(changes);
        const [{ recorded }] = await tx2.run<{ recorded: number }>(cypher('germplasm/pedigree/history/record'), { changeId, userId: actor?.userId ?? null, source, children, ...entries });
        // A write whose history is not whole must not commit, nor answer "recorded" (the error rolls it back).
        if (recorded !== children.length) {
          throw new Error(`pedigree history: ${recorded} of ${children.length} changed children recorded for change ${changeId}; the write is rolled back`);
        }
      }
      return { changeId, changes };
    },
  };
}

/**
 * What changed between two readings of the same relationships: removals first, then additions, each in child and
 * parent order. A relationship whose parentType changed is removed with its old type and added with its new one.
 */
export function parentChanges(before: ParentEdge[], after: ParentEdge[]): ParentChange[] {
  const changes: ParentChange[] = [];
  const change = (e: ParentEdge, action: ChangeAction) => changes.push({ child: e.child, parent: e.parent, parentType: e.parentType, action });
  if (before.length === 0) {
    // A write that read no stored relationship (a bulk load of new germplasm) adds all it leaves, each once: sorted
    // first, equal ones are neighbours, so no key is built for its tens of thousands of relationships.
    const sorted = [...after].sort(order);
    for (let i = 0; i < sorted.length; i++) if (!repeats(sorted, i)) change(sorted[i], 'ADDED');
    return changes;
  }
  const key = (e: ParentEdge) => `${e.child}\u0000${e.parent}\u0000${e.parentType}`;
  const had = new Map(before.map((e) => [key(e), e]));
  const has = new Map(after.map((e) => [key(e), e]));
  for (const e of [...had].filter(([k]) => !has.has(k)).map(([, e]) => e).sort(order)) change(e, 'REMOVED');
  for (const e of [...has].filter(([k]) => !had.has(k)).map(([, e]) => e).sort(order)) change(e, 'ADDED');
  return changes;
}

const cmp = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);
/** Removals and additions are each listed in child and parent order. */
const order = (a: ParentEdge, b: ParentEdge) => cmp(a.child, b.child) || cmp(a.parent, b.parent);

/** Whether sorted[i] equals one before it (same child, parent and type: they sort next to each other). */
function repeats(sorted: ParentEdge[], i: number): boolean {
  const e = sorted[i];
  for (let j = i - 1; j >= 0 && sorted[j].child === e.child && sorted[j].parent === e.parent; j--) {
    if (sorted[j].parentType === e.parentType) return true;
  }
  return false;
}

/**
 * The changes as history/record.cypher stores them: parallel lists, one item per entry in the order of `changes` (the
 * order the history answers them in), and each child once (the germplasm the write's node is linked to).
 */
function entryLists(changes: ParentChange[]) {
  const germplasmDbIds: string[] = [];
  const actions: ChangeAction[] = [];
  const parentDbIds: string[] = [];
  const parentTypes: string[] = [];
  for (const c of changes) {
    germplasmDbIds.push(c.child);
    actions.push(c.action);
    parentDbIds.push(c.parent);
    parentTypes.push(c.parentType);
  }
  return { children: [...new Set(germplasmDbIds)], germplasmDbIds, actions, parentDbIds, parentTypes };
}
