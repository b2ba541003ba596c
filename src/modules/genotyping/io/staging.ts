// A VCF import stages its variants before one transaction commits them (importVcf.ts). A process killed in between
// leaves them behind, invisible to every call: each import therefore keeps a marker node while it stages (its host,
// pid and a heartbeat each batch renews), and the next import removes the staging of every dead one first, counted in
// its report. Dead: on this host, its process is gone; anywhere, its heartbeat is older than STALE_AFTER_MINUTES;
// staging with no marker was left by an import of an earlier version, which kept none.
import os from 'node:os';
import type { Graph, Runner } from '../../../graph/port.js';
import { G } from '../graph.js';

/** A heartbeat this old means a dead import wherever it ran (a batch of variants takes seconds). */
export const STALE_AFTER_MINUTES = 60;
/** Staged variants deleted per transaction when staging is removed. */
const DELETE_BATCH = 5000;

const BEGIN = `CREATE (:${G.stagedImport} {importId: $importId, host: $host, pid: $pid, startedAt: datetime(), heartbeat: datetime()})`;
const MARKERS = `MATCH (m:${G.stagedImport})
RETURN m.importId AS importId, m.host AS host, m.pid AS pid, m.heartbeat < datetime() - duration({minutes: $stale}) AS stale`;
const UNMARKED = `MATCH (v:${G.staged})
WITH DISTINCT v.importId AS importId
WHERE importId IS NOT NULL AND NOT EXISTS { MATCH (:${G.stagedImport} {importId: importId}) }
RETURN importId`;
const DELETE_STAGED = `MATCH (v:${G.staged} {importId: $importId})
WITH v LIMIT $batch
OPTIONAL MATCH (v)-[:${G.hasCalls}]->(r:${G.callRow})
DETACH DELETE v, r
RETURN count(v) AS deleted`;
const END = `MATCH (m:${G.stagedImport} {importId: $importId}) DELETE m`;

/** Marks an import as staging, from this process. */
export async function beginStaging(graph: Graph, importId: string): Promise<void> {
  await graph.write(BEGIN, { importId, host: os.hostname(), pid: process.pid });
}

/** Ends an import's staging inside its commit transaction (the staged variants are variants now). */
export async function endStaging(tx: Runner, importId: string): Promise<void> {
  await tx.run(END, { importId });
}

/** Deletes an import's staged variants and their calls, a batch at a time, then its marker; returns how many. */
export async function discardStaging(graph: Graph, importId: string): Promise<number> {
  let deleted = 0;
  for (;;) {
    const [row] = await graph.write<{ deleted: number }>(DELETE_STAGED, { importId, batch: DELETE_BATCH });
    deleted += row?.deleted ?? 0;
    if (!row || row.deleted < DELETE_BATCH) break;
  }
  await graph.write(END, { importId });
  return deleted;
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
}

/** Removes the staging of every dead import (see the top of this file). */
export async function removeDeadStaging(graph: Graph): Promise<RemovedStaging> {
  const host = os.hostname();
  const markers = await graph.read<{ importId: string; host: string; pid: number; stale: boolean }>(MARKERS, { stale: STALE_AFTER_MINUTES });
  const dead = markers.filter((m) => m.stale || (m.host === host && m.pid !== process.pid && !running(m.pid))).map((m) => m.importId);
  const unmarked = (await graph.read<{ importId: string }>(UNMARKED)).map((r) => r.importId);
  let variants = 0;
  for (const importId of [...dead, ...unmarked]) variants += await discardStaging(graph, importId);
  return { imports: dead.length + unmarked.length, variants };
}
