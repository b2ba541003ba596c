// POST and PUT /pedigree: creates the germplasm a request describes that do not exist yet, sets the fields it
// gives, replaces the relationship arrays a PUT names, writes the PARENT relationships, and checks the quality
// rules against the resulting graph, all in one transaction: every problem found rejects the whole request.
import type { Actor } from '../../../../auth/actor.js';
import { CREATED_BY, assertCanModify, creatorOf } from '../../../../auth/ownership.js';
import { writeLinks } from '../../../../entities/commands/links.js';
import { createQuery } from '../../../../entities/cypher.js';
import { toStorage } from '../../../../entities/presenter.js';
import { cypher } from '../../../../graph/cypher-files.js';
import { BULK_ROWS, refreshStatistics } from '../../../../graph/schema.js';
import type { Graph, Runner } from '../../../../graph/port.js';
import { Pipeline } from '../../../../graph/pipeline.js';
import { germplasmEntity } from '../../germplasm/germplasm.entity.js';
import { PedigreeRejectedError } from '../parseUpload.js';
import { parentSetProblem } from '../parent-sets.js';
import { reconcileParentTypes, type KeptType, type ParentTypePolicy, type StoredParent, type TypeChange } from '../parent-types.js';
import type { Edge, ParentType, PedigreeUpload, Problem } from '../types.js';
import { findCycles, type CycleScope } from './findCycles.js';
import { parentsAfter, removedBy } from './parentsAfter.js';
import { inheritedTaxa, wideCrossesOf, type Taxon } from './inheritCrop.js';
import { snapshotParents } from './recordPedigreeChanges.js';
import { carriedUnchanged } from '../../../../entities/written.js';
import type { WrittenPedigree } from './writtenPedigree.js';

export interface UploadResult {
  /** DbIds of the nodes the request described, in request order. */
  germplasmDbIds: string[];
  created: number;
  /** PARENT relationships the request gives. */
  edges: number;
  /** Of those, the ones that are new or change type (the others were already stored as given, or kept their type). */
  changedEdges: number;
  /** Stored relationships whose type the write changed (counted in changedEdges too). */
  typeChanges: TypeChange[];
  /** Relationships given as POPULATION (no sex) that kept the known type stored (parent-types.ts). */
  keptTypes: KeptType[];
  /** DbIds of the germplasm the write created. */
  createdDbIds: string[];
  /** Relationships between germplasm of two crops, written because `allowWideCrosses` was set. */
  wideCrosses: WideCross[];
  /** The pedigree history entry of this write (pedigree-history extension), with the relationships it changed. */
  changeId?: string;
  changed?: number;
  /** What the answer shows of the write, so that it need not be read back (writtenPedigree.ts). */
  written: WrittenPedigree;
}

export type WideCross = {
  child: string;
  parent: string;
  /** The child's crop, or (childCropGiven false) the crop of its other parents. */
  childCrop: string;
  parentCrop: string;
  childCropGiven: boolean;
};

/** A wide cross in words: "is Soybean and has the Barley parent X", or, for a child without a crop, its parents' crops. */
export function describeWideCross({ parent, childCrop, parentCrop, childCropGiven }: WideCross): string {
  return childCropGiven
    ? `is ${childCrop} and has the ${parentCrop} germplasm ${parent} as a parent`
    : `has parents of different crops: ${parent} is ${parentCrop}, the others ${childCrop}`;
}

/** What created germplasm are: the crop of an import (--crop), with its genus and species when given. */
export interface CreatedAs {
  commonCropName?: string;
  genus?: string;
  species?: string;
}

export interface UploadPedigreeProps {
  upload: PedigreeUpload;
  /** POST keeps the fields of germplasm that already exist (it only connects them); PUT updates them. */
  updateExisting: boolean;
  /** Who uploads: the creator of new germplasm; must be allowed to change the existing ones it edits. */
  actor?: Actor;
  /** Run every write and check, then roll back: the result says what the upload would do. */
  dryRun?: boolean;
  /** Set on every germplasm the upload creates; those without a crop take their relatives' (inherit-crop.cypher). */
  createdAs?: CreatedAs;
  /** Accept PARENT relationships between crops (wide crosses), which are otherwise refused. */
  allowWideCrosses?: boolean;
  /** Where the change comes from, kept in the pedigree history (e.g. "PUT /pedigree", "import"). */
  source?: string;
  /** false: record no pedigree history (the demo data is the database's first content, not a change to it). */
  history?: boolean;
  /**
   * What a given type does to a different stored one (parent-types.ts): `keep` (the default of a write that adds,
   * POST and the importer) keeps known types and refuses to change them; `replace` (the default of updateExisting,
   * PUT, which states the whole parent set) writes the given types.
   */
  parentTypes?: ParentTypePolicy;
}

/** Thrown inside a dry run's transaction so that it rolls back; carries the result out. */
class DryRunRollback extends Error {
  constructor(readonly result: UploadResult) {
    super('dry run: rolled back');
  }
}

export async function uploadPedigree(graph: Graph, props: UploadPedigreeProps): Promise<UploadResult> {
  try {
    const result = await graph.transaction(async (tx) => {
      const written = await writePedigree(tx, props);
      if (props.dryRun) throw new DryRunRollback(written);
      return written;
    });
    // A young database's statistics turn the next write's DbId lookups into an index scan per row (on SoyBase's
    // second batch, one statement took 11 s instead of 0.1 s); a large write refreshes them.
    if (result.created + result.changedEdges >= BULK_ROWS) await refreshStatistics(graph);
    return result;
  } catch (err) {
    if (err instanceof DryRunRollback) return err.result;
    throw err;
  }
}

/** The write inside a transaction the caller holds (a cross writes its family with the cross itself). */
export async function writePedigree(tx: Runner, props: UploadPedigreeProps): Promise<UploadResult> {
  const { updateExisting, actor, createdAs = {}, allowWideCrosses = false, source = 'upload', history = true } = props;
  let { upload } = props;
  const described = new Map(upload.nodes.map((n) => [n.germplasmDbId, n]));
  const plans = upload.nodes.map((node) => ({
    node,
    plan: toStorage(germplasmEntity, node.germplasm, `node ${node.germplasmDbId}`),
  }));

  await tx.run(cypher('germplasm/pedigree/lock'));
  const referencedSet = new Set<string>();
  for (const e of upload.edges) referencedSet.add(e.child).add(e.parent);
  for (const id of described.keys()) referencedSet.add(id);
  const referenced = [...referencedSet];
  const found = await tx.run<Taxon & { id: string; name: string | null; hasProgeny: boolean }>(cypher('germplasm/pedigree/existing-taxa'), { ids: referenced });
  const storedNames = new Map(found.map((r) => [r.id, r.name]));
  const withProgeny = new Set(found.filter((r) => r.hasProgeny).map((r) => r.id));
  const stored = found.map(({ name: _name, hasProgeny: _progeny, ...taxon }) => taxon);
  const existing = new Set(stored.map((r) => r.id));
  // Parents stored for the children the write gives parents to: a given type against a different stored one.
  const storedChildren = [...new Set(upload.edges.map((e) => e.child))].filter((id) => existing.has(id));
  const storedParents = new Map<string, Array<StoredParent & { parentCrop: string | null }>>();
  if (storedChildren.length) {
    for (const p of await tx.run<StoredParent & { parentCrop: string | null }>(cypher('germplasm/pedigree/stored-parents'), { ids: storedChildren })) {
      (storedParents.get(p.child) ?? storedParents.set(p.child, []).get(p.child)!).push(p);
    }
  }
  const nameOf = (id: string) => {
    const name = storedNames.get(id) ?? described.get(id)?.germplasm.germplasmName ?? upload.referencedNames.get(id);
    return typeof name === 'string' ? name : id;
  };
  const types = reconcileParentTypes(upload.edges, storedParents, props.parentTypes ?? (updateExisting ? 'replace' : 'keep'), nameOf);
  upload = { ...upload, edges: types.edges };
  // The relationships of germplasm this write creates: none before it, exactly these after it.
  const createdEdges = upload.edges.filter((e) => !existing.has(e.child));
  const changes = history ? await snapshotParents(tx, upload, existing, createdEdges) : null;

  // Endpoints the request names but does not describe can be created only if the reference gives a name.
  const problems: Problem[] = [...types.conflicts];
  const minimal: Array<{ germplasmDbId: string; germplasmName: string }> = [];
  for (const id of referenced) {
    if (existing.has(id) || described.has(id)) continue;
    const name = upload.referencedNames.get(id);
    if (name) minimal.push({ germplasmDbId: id, germplasmName: name });
    else problems.push({ germplasmDbId: id, reason: 'does not exist, and the request does not describe it (give it a germplasmName to create it)' });
  }
  const toCreate = plans.filter(({ node }) => !existing.has(node.germplasmDbId));
  if (!updateExisting) {
    // POST keeps what exists: a crop given for a stored germplasm must be the one it has, or it would be dropped.
    const storedCrop = new Map(stored.map((r) => [r.id, r.commonCropName ?? null]));
    for (const { node } of plans.filter(({ node }) => existing.has(node.germplasmDbId) && Object.hasOwn(node.germplasm, 'commonCropName'))) {
      const given = node.germplasm.commonCropName;
      const was = storedCrop.get(node.germplasmDbId);
      if ((given ?? null) !== was) {
        problems.push({
          germplasmDbId: node.germplasmDbId,
          field: 'commonCropName',
          reason: `commonCropName is given as ${JSON.stringify(given)} but the germplasm is stored with ${was === null ? 'no crop' : JSON.stringify(was)}; ` +
            'POST /pedigree does not change existing germplasm (PUT /pedigree or PUT /germplasm/{germplasmDbId} does)',
        });
      }
    }
  }
  if (updateExisting) {
    // An edit (PUT) may create a germplasm only when it names it; a typo in a key must not make a new one.
    for (const { node } of toCreate.filter(({ node }) => typeof node.germplasm.germplasmName !== 'string')) {
      problems.push({ germplasmDbId: node.germplasmDbId, reason: 'does not exist (give a germplasmName to create it)' });
    }
  }
  // Changed: existing germplasm the request edits (PUT) and existing children it gives parents (a conflict's too).
  // Checked before the write's other problems: one who may not change a germplasm learns nothing more of it.
  const changed = new Set(props.upload.edges.map((e) => e.child).concat(updateExisting ? [...described.keys()] : []).filter((id) => existing.has(id)));
  for (const child of await detachedChildren(tx, upload)) changed.add(child);
  await assertCanModify(tx, actor, germplasmEntity.label, germplasmEntity.idField, [...changed]);
  if (problems.length) throw new PedigreeRejectedError(problems);

  const toUpdate = updateExisting ? plans.filter(({ node }) => existing.has(node.germplasmDbId)) : [];
  const createdBy = creatorOf(actor);
  const rows: Array<Record<string, unknown> & Taxon & { germplasmDbId: string }> = [
    ...toCreate.map(({ node, plan }) => withId(definedOnly(createdAs, plan.props, node.pedigree, { [CREATED_BY]: createdBy }), node.germplasmDbId)),
    ...minimal.map((m) => withId(definedOnly(createdAs, m, { defaultDisplayName: m.germplasmName, [CREATED_BY]: createdBy }), m.germplasmDbId)),
  ];
  // What every germplasm the write names is once it is written: the crops of those it creates without one (a
  // created germplasm's relatives are exactly the relationships given here) and the wide crosses among those.
  const taxa = new Map<string, Taxon>(stored.map(({ id, ...taxon }) => [id, taxon]));
  for (const { node, plan } of toUpdate) taxa.set(node.germplasmDbId, { ...taxa.get(node.germplasmDbId), ...pick(plan.props, TAXON) });
  for (const row of rows) taxa.set(row.germplasmDbId, pick(row, TAXON));
  const inherited = inheritedTaxa(rows.filter((r) => r.commonCropName == null).map((r) => r.germplasmDbId), upload.edges, taxa);
  for (const row of rows) {
    const taxon = inherited.get(row.germplasmDbId);
    if (taxon) Object.assign(row, definedOnly(taxon));
  }
  for (const [id, taxon] of inherited) taxa.set(id, taxon);

  // Every rule is checked before anything is written: the write knows each child's parents once it is done (those
  // stored, less the ones a PUT replaces, with the types given, and the given ones), so nothing is read back, and a
  // rejected write has written nothing (the demo's SoyBase file is rejected once, for its cycle).
  const removed = removedBy(upload);
  const after = parentsAfter(upload.edges, storedParents, removed);
  const named = nameAfter(storedNames, storedParents, rows, toUpdate.map(({ node, plan }) => ({ id: node.germplasmDbId, props: plan.props })));
  const storedEdges = upload.edges.filter((e) => existing.has(e.child));
  let wideCrosses: WideCross[] = [];
  if (upload.edges.length) {
    wideCrosses = wideCrossesOf(createdEdges, taxa);
    if (storedEdges.length) {
      // The parents a stored child keeps that the write does not name are what they were (their crop from stored-parents).
      const allTaxa = new Map(taxa);
      for (const list of storedParents.values()) for (const p of list) if (!allTaxa.has(p.parent)) allTaxa.set(p.parent, { commonCropName: p.parentCrop });
      const parentIds = new Map(storedEdges.map((e) => [e.child, [...after.get(e.child)!.keys()]]));
      wideCrosses.push(...wideCrossesOf(storedEdges, allTaxa, parentIds));
    }
    wideCrosses.sort((a, b) => compare(a.child, b.child) || compare(a.parent, b.parent));
    const cycleScope = { stored: existing, withProgeny, removed, nameOf: (id: string) => named.get(id) };
    await checkGraph(tx, upload.edges, after, named, cycleScope, allowWideCrosses ? [] : wideCrosses);
  }

  // Then the writes, each sent without waiting for the one before (pipeline.ts): none of their answers decides
  // anything now, and Neo4j runs them in the order sent.
  const writes = new Pipeline();
  if (rows.length) writes.send(tx.run(createQuery(germplasmEntity), { rows }));
  // A node given only to state its parents (a loader's PUT) has no property to set.
  const updates = toUpdate.map(({ node, plan }) => ({ id: node.germplasmDbId, props: { ...plan.props, ...node.pedigree } })).filter((u) => Object.keys(u.props).length);
  if (updates.length) writes.send(tx.run(cypher('germplasm/pedigree/update-nodes'), { rows: updates }));
  // Its checks wait for the statements before: a failure there is theirs (the driver answers later statements of a
  // failed transaction with the first error).
  await writeLinks(tx, germplasmEntity, [...toCreate, ...toUpdate].map(({ node, plan }) => ({ id: node.germplasmDbId, plan })));
  if (upload.replaceParentsOf.length) {
    writes.send(tx.run(cypher('germplasm/pedigree/replace-parents'), { ids: upload.replaceParentsOf, kept: grouped(upload.edges, 'child', 'parent') }));
  }
  if (upload.replaceProgenyOf.length) {
    writes.send(tx.run(cypher('germplasm/pedigree/replace-progeny'), { ids: upload.replaceProgenyOf, kept: grouped(upload.edges, 'parent', 'child') }));
  }
  const edgesWritten = upload.edges.length ? writes.send(writeEdges(tx, upload.edges, storedParents)) : undefined;
  const recording = changes ? writes.send(changes.record(tx, { actor, source })) : undefined;
  await writes.settle();
  const changedEdges = (await edgesWritten) ?? 0;
  const recorded = await recording;
  return {
    germplasmDbIds: upload.nodes.map((n) => n.germplasmDbId),
    created: rows.length,
    edges: upload.edges.length,
    changedEdges,
    typeChanges: types.typeChanges,
    keptTypes: types.kept,
    createdDbIds: rows.map((r) => r.germplasmDbId),
    wideCrosses,
    ...(recorded ? { changeId: recorded.changeId, changed: recorded.changes.length } : {}),
    written: {
      created: new Map(rows.map((r) => [r.germplasmDbId, r])),
      notPlain: new Set([
        ...toCreate.filter(({ plan }) => plan.computed || plan.embedded || Object.values(plan.links).some((t) => t.length)).map(({ node }) => node.germplasmDbId),
        ...rows.filter((r) => !Object.values(r).every(carriedUnchanged)).map((r) => r.germplasmDbId),
      ]),
      edges: upload.edges,
      storedNames,
      updated: new Set(toUpdate.map(({ node }) => node.germplasmDbId)),
    },
  };
}

/**
 * Writes the PARENT relationships; returns how many are new or change type. The stored ones are known (read before
 * the write, under the lock): a new one is created without looking for an old one, a stored one that changes type is
 * set, and one stored as given is left as it is.
 */
async function writeEdges(tx: Runner, edges: Edge[], storedParents: Map<string, StoredParent[]>): Promise<number> {
  const storedType = new Map<string, string>();
  for (const list of storedParents.values()) for (const p of list) storedType.set(`${p.child}\u0000${p.parent}`, p.parentType);
  const created: Edge[] = [];
  const retyped: Edge[] = [];
  for (const e of edges) {
    const was = storedType.get(`${e.child}\u0000${e.parent}`);
    if (was === undefined) created.push(e);
    else if (was !== e.parentType) retyped.push(e);
  }
  let changed = 0;
  if (created.length) {
    const lists = { children: created.map((e) => e.child), parents: created.map((e) => e.parent), parentTypes: created.map((e) => e.parentType) };
    changed += (await tx.run<{ changed: number }>(cypher('germplasm/pedigree/create-edges'), lists))[0].changed;
  }
  if (retyped.length) changed += (await tx.run<{ changed: number }>(cypher('germplasm/pedigree/set-parent-types'), { edges: retyped }))[0].changed;
  return changed;
}

/**
 * Children a PUT detaches by replacing a node's progeny: their parents change, so whoever may change them must be
 * the one asking (a writer who owns a parent must not take another user's child away from it).
 */
async function detachedChildren(tx: Runner, upload: PedigreeUpload): Promise<string[]> {
  if (upload.replaceProgenyOf.length === 0) return [];
  const kept = new Set(upload.edges.map((e) => `${e.child}\u0000${e.parent}`));
  const pairs = await tx.run<{ parent: string; child: string }>(cypher('germplasm/pedigree/progeny-edges-of'), { ids: upload.replaceProgenyOf });
  return pairs.filter((p) => !kept.has(`${p.child}\u0000${p.parent}`)).map((p) => p.child);
}

/**
 * The rules on the graph as the write will leave it, checked before it writes: every child's parent set
 * (parent-sets.ts), no PARENT relationship between crops unless allowed (a name shared by two crops must never tie
 * them together), and no cycles. `after`: each child's parents once the write is done; `named`: the names the
 * germplasm the write names will have.
 */
async function checkGraph(tx: Runner, edges: Edge[], after: Map<string, Map<string, ParentType>>, named: Map<string, string>, cycleScope: CycleScope, wideCrosses: WideCross[]) {
  const problems: Problem[] = wideCrosses.map((w) => ({
    germplasmDbId: w.child,
    parent: w.parent,
    reason: `${describeWideCross(w)}: a cross between crops must be allowed explicitly (a name shared by two crops must never tie them together)`,
  }));
  for (const child of new Set(edges.map((e) => e.child))) {
    const parents = after.get(child)!;
    const reason = parentSetProblem([...parents.values()]);
    if (!reason) continue;
    // Name the parents the write would leave, stored ones included: the curator sees which source disagrees.
    const listed = [...parents]
      .map(([id, type]) => ({ type, name: named.get(id) ?? id }))
      .sort((a, b) => compare(a.type, b.type) || compare(a.name, b.name));
    problems.push({ germplasmDbId: child, reason: `${reason} (it would have: ${listed.map((p) => `${p.name} ${p.type}`).join(', ')})` });
  }
  for (const { child, parent, path } of await findCycles(tx, edges, cycleScope)) {
    problems.push({
      germplasmDbId: child,
      parent,
      cycle: path,
      reason: `cannot have ${parent} as a parent: it would be its own ancestor (child → parent: ${path.join(' → ')})`,
    });
  }
  if (problems.length) throw new PedigreeRejectedError(problems);
}

/**
 * The name each germplasm the write names has once it is written (its DbId when it has none), as the graph would
 * show it: the stored one, the one a PUT sets (null removes it), or the created germplasm's.
 */
function nameAfter(storedNames: Map<string, string | null>, storedParents: Map<string, StoredParent[]>, rows: Array<Record<string, unknown> & { germplasmDbId: string }>, updates: Array<{ id: string; props: Record<string, unknown> }>) {
  const names = new Map<string, string>();
  for (const list of storedParents.values()) for (const p of list) names.set(p.parent, p.name);
  for (const [id, name] of storedNames) names.set(id, name ?? id);
  for (const { id, props } of updates) if ('germplasmName' in props) names.set(id, typeof props.germplasmName === 'string' ? props.germplasmName : id);
  for (const row of rows) names.set(row.germplasmDbId, typeof row.germplasmName === 'string' ? row.germplasmName : row.germplasmDbId);
  return names;
}

/**
 * The edges as {key: [value]}, e.g. each child's parents: a map parameter, which Cypher reads by key. No prototype,
 * so that any DbId (even "constructor") is a key of its own.
 */
function grouped(edges: Edge[], key: 'child' | 'parent', value: 'child' | 'parent'): Record<string, string[]> {
  const out: Record<string, string[]> = Object.create(null);
  for (const e of edges) (out[e[key]] ??= []).push(e[value]);
  return out;
}

const TAXON = ['commonCropName', 'genus', 'species'] as const;

/** The members of `props` named in `keys` that it has (a null among them: the write removes that property). */
function pick(props: Record<string, unknown>, keys: readonly string[]) {
  return Object.fromEntries(keys.filter((k) => k in props).map((k) => [k, props[k]]));
}

const compare = (x: string, y: string) => (x < y ? -1 : x > y ? 1 : 0);

type Row = Record<string, unknown> & Taxon & { germplasmDbId: string };

/** The members of `sources` merged as a spread merges them ({...a, ...b}), those without a value (null) left out. */
function definedOnly(...sources: object[]): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  let empty = false;
  for (const source of sources) {
    for (const k in source) {
      if (!Object.hasOwn(source, k)) continue;
      const v = (source as Record<string, unknown>)[k];
      out[k] = v;
      if (v === null || v === undefined) empty = true;
    }
  }
  if (empty) for (const k in out) if (out[k] === null || out[k] === undefined) delete out[k];
  return out;
}

/** The row with its DbId, as {...row, germplasmDbId: id} has it (last, unless the row has it already). */
function withId(row: Record<string, unknown>, id: string): Row {
  row.germplasmDbId = id;
  return row as Row;
}
