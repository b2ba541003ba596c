// A long breeding-value fit (REML on a large pedigree takes minutes) runs as a saved search does (src/search/saved.ts):
// POST waits up to the search wait (BRAPI_SEARCH_WAIT_MS); a fit done by then is answered at once (200), a longer
// one keeps running and POST answers 202 with a searchResultsDbId, whose GET answers 202 until the fit is stored,
// then the answer (JSON, CSV or TSV as POST would). The answer, or the 4xx the fit ended in, is kept as the saved
// search's options; it expires with it. BRAPI_SEARCH_STYLE=immediate: POST always answers the fit itself.
import { BadRequestError, ConflictError, HttpError, NotFoundError } from '../../../errors.js';
import { cypher } from '../../../graph/cypher-files.js';
import { readsOnPrimary } from '../../../graph/consistency.js';
import type { BrapiContext } from '../../../http/types.js';
import { readSearch, startSearch } from '../../../search/saved.js';
import type { Searchable } from '../../../search/searchables.js';
import { computeBreedingValues, type BreedingValuesAnswer } from './breeding-values.js';
import type { BreedingValuesRequest } from './params.js';

/** The saved-search path segment of a fit (its searchResultsDbIds belong to this call alone). */
const searchable = { path: 'extensions/breeding-values' } as Searchable;

type Stored = { answer: BreedingValuesAnswer } | { error: { status: number; message: string } } | { answeredByPost: true };

const REPLAYED: Record<number, new (message: string) => HttpError> = { 400: BadRequestError, 404: NotFoundError, 409: ConflictError };

/** The stored outcome as an answer, or its error thrown again. */
function replay(stored: Stored): BreedingValuesAnswer {
  if ('answer' in stored) return stored.answer;
  if ('answeredByPost' in stored) throw new NotFoundError('This fit was answered by its POST (it ended within the wait); nothing was kept.');
  throw new (REPLAYED[stored.error.status] ?? BadRequestError)(stored.error.message);
}

/** Runs the fit as a saved search; the answer when it ended within the wait, else the searchResultsDbId. */
export async function startFit(ctx: BrapiContext, request: BreedingValuesRequest): Promise<{ answer: BreedingValuesAnswer } | { searchResultsDbId: string }> {
  if (ctx.services.config.search.style === 'immediate') return { answer: await computeBreedingValues(ctx.services.graph, request) };
  // While POST still waits, a finished fit is answered from memory and only a marker is stored (an answer is
  // megabytes for a large pedigree); once POST has answered 202, the whole answer is stored for GET.
  let waiting = true;
  let outcome: Stored | undefined;
  const compute = async (): Promise<Stored> => {
    try {
      outcome = { answer: await computeBreedingValues(ctx.services.graph, request) };
    } catch (err) {
      // The request's own faults (a cycle, confounded fixed effects) are the answer its GET gives; anything else fails
      // the saved search (a 500 or 503, as src/search/saved.ts records it).
      if (!(err instanceof HttpError && REPLAYED[err.status])) throw err;
      outcome = { error: { status: err.status, message: err.message } };
    }
    return waiting ? { answeredByPost: true } : outcome;
  };
  const plan = { query: cypher('genotyping/saved-parameters'), params: {}, options: null, compute };
  const id = await startSearch(ctx.services, searchable, plan, ctx.state.actor.userId);
  if (outcome) return { answer: replay(outcome) };
  waiting = false;
  return { searchResultsDbId: id };
}

/** The stored answer of `id`, or null while it runs; 404 for an unknown, expired or another user's id. */
export async function savedFit(ctx: BrapiContext, id: string): Promise<BreedingValuesAnswer | null> {
  const graph = readsOnPrimary(ctx.services.graph);
  const saved = await readSearch({ ...ctx.services, graph }, searchable.path, id, ctx.state.actor.userId, 0, 0);
  if (saved.status === 'pending') return null;
  return replay(saved.options as unknown as Stored);
}
