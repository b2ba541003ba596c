// A long breeding-value fit (REML on a large pedigree takes minutes) runs as a saved search does (src/search/saved.ts):
// POST waits up to the search wait (BRAPI_SEARCH_WAIT_MS); a fit done by then is answered at once (200), a longer
// one keeps running and POST answers 202 with a searchResultsDbId, whose GET answers 202 until the fit is done,
// then the answer (JSON, CSV or TSV as POST would). The answer, or the 4xx the fit ended in, is held in memory for
// the GET and kept (packed) as the saved search's options for any replica; it expires with the saved search.
// BRAPI_SEARCH_STYLE=immediate: POST always answers the fit itself.
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { BadRequestError, ConflictError, HttpError, NotFoundError } from '../../../errors.js';
import { cypher } from '../../../graph/cypher-files.js';
import { readsOnPrimary } from '../../../graph/consistency.js';
import type { BrapiContext, Services } from '../../../http/types.js';
import { readSearch, startSearch } from '../../../search/saved.js';
import type { Searchable } from '../../../search/searchables.js';
import { computeBreedingValues, type BreedingValuesAnswer } from './breeding-values.js';
import type { BreedingValuesRequest } from './params.js';
import type { Phases } from './phases.js';

/** The saved-search path segment of a fit (its searchResultsDbIds belong to this call alone). */
const searchable = { path: 'extensions/breeding-values' } as Searchable;

type Stored = { answer: BreedingValuesAnswer } | { error: { status: number; message: string } } | { answeredByPost: true };

const gzip = promisify(zlib.gzip);
const gunzip = promisify(zlib.gunzip);

const REPLAYED: Record<number, new (message: string) => HttpError> = { 400: BadRequestError, 404: NotFoundError, 409: ConflictError };

/** The stored outcome as an answer, or its error thrown again. */
function replay(stored: Stored): BreedingValuesAnswer {
  if ('answer' in stored) return stored.answer;
  if ('answeredByPost' in stored) throw new NotFoundError('This fit was answered by its POST (it ended within the wait); nothing was kept.');
  throw new (REPLAYED[stored.error.status] ?? BadRequestError)(stored.error.message);
}

/**
 * Fits that ended after their POST had answered 202, held by the service instance that ran them for their GET: the
 * GET of that instance (the usual case) answers at once, without waiting for the stored copy or reading it back. The
 * HELD_MAX most recent are kept; an older one, or a GET on another instance (replica), reads the stored copy.
 */
interface Held {
  stored: Stored;
  owner: string | null;
  expiresAt: number;
  phases: Phases;
}
const heldBy = new WeakMap<Services, Map<string, Held>>();
const HELD_MAX = 8;

function heldOf(services: Services): Map<string, Held> {
  let held = heldBy.get(services);
  if (!held) heldBy.set(services, (held = new Map()));
  return held;
}

function hold(services: Services, id: string, entry: Held) {
  const held = heldOf(services);
  const now = Date.now();
  for (const [key, value] of held) if (value.expiresAt < now) held.delete(key);
  held.set(id, entry);
  while (held.size > HELD_MAX) held.delete(held.keys().next().value!);
}

/**
 * The stored copy: an answer as gzip'd JSON (base64 in the saved search's options): 0.23 of the JSON's size for
 * SoyBase with 10,000 records (3.07 MB to 0.72 MB, 48 ms at gzip level 1), so storing it and reading it back (727 ms
 * p50 for the JSON on a loaded machine) move a quarter of the bytes. Errors stay plain.
 */
type Packed = { answerGzip: string } | Exclude<Stored, { answer: BreedingValuesAnswer }>;

async function pack(stored: Stored): Promise<Packed> {
  if (!('answer' in stored)) return stored;
  return { answerGzip: (await gzip(JSON.stringify(stored.answer), { level: 1 })).toString('base64') };
}

async function unpack(packed: Packed): Promise<Stored> {
  if (!('answerGzip' in packed)) return packed;
  return { answer: JSON.parse((await gunzip(Buffer.from(packed.answerGzip, 'base64'))).toString('utf8')) };
}

/** Runs the fit as a saved search; the answer when it ended within the wait, else the searchResultsDbId. */
export async function startFit(ctx: BrapiContext, request: BreedingValuesRequest, phases: Phases): Promise<{ answer: BreedingValuesAnswer } | { searchResultsDbId: string }> {
  const { config, graph } = ctx.services;
  const fit = () => computeBreedingValues(graph, config, request, phases);
  if (config.search.style === 'immediate') return { answer: await fit() };
  // While POST still waits, a finished fit is answered from memory and only a marker is stored; once POST has
  // answered 202, the answer is held for this process's GET and a packed copy is stored for any replica's.
  let waiting = true;
  let outcome: Stored | undefined;
  let id = '';
  const owner = ctx.state.actor.userId;
  const compute = async (): Promise<Packed> => {
    try {
      outcome = { answer: await fit() };
    } catch (err) {
      // The request's own faults (a cycle, confounded fixed effects) are the answer its GET gives; anything else fails
      // the saved search (a 500 or 503, as src/search/saved.ts records it).
      if (!(err instanceof HttpError && REPLAYED[err.status])) throw err;
      outcome = { error: { status: err.status, message: err.message } };
    }
    if (waiting) return { answeredByPost: true };
    hold(ctx.services, id, { stored: outcome, owner, expiresAt: Date.now() + config.search.ttlSeconds * 1000, phases });
    return phases.timeAsync('pack', () => pack(outcome!));
  };
  const plan = { query: cypher('genotyping/saved-parameters'), params: {}, options: null, compute };
  id = await startSearch(ctx.services, searchable, plan, owner);
  if (outcome) return { answer: replay(outcome) };
  waiting = false;
  return { searchResultsDbId: id };
}

/**
 * The answer of `id`, or null while it runs; 404 for an unknown, expired or another user's id. From memory when this
 * process ran it (`phases` then gets the fit's own), else from the stored copy (`phases` gets the read and unpack).
 */
export async function savedFit(ctx: BrapiContext, id: string, phases: Phases): Promise<BreedingValuesAnswer | null> {
  const userId = ctx.state.actor.userId;
  const mine = heldOf(ctx.services).get(id);
  if (mine && mine.expiresAt >= Date.now() && (mine.owner === null || mine.owner === userId)) {
    Object.assign(phases.ms, mine.phases.ms);
    return replay(mine.stored);
  }
  const graph = readsOnPrimary(ctx.services.graph);
  const saved = await phases.timeAsync('read', () => readSearch({ ...ctx.services, graph }, searchable.path, id, userId, 0, 0));
  if (saved.status === 'pending') return null;
  return replay(await phases.timeAsync('unpack', () => unpack(saved.options as unknown as Packed)));
}
