// Merging a duplicate germplasm into the one that survives, the curator's answer to a SIMILAR_NAME or DUPLICATE_CROSS
// finding of the quality report. In one transaction, under the pedigree lock:
//   - refused, with nothing changed, when either is unknown, the caller may not change both, they are of two crops,
//     one is an ancestor of the other (the merge would make a cycle), both have parents and the sets differ, a
//     germplasm has both as parents (it would become a cross of one germplasm with itself), the duplicate is a
//     cross's family germplasm (which must keep the cross's DbId), or the duplicate has a relationship this server
//     does not know how to move;
//   - the duplicate's PARENT relationships move to the survivor with their parentType (its children's, and its own
//     parents when the survivor has none), recorded in the pedigree history as one change (source "merge <duplicate>
//     into <survivor>"), with a MERGED entry in the survivor's history; the duplicate's earlier history moves to the
//     survivor with it;
//   - every other relationship to it moves to the survivor: the relationships are found in the graph and each kind
//     must be a reference the entity declarations make to a germplasm (observation units, samples, attribute values,
//     seed lot contents, crosses, planned crosses, crossing projects' potential parents...) or a pedigree history
//     link; references that are also stored in a JSON field (a cross's parent1) are rewritten there too. The
//     germplasm's own references (its breeding method) move only where the survivor has none. Germplasm lists
//     (their `data` are bare DbIds) name the survivor instead;
//   - the duplicate's name and synonyms become synonyms of the survivor, its external references are added to the
//     survivor's, and the duplicate is deleted.
// A merge cannot be undone: the duplicate's own record (its DbId, fields and the relationships that were moved) is
// gone; the undo of its pedigree change is refused.
import type { Actor } from '../../../auth/actor.js';
import { assertCanModify } from '../../../auth/ownership.js';
import { BadRequestError, ConflictError, NotFoundError } from '../../../errors.js';
import { toStorage } from '../../../entities/presenter.js';
import type { EntityDef, RefSpec } from '../../../entities/types.js';
import { cypher } from '../../../graph/cypher-files.js';
import type { Graph, Runner } from '../../../graph/port.js';
import { germplasmEntity } from '../../germplasm/germplasm/germplasm.entity.js';
import { HISTORY_LINKS, snapshotEdges } from '../../germplasm/pedigree/commands/recordPedigreeChanges.js';
import { jsonFieldsQuery, moveQuery, writeJsonFieldsQuery } from './queries.js';

type Parent = { germplasmDbId: string; germplasmName: string | null; parentType: string };
type Stored = { germplasmDbId: string; germplasmName: string | null; commonCropName: string | null; synonyms: string | null; externalReferences: string | null };
type Link = { type: string; outgoing: boolean; labels: string[] };

interface Plan {
  survivor: Stored | null;
  duplicate: Stored | null;
  survivorParents: Parent[];
  duplicateParents: Parent[];
  survivorAboveDuplicate: string[] | null;
  duplicateAboveSurvivor: string[] | null;
  sharedChildren: string[];
  familyOf: string[];
  links: Link[];
}

/** One kind of relationship the merge moves: its type, the other node's label, and its direction from the germplasm. */
export interface MovableLink {
  type: string;
  label: string;
  outgoing: boolean;
  /** A reference another entity declares to a germplasm (a field of that entity's records). */
  entity?: EntityDef;
  ref?: RefSpec;
}

export interface MergeResult {
  survivorDbId: string;
  duplicateDbId: string;
  /** The pedigree history change: the moved PARENT relationships and the MERGED entry of the survivor. */
  changeId: string;
  parentChanges: number;
  /** Relationships moved, by kind: "OF_GERMPLASM from ObservationUnit" -> count (PARENT relationships included). */
  moved: Record<string, number>;
  /** Germplasm lists that now name the survivor. */
  lists: string[];
  /** Synonyms the survivor gained. */
  synonymsAdded: string[];
}

/**
 * The relationships a merge knows how to move, from the entity declarations (every reference to a germplasm, and the
 * germplasm's own references) and the pedigree history's links. PARENT is moved on its own (its parent-set rules).
 */
export function movableLinks(entities: EntityDef[]): MovableLink[] {
  const found = new Map<string, MovableLink>();
  const add = (link: MovableLink) => {
    const key = `${link.type}\u0000${link.label}\u0000${link.outgoing}`;
    if (!found.has(key)) found.set(key, link);
  };
  for (const entity of entities) {
    for (const ref of entity.refs) {
      if (ref.target.label === germplasmEntity.label) add({ type: ref.rel, label: entity.label, outgoing: false, entity, ref });
    }
  }
  for (const ref of germplasmEntity.refs) add({ type: ref.rel, label: ref.target.label, outgoing: true, ref });
  for (const type of HISTORY_LINKS.types) add({ type, label: HISTORY_LINKS.label, outgoing: false });
  return [...found.values()];
}

const describe = (l: { type: string; outgoing: boolean }, label: string) => `${l.type} ${l.outgoing ? 'to' : 'from'} ${label}`;
const parentKey = (p: Parent) => `${p.germplasmDbId}\u0000${p.parentType}`;
const parentList = (ps: Parent[]) => (ps.length ? ps.map((p) => `${p.germplasmName ?? p.germplasmDbId} (${p.germplasmDbId}) ${p.parentType}`).sort().join(', ') : 'none');

/** Why the merge is refused (a message), or null. Pure: the rules on the plan. */
export function refusal(plan: Plan, movable: MovableLink[]): string | null {
  const s = plan.survivor!;
  const d = plan.duplicate!;
  if (s.commonCropName && d.commonCropName && s.commonCropName !== d.commonCropName) {
    return `${s.germplasmDbId} is ${s.commonCropName} and ${d.germplasmDbId} is ${d.commonCropName}: germplasm of two crops are not duplicates.`;
  }
  const chain = plan.survivorAboveDuplicate ?? plan.duplicateAboveSurvivor;
  if (chain) {
    return `${chain[chain.length - 1]} is an ancestor of ${chain[0]} (child → parent: ${chain.join(' → ')}): merging them would make a germplasm its own ancestor.`;
  }
  if (plan.survivorParents.length && plan.duplicateParents.length) {
    const a = new Set(plan.survivorParents.map(parentKey));
    const b = new Set(plan.duplicateParents.map(parentKey));
    if (a.size !== b.size || [...a].some((k) => !b.has(k))) {
      return `Both have parents and they differ: ${s.germplasmDbId} has ${parentList(plan.survivorParents)}; ${d.germplasmDbId} has ${parentList(plan.duplicateParents)}. Correct one pedigree first (PUT /pedigree).`;
    }
  }
  if (plan.sharedChildren.length) {
    return `${[...plan.sharedChildren].sort().join(', ')} ha${plan.sharedChildren.length > 1 ? 've' : 's'} both as parents: merging would make a cross of one germplasm with itself. Correct that pedigree first.`;
  }
  if (plan.familyOf.length) {
    return `${d.germplasmDbId} is the family germplasm of cross ${plan.familyOf.join(', ')} and keeps the cross's DbId: merge the other germplasm into it instead.`;
  }
  const unknown = plan.links.filter((l) => !movable.some((m) => m.type === l.type && m.outgoing === l.outgoing && l.labels.includes(m.label)));
  if (unknown.length) {
    return `${d.germplasmDbId} has relationships a merge does not know how to move: ${unknown.map((l) => describe(l, l.labels.join(':'))).join(', ')}.`;
  }
  return null;
}

/** Synonyms of the merged record: the survivor's, then the duplicate's name and synonyms not already there. */
export function mergedSynonyms(survivor: Stored, duplicate: Stored): { synonyms: Array<Record<string, unknown>>; added: string[] } {
  const own: Array<Record<string, unknown>> = parseList(survivor.synonyms);
  const known = new Set([survivor.germplasmName, ...own.map((x) => x.synonym)].filter((x) => typeof x === 'string'));
  const added: string[] = [];
  const candidates = [...(duplicate.germplasmName ? [{ synonym: duplicate.germplasmName, type: null }] : []), ...parseList(duplicate.synonyms)];
  const synonyms = [...own];
  for (const c of candidates) {
    if (typeof c.synonym !== 'string' || known.has(c.synonym)) continue;
    known.add(c.synonym);
    added.push(c.synonym);
    synonyms.push(c);
  }
  return { synonyms, added };
}

/** External references of the merged record: the survivor's, then the duplicate's that are not already there. */
export function mergedReferences(survivor: Stored, duplicate: Stored): Array<Record<string, unknown>> {
  const key = (r: Record<string, unknown>) => `${r.referenceId ?? r.referenceID ?? ''}\u0000${r.referenceSource ?? ''}`;
  const out = parseList(survivor.externalReferences);
  const seen = new Set(out.map(key));
  for (const r of parseList(duplicate.externalReferences)) {
    if (seen.has(key(r))) continue;
    seen.add(key(r));
    out.push(r);
  }
  return out;
}

function parseList(json: string | null): Array<Record<string, unknown>> {
  if (!json) return [];
  const value = JSON.parse(json);
  return Array.isArray(value) ? value.filter((x) => x && typeof x === 'object') : [];
}

/** A JSON field naming the duplicate under `key` (an object, or a list of them) rewritten to name the survivor. */
export function renamedField(json: string, key: string, duplicate: string, survivor: string): string {
  const value = JSON.parse(json);
  const rename = (x: unknown) => (x && typeof x === 'object' && (x as Record<string, unknown>)[key] === duplicate ? { ...(x as object), [key]: survivor } : x);
  return JSON.stringify(Array.isArray(value) ? value.map(rename) : rename(value));
}

/** Moves one kind of relationship from the duplicate to the survivor; returns how many moved. */
async function moveLinks(tx: Runner, link: MovableLink, survivor: string, duplicate: string): Promise<number> {
  // A reference also stored whole in a JSON field (a cross's parent1, a seed lot's contentMixture) names the survivor.
  const read = jsonFieldsQuery(link);
  if (read) {
    const key = link.ref!.key!;
    const rows = await tx.run<{ id: string; json: string | null }>(read, { survivor, duplicate });
    const rewritten = rows.filter((r) => typeof r.json === 'string').map((r) => ({ id: r.id, json: renamedField(r.json!, key, duplicate, survivor) }));
    if (rewritten.length) await tx.run(writeJsonFieldsQuery(link), { rows: rewritten });
  }
  const [{ moved }] = await tx.run<{ moved: number }>(moveQuery(link), { survivor, duplicate });
  return moved;
}

export async function mergeGermplasm(graph: Graph, entities: EntityDef[], survivor: string, duplicate: string, actor: Actor | undefined): Promise<MergeResult> {
  if (survivor === duplicate) throw new BadRequestError('A germplasm cannot be merged into itself: duplicateDbId must name another germplasm.');
  const movable = movableLinks(entities);
  return graph.transaction(async (tx) => {
    await tx.run(cypher('germplasm/pedigree/lock'));
    const [plan] = await tx.run<Plan & Record<string, unknown>>(cypher('extensions/merge/plan'), { survivor, duplicate });
    if (!plan.survivor) throw new NotFoundError(`No germplasm has germplasmDbId "${survivor}".`);
    if (!plan.duplicate) throw new BadRequestError(`duplicateDbId: no germplasm has germplasmDbId "${duplicate}".`);
    // The merge changes both: the duplicate goes, the survivor takes its names, references and perhaps parents.
    await assertCanModify(tx, actor, germplasmEntity.label, germplasmEntity.idField, [duplicate, survivor]);
    const refused = refusal(plan, movable);
    if (refused) throw new ConflictError(`Cannot merge ${duplicate} into ${survivor}: ${refused}`);

    const moved: Record<string, number> = {};
    const count = (kind: string, n: number) => {
      if (n) moved[kind] = (moved[kind] ?? 0) + n;
    };
    // PARENT relationships first, recorded in the pedigree history while the duplicate still exists to link to.
    const history = await snapshotEdges(tx, { children: [survivor, duplicate], parents: [survivor, duplicate] });
    const takeParents = plan.survivorParents.length === 0;
    const [{ children, parents }] = await tx.run<{ children: number; parents: number }>(cypher('extensions/merge/move-parents'), { survivor, duplicate, takeParents });
    count('PARENT from Germplasm', children);
    // The duplicate's own parents: taken by a survivor without parents, else the same as the survivor's and dropped.
    if (takeParents) count('PARENT to Germplasm', parents);
    const source = `merge ${duplicate} into ${survivor}`;
    const recorded = await history.record(tx, { actor, source });
    await tx.run(cypher('extensions/merge/record-merge'), {
      changeId: recorded.changeId,
      survivor,
      duplicate,
      recorded: recorded.changes.length > 0,
      userId: actor?.userId ?? null,
      source,
    });

    // Every other relationship, by the kinds the graph shows now (the new history links included).
    const [{ links }] = await tx.run<{ links: Link[] }>(cypher('extensions/merge/links'), { duplicate });
    for (const link of movable) {
      if (!links.some((l) => l.type === link.type && l.outgoing === link.outgoing && l.labels.includes(link.label))) continue;
      count(describe(link, link.label), await moveLinks(tx, link, survivor, duplicate));
    }
    const lists = (await tx.run<{ listDbId: string }>(cypher('extensions/merge/list-items'), { survivor, duplicate })).map((r) => r.listDbId);

    const { synonyms, added } = mergedSynonyms(plan.survivor, plan.duplicate);
    const { props } = toStorage(germplasmEntity, { synonyms, externalReferences: mergedReferences(plan.survivor, plan.duplicate) }, 'merged record');
    await tx.run(cypher('germplasm/pedigree/update-nodes'), { rows: [{ id: survivor, props }] });
    await tx.run(cypher('extensions/merge/delete-duplicate'), { duplicate });
    return {
      survivorDbId: survivor,
      duplicateDbId: duplicate,
      changeId: recorded.changeId,
      parentChanges: recorded.changes.length,
      moved,
      lists: lists.sort(),
      synonymsAdded: added,
    };
  });
}
