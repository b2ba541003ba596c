// Imports a pedigree file: reads it (readers.ts), gives every name a DbId (the one germplasm of the import's crop
// that the name identifies, else a new readable one), orders the nodes parents first, and writes them in batches
// through the transactional upload of POST /pedigree (importPedigree). The report lists every rejected and every
// merged row with where it is in the file and why, and every name matched otherwise than by germplasmName.
import type { Actor } from '../../../../auth/actor.js';
import { cypher } from '../../../../graph/cypher-files.js';
import type { Graph } from '../../../../graph/port.js';
import { BadRequestError } from '../../../../errors.js';
import { importPedigree, type ImportNode } from '../commands/importPedigree.js';
import type { WideCross } from '../commands/uploadPedigree.js';
import type { KeptType, TypeChange } from '../parent-types.js';
import type { ParentRef } from '../types.js';
import { parseUpload, PedigreeRejectedError } from '../parseUpload.js';
import { isPedigreeExpression, namedPedigree, slugIds, type NamedRow } from './namedRows.js';
import { detectFormat, readPedigreeFile, type FileFormat, type NamedFile, type NodeFile, type ReadOptions, type RowProblem, type UnsexedPolicy } from './readers.js';

export interface ImportFileOptions extends ReadOptions {
  format?: FileFormat;
  dryRun?: boolean;
  batchSize?: number;
  /** Prefix of the DbIds given to new germplasm (names files only). */
  idPrefix?: string;
  /** Create parents that are neither lines of the file nor germplasm in the database (names files only). */
  createParents?: boolean;
  /**
   * The crop of the file: names are looked up among its germplasm only, and what the import creates belongs to it.
   * Required for names files; for BrAPI JSON (which names germplasm by DbId) it is the crop of created germplasm.
   */
  crop?: string;
  genus?: string;
  species?: string;
  /** Keep PARENT relationships between crops (wide crosses) instead of rejecting them. */
  allowWideCrosses?: boolean;
  /** false: record no pedigree history (the demo loader). */
  history?: boolean;
  /**
   * Write the file's parent types over different stored ones. By default a parent the file gives without a sex keeps
   * the type stored for it, and a row that would change a known type, or whose parents do not go with the stored
   * ones, is a conflict and is not written (parent-types.ts).
   */
  replaceParentTypes?: boolean;
  actor?: Actor;
  onBatch?: (done: number, total: number) => void;
}

export interface RejectedRow extends RowProblem {
  germplasmDbId?: string;
  parent?: string;
  cycle?: string[];
}

/** A row whose parents do not go with those stored for its line: both sets; nothing of the row was written. */
export interface ConflictRow extends RowProblem {
  germplasmDbId: string;
  stored: ParentRef[];
  given: ParentRef[];
}

/**
 * Every distinct germplasm name of the file (for BrAPI JSON, every DbId), counted once in exactly one bucket:
 * ambiguous (the name of several germplasm of the crop: its rows are left out), existing (in the database before the
 * import), created, or only in rejected rows (new, and every row naming it was left out; listed).
 */
export interface NameAccount {
  names: number;
  existing: number;
  created: number;
  ambiguous: number;
  onlyInRejectedRows: number;
  /** The names counted in onlyInRejectedRows. */
  rejectedOnly: string[];
}

/** How a name of the file was matched to a germplasm of the crop, when not by its germplasmName. */
export interface NameMatch {
  name: string;
  germplasmDbId: string;
  field: MatchField;
}

export interface FileImportReport {
  file: string;
  format: FileFormat;
  dryRun: boolean;
  crop: string | null;
  /** Lines of a names file (after merging a line's rows) or nodes of a JSON file. */
  records: number;
  /** Germplasm the file names that were already in the database (in the crop, for a names file). */
  existing: number;
  /** The file's distinct names, each in one bucket (the buckets add up to `names.names`). */
  names: NameAccount;
  /** Names files: how many names were matched by each field. */
  matched: Record<MatchField, number>;
  /** Names matched by accession number, PUI or synonym: the curator should see which. */
  matchedOtherwise: NameMatch[];
  /** Names that only germplasm of other crops (or of none) have: new germplasm of this crop were made for them. */
  otherCrops: Array<{ name: string; crops: string[] }>;
  /** Parents the file gives without a sex, and the type they were stored with. */
  unsexedParents: { count: number; storedAs: UnsexedPolicy };
  created: number;
  /** PARENT relationships that are new or change type (added + typeChanged); a dry run counts what would be. */
  linked: number;
  /** New PARENT relationships. */
  added: number;
  /** Stored PARENT relationships whose type changed (only with replaceParentTypes, or a POPULATION one given a sex). */
  typeChanged: number;
  typeChanges: TypeChange[];
  /** Parents given without a sex (POPULATION) for relationships stored with a known type, which was kept. */
  keptStoredSex: number;
  keptTypes: KeptType[];
  /** Rows not written because their parents do not go with the stored ones (both sets given). */
  conflicts: ConflictRow[];
  /** PARENT relationships the file gives that were already stored as given. */
  unchanged: number;
  wideCrosses: WideCross[];
  /** Rows merged into an earlier one (repeats), with both lines. */
  merged: RowProblem[];
  rejected: RejectedRow[];
  seconds: number;
}

/** Fields a name may identify a germplasm by, in the order they are tried: the first that matches decides. */
export const MATCH_FIELDS = ['germplasmName', 'accessionNumber', 'germplasmPUI', 'synonym'] as const;
export type MatchField = (typeof MATCH_FIELDS)[number];

const CHUNK = 5000;

export async function importPedigreeFile(graph: Graph, file: string, options: ImportFileOptions = {}): Promise<FileImportReport> {
  const started = Date.now();
  const format = options.format ?? (await detectFormat(file));
  if (format !== 'brapi' && !options.crop) {
    throw new BadRequestError('Give the crop of the file (--crop, e.g. --crop Soybean): names are matched only to germplasm of that crop.');
  }
  if (options.crop) await refuseOtherSpelling(graph, options.crop);
  const read = await readPedigreeFile(file, format, options);
  const plan = read.kind === 'names' ? await planNames(graph, read, format, options) : await planNodes(graph, read);
  const createdAs = options.crop ? { commonCropName: options.crop, genus: options.genus, species: options.species } : undefined;

  const result = await importPedigree(graph, parentsFirst(plan.nodes), {
    batchSize: options.batchSize,
    actor: options.actor,
    dryRun: options.dryRun,
    onBatch: options.onBatch,
    createdAs,
    allowWideCrosses: options.allowWideCrosses,
    history: options.history,
    replaceParentTypes: options.replaceParentTypes,
  });
  const rejected: RejectedRow[] = [...plan.problems];
  const described = new Set(plan.nodes.map((n) => n.germplasmDbId));
  // Rows that name a germplasm as a parent: where to point for an unknown parent or an inline cross (SoyBase).
  const rowsNaming = (id: string) =>
    plan.nodes.filter((n) => n.parents?.some((p) => p.germplasmDbId === id)).flatMap((n) => plan.at.get(n.germplasmDbId) ?? []);
  for (const problem of result.rejected) {
    const id = problem.germplasmDbId;
    const own = plan.at.get(id);
    const at = own ? [own] : rowsNaming(id);
    rejected.push({
      at: at.length ? at : ['(no row)'],
      germplasmDbId: id,
      germplasmName: plan.names.get(id),
      reason: described.has(id) ? problem.reason : `names an unknown parent ${id}, which ${problem.reason}`,
      ...(problem.parent ? { parent: problem.parent } : {}),
      ...(problem.cycle ? { cycle: problem.cycle } : {}),
    });
  }
  const conflicts: ConflictRow[] = result.conflicts.map((problem) => ({
    at: plan.at.get(problem.germplasmDbId) ? [plan.at.get(problem.germplasmDbId)!] : rowsNaming(problem.germplasmDbId),
    germplasmDbId: problem.germplasmDbId,
    germplasmName: plan.names.get(problem.germplasmDbId),
    reason: problem.reason,
    stored: problem.conflict!.stored,
    given: problem.conflict!.given,
  }));
  const names = await accountNames(graph, plan, options.crop, result.createdDbIds);
  return {
    file,
    format,
    dryRun: options.dryRun ?? false,
    crop: options.crop ?? null,
    records: plan.records,
    existing: names.existing,
    names,
    matched: plan.matched,
    matchedOtherwise: plan.matchedOtherwise,
    otherCrops: plan.otherCrops,
    unsexedParents: { count: read.kind === 'names' ? read.unsexed : 0, storedAs: options.unsexed ?? 'population' },
    created: result.created,
    linked: result.linked,
    added: result.linked - result.typeChanges.length,
    typeChanged: result.typeChanges.length,
    typeChanges: result.typeChanges,
    keptStoredSex: result.keptTypes.length,
    keptTypes: result.keptTypes,
    conflicts: conflicts.sort((a, b) => position(a) - position(b)),
    unchanged: result.unchanged,
    wideCrosses: result.wideCrosses,
    merged: read.kind === 'names' ? read.merged.sort((a, b) => position(a) - position(b)) : [],
    rejected: rejected.sort((a, b) => position(a) - position(b)),
    seconds: (Date.now() - started) / 1000,
  };
}

interface Plan {
  nodes: ImportNode[];
  /** Where each described germplasm is in the file. */
  at: Map<string, string>;
  names: Map<string, string>;
  problems: RejectedRow[];
  records: number;
  existing: number;
  matched: Record<MatchField, number>;
  matchedOtherwise: NameMatch[];
  otherCrops: Array<{ name: string; crops: string[] }>;
  /** Every distinct name (BrAPI JSON: DbId) the file holds, rejected rows included, in file order. */
  fileNames: string[];
  /** The DbId each name of the planned nodes stands for (BrAPI JSON: itself). */
  nameIds: Map<string, string>;
  /** Names that are the name of several germplasm of the crop. */
  ambiguous: Set<string>;
}

const noMatches = (): Record<MatchField, number> => ({ germplasmName: 0, accessionNumber: 0, germplasmPUI: 0, synonym: 0 });

/** Names files: resolve names to DbIds within the crop, leave out rows that cannot be resolved, and build the nodes. */
/** A crop given as `soybean` where germplasm are stored as `Soybean` would match no name: refused, naming the spelling. */
async function refuseOtherSpelling(graph: Graph, crop: string): Promise<void> {
  const stored = (await graph.read<{ crop: string }>(cypher('germplasm/pedigree/crop-spellings'), { crop })).map((r) => r.crop);
  if (stored.length && !stored.includes(crop)) {
    throw new BadRequestError(`The crop "${crop}" is stored as ${stored.map((c) => `"${c}"`).join(' or ')}: names are matched only to ` +
      `germplasm of the crop as stored, so nothing would link. Give it as stored (--crop ${stored[0]}); GET /commoncropnames lists them.`);
  }
}

async function planNames(graph: Graph, read: NamedFile, format: FileFormat, options: ImportFileOptions): Promise<Plan> {
  const crop = options.crop!;
  const problems: RejectedRow[] = [...read.problems];
  const expressions = format === 'soybase';
  const parentNames = (r: NamedRow) => r.parents.map((p) => p.name).filter((p) => !(expressions && isPedigreeExpression(p)));
  const lines = new Set(read.rows.map((r) => r.strain));
  const names = [...new Set(read.rows.flatMap((r) => [r.strain, ...parentNames(r)]))];

  const found = await matchNames(graph, names, crop);
  const createParents = options.createParents ?? true;
  const rows = read.rows.filter((row) => {
    for (const name of [row.strain, ...parentNames(row)]) {
      const match = found.get(name);
      let reason: string | undefined;
      if (match && match.ids.length > 1) {
        reason = `"${name}" is the ${match.field} of ${match.ids.length} ${crop} germplasm (${match.ids.join(', ')}); ` +
          'the row is left out rather than linked to the wrong one (import it by DbId, as BrAPI JSON)';
      } else if (!createParents && !match && !lines.has(name)) {
        reason = `names an unknown parent ${name} (neither a line of this file nor a ${crop} germplasm in the database)`;
      }
      if (reason) {
        problems.push({ at: [row.at], germplasmName: row.strain, reason });
        return false;
      }
    }
    return true;
  });

  const ids = new Map<string, string>();
  const matched = noMatches();
  const matchedOtherwise: NameMatch[] = [];
  for (const [name, { field, ids: [id, ...more] }] of found) {
    if (more.length) continue;
    ids.set(name, id);
    matched[field]++;
    if (field !== 'germplasmName') matchedOtherwise.push({ name, germplasmDbId: id, field });
  }
  const unmatched = names.filter((n) => !ids.has(n) && !found.has(n));
  const otherCrops: Plan['otherCrops'] = [];
  for (const chunk of chunks(unmatched)) {
    otherCrops.push(...(await graph.read<{ name: string; crops: string[] }>(cypher('germplasm/pedigree/names-elsewhere'), { names: chunk, crop })));
  }
  const existing = ids.size;
  const prefix = options.idPrefix ?? 'g-';
  for (const [name, id] of await newIds(graph, unmatched, prefix)) ids.set(name, id);
  const nodes = namedPedigree(rows, ids, { prefix, expressions, founders: true });
  const at = new Map(rows.map((r) => [ids.get(r.strain)!, r.at]));
  const nameIds = new Map<string, string>();
  for (const n of nodes) {
    if (n.germplasmName) nameIds.set(n.germplasmName, n.germplasmDbId);
    for (const p of n.parents) nameIds.set(p.germplasmName, p.germplasmDbId);
  }
  const ambiguous = new Set([...found].filter(([, m]) => m.ids.length > 1).map(([name]) => name));
  return {
    nodes, at, names: namesOf(nodes), problems, records: read.rows.length, existing, matched, matchedOtherwise, otherCrops,
    fileNames: read.names, nameIds, ambiguous,
  };
}

/**
 * What each name means in the crop: the DbIds of the germplasm it is the germplasmName of, else the accession number,
 * else the PUI, else a synonym of. More than one DbId means the name is ambiguous in the crop.
 */
async function matchNames(graph: Graph, names: string[], crop: string): Promise<Map<string, { field: MatchField; ids: string[] }>> {
  const hits: Array<{ name: string; field: MatchField; ids: string[] }> = [];
  for (const chunk of chunks(names)) {
    hits.push(...(await graph.read<{ name: string; field: MatchField; ids: string[] }>(cypher('germplasm/pedigree/match-names'), { names: chunk, crop })));
  }
  hits.push(...(await graph.read<{ name: string; field: MatchField; ids: string[] }>(cypher('germplasm/pedigree/match-synonyms'), { names, crop })));
  const found = new Map<string, { field: MatchField; ids: string[] }>();
  for (const hit of hits.sort((a, b) => MATCH_FIELDS.indexOf(a.field) - MATCH_FIELDS.indexOf(b.field))) {
    if (!found.has(hit.name)) found.set(hit.name, { field: hit.field, ids: [...hit.ids].sort() });
  }
  return found;
}

/** Readable DbIds for new names, never one a germplasm in the database already has. */
async function newIds(graph: Graph, names: string[], prefix: string): Promise<Map<string, string>> {
  const taken = new Set<string>();
  let ids = slugIds(names, new Set(), prefix);
  for (;;) {
    const clashes = new Set<string>();
    for (const chunk of chunks([...ids.values()])) {
      for (const { id } of await graph.read<{ id: string }>(cypher('germplasm/pedigree/existing'), { ids: chunk })) clashes.add(id);
    }
    if (clashes.size === 0) return ids;
    for (const id of clashes) taken.add(id);
    ids = slugIds(names, new Set(taken), prefix);
  }
}

/** BrAPI JSON: the nodes as given; a node the upload could not even read is left out with the reason. */
async function planNodes(graph: Graph, read: NodeFile): Promise<Plan> {
  const problems: RejectedRow[] = [...read.problems];
  const at = new Map<string, string>();
  const nodes: ImportNode[] = [];
  for (const { at: where, ...node } of read.nodes) {
    const name = typeof node.germplasmName === 'string' ? node.germplasmName : undefined;
    if (at.has(node.germplasmDbId)) {
      problems.push({ at: [where, at.get(node.germplasmDbId)!], germplasmDbId: node.germplasmDbId, germplasmName: name, reason: 'is described twice; the later one is left out' });
      continue;
    }
    try {
      parseUpload([node], 'POST');
    } catch (err) {
      // Rule problems (a self-parent, two females) are the upload's to find and report; malformed nodes stop here.
      if (!(err instanceof BadRequestError)) throw err;
      if (!(err instanceof PedigreeRejectedError)) {
        problems.push({ at: [where], germplasmDbId: node.germplasmDbId, germplasmName: name, reason: err.message });
        continue;
      }
    }
    at.set(node.germplasmDbId, where);
    nodes.push(node);
  }
  let existing = 0;
  for (const chunk of chunks([...at.keys()])) existing += (await graph.read(cypher('germplasm/pedigree/existing'), { ids: chunk })).length;
  const fileNames = [...new Set(read.nodes.flatMap((n) => [n.germplasmDbId, ...parentIds(n)]))];
  return {
    nodes, at, names: namesOf(nodes), problems, records: read.nodes.length, existing, matched: noMatches(), matchedOtherwise: [], otherCrops: [],
    fileNames, nameIds: new Map(fileNames.map((id) => [id, id])), ambiguous: new Set(),
  };
}

/** The DbIds a node of a BrAPI file names as parents (members that are not DbIds are the upload's to report). */
function parentIds(node: ImportNode): string[] {
  const parents: unknown = node.parents;
  if (!Array.isArray(parents)) return [];
  return parents.map((p) => (p as { germplasmDbId?: unknown } | null)?.germplasmDbId).filter((id): id is string => typeof id === 'string' && id !== '');
}

/**
 * Puts every distinct name of the file in one bucket (NameAccount): ambiguous, existing, created, or only in rejected
 * rows. Names met only in rows the reader left out were never matched: they are looked up here, as the plan would.
 */
async function accountNames(graph: Graph, plan: Plan, crop: string | undefined, createdDbIds: string[]): Promise<NameAccount> {
  const created = new Set(createdDbIds);
  const unplanned = plan.fileNames.filter((n) => !plan.nameIds.has(n) && !plan.ambiguous.has(n));
  const ambiguous = new Set(plan.ambiguous);
  const storedNames = new Set<string>();
  if (crop && unplanned.length) {
    for (const [name, { ids }] of await matchNames(graph, unplanned, crop)) (ids.length > 1 ? ambiguous : storedNames).add(name);
  }
  const ids = [...new Set(plan.nameIds.values())];
  const storedIds = new Set<string>();
  for (const chunk of chunks(ids)) {
    for (const { id } of await graph.read<{ id: string }>(cypher('germplasm/pedigree/existing'), { ids: chunk })) storedIds.add(id);
  }
  const account: NameAccount = { names: 0, existing: 0, created: 0, ambiguous: 0, onlyInRejectedRows: 0, rejectedOnly: [] };
  // A dry run rolls its writes back, so what it would create is not stored: it is counted from the upload's answer.
  for (const name of new Set([...plan.fileNames, ...plan.nameIds.keys()])) {
    account.names++;
    const id = plan.nameIds.get(name);
    if (ambiguous.has(name)) account.ambiguous++;
    else if (id !== undefined && created.has(id)) account.created++;
    else if (storedNames.has(name) || (id !== undefined && storedIds.has(id))) account.existing++;
    else {
      account.onlyInRejectedRows++;
      account.rejectedOnly.push(name);
    }
  }
  return account;
}

function namesOf(nodes: ImportNode[]): Map<string, string> {
  const names = new Map<string, string>();
  for (const n of nodes) {
    for (const p of n.parents ?? []) if (p.germplasmName) names.set(p.germplasmDbId, p.germplasmName);
  }
  for (const n of nodes) if (typeof n.germplasmName === 'string') names.set(n.germplasmDbId, n.germplasmName);
  return names;
}

/**
 * Parents before their children (Kahn's algorithm over the file's own relationships), so that a batch never names
 * a parent a later batch describes. Nodes on a cycle come last, together, for the upload to reject.
 */
export function parentsFirst<T extends ImportNode>(nodes: T[]): T[] {
  const byId = new Map(nodes.map((n) => [n.germplasmDbId, n]));
  const waiting = new Map<string, number>();
  const children = new Map<string, string[]>();
  for (const n of nodes) {
    const parents = [...new Set((n.parents ?? []).map((p) => p.germplasmDbId))].filter((p) => byId.has(p) && p !== n.germplasmDbId);
    waiting.set(n.germplasmDbId, parents.length);
    for (const p of parents) children.set(p, [...(children.get(p) ?? []), n.germplasmDbId]);
  }
  const order: T[] = [];
  const ready = nodes.filter((n) => waiting.get(n.germplasmDbId) === 0).map((n) => n.germplasmDbId);
  while (ready.length) {
    const id = ready.pop()!;
    order.push(byId.get(id)!);
    for (const child of children.get(id) ?? []) {
      const left = waiting.get(child)! - 1;
      waiting.set(child, left);
      if (left === 0) ready.push(child);
    }
  }
  const placed = new Set(order.map((n) => n.germplasmDbId));
  return [...order, ...nodes.filter((n) => !placed.has(n.germplasmDbId))];
}

/** The first line or item number a rejection points at, for listing them in file order. */
const position = (r: RejectedRow) => Number(/\d+/.exec(r.at[0] ?? '')?.[0] ?? Infinity);

function* chunks<T>(items: T[]): Generator<T[]> {
  for (let i = 0; i < items.length; i += CHUNK) yield items.slice(i, i + CHUNK);
}
