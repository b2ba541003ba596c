// Bulk import through the same transactional upload as POST /pedigree, for loaders that must go on past bad
// records: a rejected batch loses only the relationships the rejection names, is retried, and every rejected
// relationship is reported with its reason.
import type { Actor } from '../../../../auth/actor.js';
import type { Graph } from '../../../../graph/port.js';
import { parseUpload, PedigreeRejectedError } from '../parseUpload.js';
import type { KeptType, TypeChange } from '../parent-types.js';
import type { Problem } from '../types.js';
import { uploadPedigree, type CreatedAs, type WideCross } from './uploadPedigree.js';

/** A pedigree node as POST /pedigree takes it (other PedigreeNode members pass through to the upload). */
export interface ImportNode {
  germplasmDbId: string;
  germplasmName?: string;
  parents?: Array<{ germplasmDbId: string; germplasmName?: string; parentType: string }>;
  [member: string]: unknown;
}

export interface ImportOptions {
  /** Nodes per transaction (the default suits bulk loads; the CLI takes smaller ones to show progress). */
  batchSize?: number;
  actor?: Actor;
  /** Check everything in one transaction that is rolled back: the report says what an import would do. */
  dryRun?: boolean;
  /** Called before the first batch (done = 0) and after each committed one with the number of nodes done so far. */
  onBatch?: (done: number, total: number) => void;
  /** The crop (genus, species) of the germplasm the import creates. */
  createdAs?: CreatedAs;
  /** Keep PARENT relationships between crops instead of rejecting them. */
  allowWideCrosses?: boolean;
  /** Kept in the pedigree history of each batch (default "import"). */
  source?: string;
  /** false: record no pedigree history (the demo loader). */
  history?: boolean;
  /** Write the given parent types over different stored ones; by default known types are kept (parent-types.ts). */
  replaceParentTypes?: boolean;
}

export interface ImportReport {
  nodes: number;
  created: number;
  /** PARENT relationships written that were not stored as given before (new, or a new type). */
  linked: number;
  /** Of those, stored relationships whose type changed. */
  typeChanges: TypeChange[];
  /** Relationships given as POPULATION (no sex) whose stored known type was kept. */
  keptTypes: KeptType[];
  /** DbIds of the germplasm created. */
  createdDbIds: string[];
  /** PARENT relationships the input gives that were already stored as given. */
  unchanged: number;
  /** Relationships between crops kept because `allowWideCrosses` was set. */
  wideCrosses: WideCross[];
  /** One entry per rejected record; a cycle found from several of its relationships is reported once. */
  rejected: Problem[];
  /** Children whose given parents do not go with the stored ones (with both sets); nothing of them was written. */
  conflicts: Problem[];
}

const MAX_ATTEMPTS = 10;

export async function importPedigree(graph: Graph, nodes: ImportNode[], options: ImportOptions = {}): Promise<ImportReport> {
  const { actor, dryRun = false, onBatch, createdAs, allowWideCrosses, source = 'import', history } = options;
  const parentTypes = options.replaceParentTypes ? 'replace' : 'keep';
  // A dry run cannot commit one batch for the next to build on, so it checks the whole file at once.
  const batchSize = dryRun ? Math.max(nodes.length, 1) : (options.batchSize ?? 50_000);
  const report: ImportReport = { nodes: nodes.length, created: 0, linked: 0, typeChanges: [], keptTypes: [], createdDbIds: [], unchanged: 0, wideCrosses: [], rejected: [], conflicts: [] };
  const seenCycles = new Set<string>();
  onBatch?.(0, nodes.length);
  for (let start = 0; start < nodes.length; start += batchSize) {
    let batch = nodes.slice(start, start + batchSize).map((n) => ({ ...n, parents: [...(n.parents ?? [])] }));
    for (let attempt = 1; ; attempt++) {
      try {
        const upload = parseUpload(batch, 'POST');
        const result = await uploadPedigree(graph, { upload, updateExisting: false, actor, dryRun, createdAs, allowWideCrosses, source, history, parentTypes });
        report.created += result.created;
        report.linked += result.changedEdges;
        report.unchanged += result.edges - result.changedEdges - result.keptTypes.length;
        report.typeChanges.push(...result.typeChanges);
        report.keptTypes.push(...result.keptTypes);
        report.createdDbIds.push(...result.createdDbIds);
        report.wideCrosses.push(...result.wideCrosses);
        onBatch?.(Math.min(start + batchSize, nodes.length), nodes.length);
        break;
      } catch (err) {
        if (!(err instanceof PedigreeRejectedError) || attempt === MAX_ATTEMPTS) throw err;
        for (const problem of err.problems) {
          const cycleKey = problem.cycle && [...new Set(problem.cycle)].sort().join('\u0000');
          if (problem.conflict) report.conflicts.push(problem);
          else if (!cycleKey || !seenCycles.has(cycleKey)) report.rejected.push(problem);
          if (cycleKey) seenCycles.add(cycleKey);
        }
        batch = withoutRejected(batch, err.problems);
      }
    }
  }
  return report;
}

/** Drops the relationships a rejection names (all parents of the germplasm when it names no single parent). */
/** A problem about a germplasm the batch does not describe (an unknown parent) drops the references to it. */
function withoutRejected<T extends Required<Pick<ImportNode, 'parents'>> & ImportNode>(batch: T[], problems: Problem[]): T[] {
  const described = new Set(batch.map((n) => n.germplasmDbId));
  const unknown = new Set(problems.map((p) => p.germplasmDbId).filter((id) => !described.has(id)));
  return batch.map((node) => {
    const mine = problems.filter((p) => p.germplasmDbId === node.germplasmDbId);
    const fields = mine.filter((p) => p.field !== undefined);
    if (fields.length) {
      // A member refused (a crop that contradicts the stored one) goes; the node's parents stay.
      const kept = { ...node };
      for (const p of fields) delete kept[p.field!];
      return kept;
    }
    const everything = mine.some((p) => p.parent === undefined);
    const parents = everything
      ? []
      : node.parents.filter((r) => !unknown.has(r.germplasmDbId) && !mine.some((p) => p.parent === r.germplasmDbId));
    return parents.length === node.parents.length ? node : { ...node, parents };
  });
}
