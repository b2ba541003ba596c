// A VCF import stages its variants, a FASTA import its sequence blocks, before one transaction commits them
// (importVcf.ts, importFasta.ts). A process killed in between leaves them behind, invisible to every call: each import therefore keeps a marker node while it stages (its host,
// pid and a heartbeat each batch renews), and the next import removes the staging of every dead one first, counted in
// its report. Dead: on this host, its process is gone; anywhere, its heartbeat is older than STALE_AFTER_MINUTES;
// staging with no marker was left by an import of an earlier version, which kept none.
import os from 'node:os';
import type { Graph, Runner } from '../../../graph/port.js';
import { G } from '../graph.js';

/** A heartbeat this old means a dead import wherever it ran (a batch of variants or blocks takes seconds). */
export const STALE_AFTER_MINUTES = 60;
/** Staged variants deleted per transaction when staging is removed. */
const DELETE_BATCH = 5000;
/** Staged sequence blocks (64 KiB of bases each) deleted per transaction. */
const DELETE_BLOCKS = 200;

const BEGIN = `CREATE (:${G.stagedImport} {importId: $importId, host: $host, pid: $pid, startedAt: datetime(), heartbeat: datetime()})`;
const MARKERS = `MATCH (m:${G.stagedImport})
RETURN m.importId AS importId, m.host AS host, m.pid AS pid, m.heartbeat < datetime() - duration({minutes: $stale}) AS stale`;
const UNMARKED = `CALL () {
  MATCH (v:${G.staged}) RETURN DISTINCT v.importId AS importId
  UNION
  MATCH (b:${G.stagedBlock}) RETURN DISTINCT b.importId AS importId
}
WITH importId
WHERE importId IS NOT NULL AND NOT EXISTS { MATCH (:${G.stagedImport} {importId: importId}) }
RETURN importId`;
const DELETE_STAGED = `MATCH (v:${G.staged} {importId: $importId})
WITH v LIMIT $batch
OPTIONAL MATCH (v)-[:${G.hasCalls}]->(r:${G.callRow})
DETACH DELETE v, r
RETURN count(v) AS deleted`;
const DELETE_BLOCKS_STAGED = `MATCH (b:${G.stagedBlock} {importId: $importId})
WITH b LIMIT $batch
DELETE b
RETURN count(b) AS deleted`;
const END = `MATCH (m:${G.stagedImport} {importId: $importId}) DELETE m`;

/** Marks an import as staging, from this process. */
export async function beginStaging(graph: Graph, importId: string): Promise<void> {
  await graph.write(BEGIN, { importId, host: os.hostname(), pid: process.pid });
}

/** Ends an import's staging inside its commit transaction (the staged variants are variants now). */
export async function endStaging(tx: Runner, importId: string): Promise<void> {
  await tx.run(END, { importId });
}

/** Deletes an import's staged variants (with their calls) and sequence blocks, a batch at a time, then its marker. */
export async function discardStaging(graph: Graph, importId: string): Promise<Omit<RemovedStaging, 'imports'>> {
  const variants = await deleteInBatches(graph, DELETE_STAGED, importId, DELETE_BATCH);
  const blocks = await deleteInBatches(graph, DELETE_BLOCKS_STAGED, importId, DELETE_BLOCKS);
  await graph.write(END, { importId });
  return { variants, blocks };
}

/** Runs a `... LIMIT $batch ... RETURN count(x) AS deleted` statement until it deletes less than a batch. */
async function deleteInBatches(graph: Graph, statement: string, importId: string, batch: number): Promise<number> {
  let deleted = 0;
  for (;;) {
    const [row] = await graph.write<{ deleted: number }>(statement, { importId, batch });
    deleted += row?.deleted ?? 0;
    if (!row || row.deleted < batch) return deleted;
  }
}

/** Whether a process of this host runs (signal 0 only asks; EPERM: it runs, as another user). */
function running(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export interface RemovedStaging {
  /** Dead imports whose staging was removed. */
  imports: number;
  /** Their staged variants deleted (each with its calls). */
  variants: number;
  /** Their staged sequence blocks deleted. */
  blocks: number;
}

/** What a dry run removes: nothing. */
export const NOTHING_REMOVED: RemovedStaging = { imports: 0, variants: 0, blocks: 0 };

/** Removes the staging of every dead import (see the top of this file). */
export async function removeDeadStaging(graph: Graph): Promise<RemovedStaging> {
  const host = os.hostname();
  const markers = await graph.read<{ importId: string; host: string; pid: number; stale: boolean }>(MARKERS, { stale: STALE_AFTER_MINUTES });
  const dead = markers.filter((m) => m.stale || (m.host === host && m.pid !== process.pid && !running(m.pid))).map((m) => m.importId);
  const unmarked = (await graph.read<{ importId: string }>(UNMARKED)).map((r) => r.importId);
  const removed = { imports: dead.length + unmarked.length, variants: 0, blocks: 0 };
  for (const importId of [...dead, ...unmarked]) {
    const { variants, blocks } = await discardStaging(graph, importId);
    removed.variants += variants;
    removed.blocks += blocks;
  }
  return removed;
}
