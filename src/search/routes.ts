// POST /search/<entity> and GET /search/<entity>/{searchResultsDbId} for every searchable the modules list.
// Style (BRAPI_SEARCH_STYLE): `saved` answers POST with 202 and the searchResultsDbId, and serves the results from
// GET, paged by its page/pageSize (the two-step flow clients handle); `immediate` answers POST with 200 and the page
// the body's page/pageSize ask for.
import { BadRequestError } from '../errors.js';
import { readsOnPrimary } from '../graph/consistency.js';
import type { Graph } from '../graph/port.js';
import { addStatus, respondList, respondOne } from '../http/envelope.js';
import { filterInput, reportIgnored } from '../http/query.js';
import { read, type RouteDef } from '../http/routes.js';
import type { BrapiContext } from '../http/types.js';
import { validateBody } from '../http/validate.js';
import { searchInput } from './members.js';
import { readSearch, runPlan, startSearch } from './saved.js';
import type { Searchable } from './searchables.js';
import { pageBounds } from '../entities/paging.js';

/** POST and GET of each search; a search is a read that happens to need a body. */
export function searchRoutes(searchables: Searchable[]): RouteDef[] {
  return searchables.flatMap((searchable) => {
    const path = `/search/${searchable.path}`;
    const post = read.post(path, async (ctx) => {
      const body = ctx.request.body;
      if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new BadRequestError('The body must be a search request object.');
      validateBody('post', path, body);
      const { input, ignored, paging } = searchInput(body as Record<string, unknown>, searchable.accepted, ctx.services.config.maxPageSize);
      for (const member of ignored) {
        const why = searchable.unapplied && Object.hasOwn(searchable.unapplied, member) ? `: ${searchable.unapplied[member]}` : '';
        addStatus(ctx, 'WARNING', `Search member "${member}" is not supported by this search and was ignored${why}.`);
      }
      const plan = searchable.plan(input);
      if (ctx.services.config.search.style === 'immediate') {
        ctx.state.paging = { ...ctx.state.paging, ...paging };
        const ids = await runPlan(ctx.services, plan);
        return respondPage(ctx, ctx.services.graph, searchable, ids.length, pageOf(ctx, ids), plan.options);
      }
      const id = await startSearch(ctx.services, searchable, plan, ctx.state.actor.userId);
      respondAccepted(ctx, id);
    });

    const get = read.get(`${path}/:searchResultsDbId`, async (ctx) => {
      reportIgnored(ctx, Object.keys(filterInput(ctx)));
      const id = ctx.params.searchResultsDbId;
      const { page, pageSize } = ctx.state.paging;
      // The search may have been saved through another replica a moment ago (graph/consistency.ts).
      const graph = readsOnPrimary(ctx.services.graph);
      const { skip, end } = pageBounds(page, pageSize);
      const saved = await readSearch({ ...ctx.services, graph }, searchable.path, id, ctx.state.actor.userId, skip, end);
      if (saved.status === 'pending') return respondAccepted(ctx, id);
      await respondPage(ctx, graph, searchable, saved.total, saved.ids, saved.options);
    });
    return [post, get];
  });
}

function pageOf(ctx: BrapiContext, ids: string[]): string[] {
  const { page, pageSize } = ctx.state.paging;
  return ids.slice(page * pageSize, (page + 1) * pageSize);
}

async function respondPage(ctx: BrapiContext, graph: Graph, searchable: Searchable, total: number, ids: string[], options: Parameters<Searchable['read']>[2]) {
  const data = await searchable.read(graph, ids, options);
  if (total === 0) addStatus(ctx, 'INFO', 'Nothing matches this search.');
  respondList(ctx, total, data, searchable.tokenPaging);
}

/** 202: the search is saved (or still running); its results come from GET /search/<entity>/{searchResultsDbId}. */
function respondAccepted(ctx: BrapiContext, searchResultsDbId: string) {
  respondOne(ctx, { searchResultsDbId });
  ctx.status = 202;
}
