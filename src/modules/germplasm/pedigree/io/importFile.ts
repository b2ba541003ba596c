// Imports a pedigree file: reads it (readers.ts), gives every name a DbId (the germplasm already called so, else a
// new readable one), orders the nodes parents first, and writes them in batches through the transactional upload of
// POST /pedigree (importPedigree). The report lists every rejected row with where it is in the file and why.
import type { Actor } from '../../../../auth/actor.js';
import { cypher } from '../../../../graph/cypher-files.js';
import type { Graph } from '../../../../graph/port.js';
import { BadRequestError } from '../../../../errors.js';
import { importPedigree, type ImportNode } from '../commands/importPedigree.js';
import { parseUpload, PedigreeRejectedError } from '../parseUpload.js';
import { isPedigreeExpression, namedPedigree, slugIds, type NamedRow } from './namedRows.js';
import { detectFormat, readPedigreeFile, type FileFormat, type NamedFile, type NodeFile, type ReadOptions, type RowProblem } from './readers.js';

export interface ImportFileOptions extends ReadOptions {
  format?: FileFormat;
  dryRun?: boolean;
  batchSize?: number;
  /** Prefix of the DbIds given to new germplasm (names files only). */
  idPrefix?: string;
  /** Create parents that are neither lines of the file nor germplasm in the database (names files only). */
  createParents?: boolean;
  actor?: Actor;
  onBatch?: (done: number, total: number) => void;
}

export interface RejectedRow extends RowProblem {
  germplasmDbId?: string;
  parent?: string;
  cycle?: string[];
}

export interface FileImportReport {
  file: string;
  format: FileFormat;
  dryRun: boolean;
  /** Lines of a names file (after merging a line's rows) or nodes of a JSON file. */
  records: number;
  /** Germplasm the file names that were already in the database. */
  existing: number;
  created: number;
  /** PARENT relationships written (an existing one is written again, unchanged). */
  linked: number;
  rejected: RejectedRow[];
  seconds: number;
}

const CHUNK = 5000;

export async function importPedigreeFile(graph: Graph, file: string, options: ImportFileOptions = {}): Promise<FileImportReport> {
  const started = Date.now();
  const format = options.format ?? (await detectFormat(file));
  const read = await readPedigreeFile(file, format, options);
  const plan = read.kind === 'names' ? await planNames(graph, read, format, options) : await planNodes(graph, read);

  const result = await importPedigree(graph, parentsFirst(plan.nodes), {
    batchSize: options.batchSize,
    actor: options.actor,
    dryRun: options.dryRun,
    onBatch: options.onBatch,
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
  return {
    file,
    format,
    dryRun: options.dryRun ?? false,
    records: plan.records,
    existing: plan.existing,
    created: result.created,
    linked: result.linked,
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
}

/** Names files: resolve names to DbIds, leave out rows that cannot be resolved, and build the nodes. */
async function planNames(graph: Graph, read: NamedFile, format: FileFormat, options: ImportFileOptions): Promise<Plan> {
  const problems: RejectedRow[] = [...read.problems];
  const expressions = format === 'soybase';
  const parentNames = (r: NamedRow) => [r.female, r.male].filter((p): p is string => p !== null && !(expressions && isPedigreeExpression(p)));
  const lines = new Set(read.rows.map((r) => r.strain));
  const names = [...new Set(read.rows.flatMap((r) => [r.strain, ...parentNames(r)]))];

  const found = new Map<string, string[]>();
  for (const chunk of chunks(names)) {
    for (const { name, ids } of await graph.read<{ name: string; ids: string[] }>(cypher('germplasm/pedigree/ids-by-name'), { names: chunk })) found.set(name, ids);
  }
  const createParents = options.createParents ?? true;
  const rows = read.rows.filter((row) => {
    for (const name of [row.strain, ...parentNames(row)]) {
      const ids = found.get(name) ?? [];
      let reason: string | undefined;
      if (ids.length > 1) reason = `${ids.length} germplasm in the database are named ${name} (${ids.join(', ')}); import them by DbId (BrAPI JSON) instead`;
      else if (!createParents && ids.length === 0 && !lines.has(name)) reason = `names an unknown parent ${name} (neither a line of this file nor a germplasm in the database)`;
      if (reason) {
        problems.push({ at: [row.at], germplasmName: row.strain, reason });
        return false;
      }
    }
    return true;
  });

  const ids = new Map<string, string>();
  for (const [name, list] of found) if (list.length === 1) ids.set(name, list[0]);
  const existing = ids.size;
  const prefix = options.idPrefix ?? 'g-';
  for (const [name, id] of await newIds(graph, names.filter((n) => !ids.has(n)), prefix)) ids.set(name, id);
  const nodes = namedPedigree(rows, ids, { prefix, expressions, founders: true });
  const at = new Map(rows.map((r) => [ids.get(r.strain)!, r.at]));
  return { nodes, at, names: namesOf(nodes), problems, records: read.rows.length, existing };
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
  return { nodes, at, names: namesOf(nodes), problems, records: read.nodes.length, existing };
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
