// After the service load: re-runs, on the loaded database, the statements of POST /pedigree that the profile shows
// to dominate, for the last batch, as the service runs them and in cheaper forms that give the same answer. All are
// reads (the cycle search finds nothing on a valid graph), so the graph is not changed. Only the service's own code
// and statements derived from it are run, so the figures back concrete proposals.
import type { Graph, Params, Row, Runner } from '../src/graph/port.js';
import { findCycles } from '../src/modules/germplasm/pedigree/commands/findCycles.js';
import { readPedigreeNodes } from '../src/modules/germplasm/pedigree/traversal.js';
import { statementName } from './db.js';
import type { PedigreeNode } from './generate.js';
import { Ledger, round, timed } from './stats.js';

export interface Diagnosis {
  batchNodes: number;
  batchEdges: number;
  /** Relationships of the batch whose child already existed before the batch (or was created by an earlier one). */
  edgesWithExistingChild: number;
  ms: Record<string, number>;
  /** The statements of the cycle check with its graph search forced, for the last batch. */
  cycleCheckStatements: ReturnType<Ledger['toJSON']>;
}

/** The cycle check's view of the graph: every stored germplasm may have progeny; the write removes nothing. */
const scope = (stored: Set<string>) => ({ stored, withProgeny: stored, removed: () => false, nameOf: () => undefined });

/** `existedBefore`: germplasm created by the batches before this one (the service's `existing` set). */
export async function diagnoseBatch(graph: Graph, batch: PedigreeNode[], existedBefore: Set<string>): Promise<Diagnosis> {
  const ms: Record<string, number> = {};
  const edges = batch.flatMap((n) => n.parents.map((p) => ({ child: n.germplasmDbId, parent: p.germplasmDbId, parentType: p.parentType })));
  // The cycle check runs inside the upload's transaction; as reads in auto-commit it does the same work.
  const ledger = new Ledger();
  const runner: Runner = {
    run: async <T extends Row>(text: string, params?: Params) => {
      const { ms: took, value } = await timed(() => graph.read<T>(text, params));
      ledger.add(statementName(text), took);
      return value;
    },
  };
  ms['cycle check: findCycles as the upload calls it (stored = germplasm that existed before the batch)'] = round(
    (await timed(() => findCycles(runner, edges, scope(existedBefore)))).ms,
    0,
  );
  // The graph search findCycles skips when the stored graph cannot take part: forced by calling every germplasm stored.
  const everything = new Set([...existedBefore, ...edges.flatMap((e) => [e.child, e.parent])]);
  ledger.entries.clear();
  ms['cycle check: findCycles with its graph search forced (stored = every germplasm)'] = round((await timed(() => findCycles(runner, edges, scope(everything)))).ms, 0);
  const cycleCheckStatements = ledger.toJSON();
  const older = edges.filter((e) => existedBefore.has(e.child));

  // The response of POST /pedigree: the first page (1000) of the described nodes, in DbId order.
  const page = batch.map((n) => n.germplasmDbId).sort().slice(0, 1000);
  const arrays = { includeParents: true, includeProgeny: true, includeSiblings: false };
  ms['response read-back (readPedigreeNodes), first page of 1000 (as the service runs it)'] = round((await timed(() => readPedigreeNodes(graph, page, arrays))).ms, 0);
  return { batchNodes: batch.length, batchEdges: edges.length, edgesWithExistingChild: older.length, ms, cycleCheckStatements };
}
