// Saved searches of the calls and the allele matrix. Their answers are computed when read (packed calls are decoded
// per page), so a saved search keeps the request's options rather than a list of ids.
import { cypher } from '../../graph/cypher-files.js';
import { readsOnPrimary } from '../../graph/consistency.js';
import { respondOne } from '../../http/envelope.js';
import type { BrapiContext } from '../../http/types.js';
import { readSearch, startSearch } from '../../search/saved.js';
import type { Searchable } from '../../search/searchables.js';

/** Saves the options and answers 202 with the searchResultsDbId. */
export async function saveSearchOptions(ctx: BrapiContext, searchable: Searchable, options: Record<string, unknown>): Promise<void> {
  const plan = { query: cypher('genotyping/saved-parameters'), params: {}, options };
  const id = await startSearch(ctx.services, searchable, plan, ctx.state.actor.userId);
  respondOne(ctx, { searchResultsDbId: id });
  ctx.status = 202;
}

/** The saved options of `:searchResultsDbId`, or null after answering 202 while the search is still pending. */
export async function savedSearchOptions(ctx: BrapiContext, searchable: Searchable): Promise<Record<string, unknown> | null> {
  const graph = readsOnPrimary(ctx.services.graph);
  const saved = await readSearch({ ...ctx.services, graph }, searchable.path, ctx.params.searchResultsDbId, ctx.state.actor.userId, 0, 0);
  if (saved.status === 'pending') {
    respondOne(ctx, { searchResultsDbId: ctx.params.searchResultsDbId });
    ctx.status = 202;
    return null;
  }
  return (saved.options ?? {}) as Record<string, unknown>;
}
