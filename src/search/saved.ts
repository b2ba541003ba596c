// Saved searches live in Neo4j (:SavedSearch), so any replica of the service answers their GET. A search runs once
// into a snapshot of DbIds; every page of one searchResultsDbId comes from that snapshot, so totalCount does not drift
// while data changes. A search slower than `waitMs` keeps running after POST has answered; its GET answers 202 until
// the snapshot is written.
import { randomUUID } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import { DatabaseUnavailableError, HttpError, NotFoundError } from '../errors.js';
import { cypher } from '../graph/cypher-files.js';
import type { Services } from '../http/types.js';
import type { Searchable, SearchOptions, SearchPlan } from './searchables.js';

/** Searches still running in this process (awaited at shutdown, before the database connection closes). */
const running = new Set<Promise<void>>();

export async function settleSearches(): Promise<void> {
  await Promise.allSettled([...running]);
}

/** Runs a plan into its ordered DbIds (the test-only delay, when configured, comes first). */
export async function runPlan({ graph, config }: Services, plan: SearchPlan): Promise<string[]> {
  if (config.search.testDelayMs) await sleep(config.search.testDelayMs);
  const [row] = await graph.read<{ ids: string[] }>(plan.query, plan.params);
  return row?.ids ?? [];
}

/** Saves a pending search, starts it, and waits up to waitMs for it; returns its searchResultsDbId either way. */
export async function startSearch(services: Services, searchable: Searchable, plan: SearchPlan, owner: string | null) {
  const { graph, config, logger } = services;
  const now = Date.now();
  await graph.write(cypher('search/purge'), { now });
  const id = randomUUID();
  await graph.write(cypher('search/create'), {
    id,
    path: searchable.path,
    owner,
    now: new Date(now).toISOString(),
    expiresAt: now + config.search.ttlSeconds * 1000,
  });
  const job = (async () => {
    try {
      const ids = await runPlan(services, plan);
      const options = plan.compute ? await plan.compute() : plan.options;
      await graph.write(cypher('search/complete'), { id, ids, options: options && JSON.stringify(options) });
    } catch (err) {
      logger.error('saved search failed', { searchResultsDbId: id, path: searchable.path, error: (err as Error).message });
      // A timeout or a database away is the database's state, not a fault of the search (nor is a computation ended
      // by a shutdown, a 503 too): its GET says 503, as any call meeting it would, so that the client retries.
      const status = err instanceof HttpError && err.status === 503 ? 'unavailable' : 'failed';
      await graph.write(cypher('search/fail'), { id, status }).catch(() => undefined);
    }
  })();
  running.add(job);
  void job.finally(() => running.delete(job));
  await Promise.race([job, sleep(config.search.waitMs)]);
  return id;
}

export type SavedPage =
  | { status: 'pending' }
  | { status: 'done'; total: number; ids: string[]; options: SearchOptions };

/** One page of a saved search; 404 when it does not exist, has expired, or belongs to another user. */
export async function readSearch(services: Services, path: string, id: string, owner: string | null, skip: number, end: number): Promise<SavedPage> {
  const [row] = await services.graph.read<{ status: string; total: number | null; ids: string[] | null; options: string | null; owner: string | null; expiresAt: number }>(
    cypher('search/read'),
    { id, path, skip, end },
  );
  if (!row || row.expiresAt < Date.now() || (row.owner !== null && row.owner !== owner)) {
    throw new NotFoundError(`No saved ${path} search has searchResultsDbId "${id}" (searches expire after ${services.config.search.ttlSeconds} s).`);
  }
  if (row.status === 'pending') return { status: 'pending' };
  if (row.status === 'unavailable') {
    throw new DatabaseUnavailableError(`Saved search "${id}" timed out or met the database unavailable; run the search again shortly.`);
  }
  // The cause was logged when the search failed; the client gets the generic 500.
  if (row.status !== 'done') throw new Error(`saved search ${id} failed`);
  return { status: 'done', total: row.total ?? 0, ids: row.ids ?? [], options: row.options ? JSON.parse(row.options) : null };
}
