// GET /calls, the calls of one variant set, variant or call set, and POST/GET /search/calls. Calls are read from the
// packed rows (codec.ts); a saved calls search keeps its parameters and reads its pages when asked.
import { BadRequestError, ForbiddenError, NotFoundError } from '../../../errors.js';
import { addStatus } from '../../../http/envelope.js';
import { filterInput, reportIgnored } from '../../../http/query.js';
import { read, write, type RouteDef } from '../../../http/routes.js';
import { hasRole } from '../../../auth/actor.js';
import type { BrapiContext } from '../../../http/types.js';
import { validateBody } from '../../../http/validate.js';
import { unknownIds } from '../../../entities/queries.js';
import { searchInput } from '../../../search/members.js';
import { saveSearchOptions, savedSearchOptions } from '../saved-options.js';
import type { Searchable } from '../../../search/searchables.js';
import { respondTokenList } from '../paging.js';
import { callText, idList, pageOfCalls, textEcho } from './calls.js';
import { NO_FILTER, type CallFilter } from './queries.js';
import { callUpdates, updateCalls } from './updateCalls.js';

const TEXT = ['expandHomozygotes', 'unknownString', 'sepPhased', 'sepUnphased'];
const FILTERS = ['callSetDbId', 'variantDbId', 'variantSetDbId'];

/** Serves one page of the calls a filter selects. */
async function answer(ctx: BrapiContext, filter: CallFilter, input: Record<string, unknown>) {
  const text = callText(input);
  const { page, pageSize } = ctx.state.paging;
  const { total, data } = await pageOfCalls(ctx.services.graph, filter, text, page * pageSize, pageSize);
  if (total === 0) addStatus(ctx, 'INFO', 'No calls match these filters.');
  respondTokenList(ctx, total, data, textEcho(text));
}

function filterOf(input: Record<string, unknown>): CallFilter {
  return {
    ...NO_FILTER,
    callSetDbIds: idList(input.callSetDbId, 'callSetDbId'),
    variantDbIds: idList(input.variantDbId, 'variantDbId'),
    variantSetDbIds: idList(input.variantSetDbId, 'variantSetDbId'),
  };
}

/** GET /<things>/{id}/calls: the calls of one record, 404 when it does not exist. */
function callsOf(path: string, label: string, idField: string, member: keyof CallFilter): RouteDef {
  return read.get(`/${path}/:${idField}/calls`, async (ctx) => {
    const input = filterInput(ctx);
    reportIgnored(ctx, Object.keys(input).filter((k) => !TEXT.includes(k)));
    const id = ctx.params[idField];
    if ((await unknownIds(ctx.services.graph, label, idField, [id])).length) throw new NotFoundError(`No ${label} has ${idField} "${id}".`);
    await answer(ctx, { ...NO_FILTER, [member]: [id] }, input);
  });
}

const SEARCH_PATH = '/search/calls';
const searchable: Pick<Searchable, 'path'> = { path: 'calls' };

export const routes: RouteDef[] = [
  // Calls come from imports, which have no creator: as for any such record, only an admin changes them.
  write.put('/calls', async (ctx) => {
    const body = ctx.request.body;
    // The body is a list of calls (400 otherwise, a missing body included); an empty list changes nothing and answers
    // the first page.
    const updates = callUpdates(body);
    if (updates.length && !hasRole(ctx.state.actor, 'admin')) throw new ForbiddenError('Calls belong to their import: only an admin may change them.');
    if (updates.length) await updateCalls(ctx.services.graph, updates);
    const filter = updates.length ? { ...NO_FILTER, variantDbIds: [...new Set(updates.map((u) => u.variantDbId))], callSetDbIds: [...new Set(updates.map((u) => u.callSetDbId))] } : NO_FILTER;
    await answer(ctx, filter, {});
  }),
  read.get('/calls', async (ctx) => {
    const input = filterInput(ctx);
    reportIgnored(ctx, Object.keys(input).filter((k) => !TEXT.includes(k) && !FILTERS.includes(k)));
    await answer(ctx, filterOf(input), input);
  }),
  callsOf('variantsets', 'VariantSet', 'variantSetDbId', 'variantSetDbIds'),
  callsOf('variants', 'Variant', 'variantDbId', 'variantDbIds'),
  callsOf('callsets', 'CallSet', 'callSetDbId', 'callSetDbIds'),

  read.post(SEARCH_PATH, async (ctx) => {
    const body = ctx.request.body;
    if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new BadRequestError('The body must be a search request object.');
    validateBody('post', SEARCH_PATH, body);
    const { input, ignored, paging } = searchInput(body as Record<string, unknown>, new Set([...FILTERS, ...TEXT]), ctx.services.config.maxPageSize);
    for (const member of ignored) addStatus(ctx, 'WARNING', `Search member "${member}" is not supported by this search and was ignored.`);
    // Checked now, so a bad value is a 400 before anything is saved.
    filterOf(input);
    callText(input);
    if (ctx.services.config.search.style === 'immediate') {
      ctx.state.paging = { ...ctx.state.paging, ...paging };
      return answer(ctx, filterOf(input), input);
    }
    await saveSearchOptions(ctx, searchable as Searchable, input);
  }),

  read.get(`${SEARCH_PATH}/:searchResultsDbId`, async (ctx) => {
    reportIgnored(ctx, Object.keys(filterInput(ctx)));
    const input = await savedSearchOptions(ctx, searchable as Searchable);
    if (input) await answer(ctx, filterOf(input), input);
  }),
];
