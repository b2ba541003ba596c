// Undoing one recorded pedigree change (a wrong upload or import batch): every relationship it added is removed and
// every one it removed is put back, written as a PUT /pedigree of the children it touched, so the undo passes the
// same rules (parent sets, cycles, crops, ownership) and is itself recorded in the history. A relationship changed
// again later makes the undo ambiguous: it is refused, naming the later changes (undo those first, newest first).
import type { Actor } from '../../../auth/actor.js';
import { ConflictError, NotFoundError } from '../../../errors.js';
import { cypher } from '../../../graph/cypher-files.js';
import type { Graph } from '../../../graph/port.js';
import { writePedigree, type UploadResult } from '../../germplasm/pedigree/commands/uploadPedigree.js';
import { parseUpload } from '../../germplasm/pedigree/parseUpload.js';

type Ref = { germplasmDbId: string; parentType: string };
type Entry = { germplasmDbId: string; parentDbId: string; parentType: string; action: 'ADDED' | 'REMOVED' | 'MERGED'; position: number };
/** A recorded DbId and the germplasm its history link reaches now (a merge moves links). */
type Link = { recorded: string; germplasmDbId: string };
type Plan = {
  entries: Entry[];
  /** The change's links, per node. */
  links: Link[][];
  /** The changes recorded later on a germplasm this one changed, per node. */
  later: Array<{ changeId: string; links: Link[]; entries: Entry[] }>;
  source: string | null;
  /** DbIds the change names that no longer exist (merged into another germplasm). */
  gone: string[];
  children: Array<{ germplasmDbId: string; parents: Ref[] }>;
};

export async function undoPedigreeChange(graph: Graph, changeId: string, actor: Actor | undefined): Promise<UploadResult> {
  return graph.transaction(async (tx) => {
    // The lock before the plan: a write committing between the two would be undone over (the plan read without it
    // put the old parents back over a later edit that both answered 200).
    await tx.run(cypher('germplasm/pedigree/lock'));
    const [plan] = await tx.run<Plan>(cypher('germplasm/pedigree/history/undo-plan'), { changeId });
    if (!plan) throw new NotFoundError(`No pedigree change has changeId "${changeId}".`);
    if (plan.source?.startsWith('merge ')) {
      throw new ConflictError(`Pedigree change ${changeId} is a merge (${plan.source}), which cannot be undone: the duplicate's record is gone.`);
    }
    if (plan.gone.length) {
      const gone = [...new Set(plan.gone)].sort();
      throw new ConflictError(`Pedigree change ${changeId} cannot be undone: ${gone.join(', ')} no longer exist${gone.length === 1 ? 's' : ''} (merged into another germplasm).`);
    }
    const later = laterChanges(plan);
    if (later.length) {
      throw new ConflictError(
        `Pedigree change ${changeId} cannot be undone: the same relationships were changed later (${later.join(', ')}); undo those first, newest first.`,
      );
    }
    const parents = new Map(plan.children.map((c) => [c.germplasmDbId, new Map(c.parents.map((p) => [p.germplasmDbId, p.parentType]))]));
    // Newest entry first, so a new parentType (recorded as REMOVED old, then ADDED new) returns to the old one.
    for (const e of [...plan.entries].sort((a, b) => b.position - a.position)) {
      const now = parents.get(e.germplasmDbId)!;
      if (e.action === 'ADDED') now.delete(e.parentDbId);
      else now.set(e.parentDbId, e.parentType);
    }
    const nodes = [...parents].map(([germplasmDbId, set]) => ({
      germplasmDbId,
      parents: [...set].map(([parent, parentType]) => ({ germplasmDbId: parent, parentType })),
    }));
    return writePedigree(tx, { upload: parseUpload(nodes, 'PUT'), updateExisting: true, actor, source: `undo ${changeId}` });
  });
}

/**
 * The later changes that changed one of the same relationships: the same child (the germplasm its link reaches now,
 * whichever DbId it was recorded with) and the same parent DbId. Sorted.
 */
function laterChanges(plan: Plan): string[] {
  const key = (links: Map<string, string>, e: Entry) => {
    const child = links.get(e.germplasmDbId);
    return child === undefined ? undefined : `${child}\u0000${e.parentDbId}`;
  };
  const linksOf = (links: Link[]) => new Map(links.map((l) => [l.recorded, l.germplasmDbId]));
  const own = linksOf(plan.links.flat());
  const changed = new Set(plan.entries.map((e) => key(own, e)).filter((k) => k !== undefined));
  const later = new Set<string>();
  for (const node of plan.later) {
    const links = linksOf(node.links);
    if (node.entries.some((e) => changed.has(key(links, e)!))) later.add(node.changeId);
  }
  return [...later].sort();
}
