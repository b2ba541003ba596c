// GET /allelematrix, POST /search/allelematrix and its GET. The query string and the search body say the same things
// in two shapes (comma lists and dimension page parameters; arrays and a pagination list); both become one request.
import { BadRequestError } from '../../../errors.js';
import { addStatus, respondOne } from '../../../http/envelope.js';
import { checkPageSize, DEFAULT_PAGE_SIZE } from '../../../entities/paging.js';
import { filterInput, reportIgnored } from '../../../http/query.js';
import { read, type RouteDef } from '../../../http/routes.js';
import type { BrapiContext } from '../../../http/types.js';
import { validateBody } from '../../../http/validate.js';
import { saveSearchOptions, savedSearchOptions } from '../saved-options.js';
import type { Searchable } from '../../../search/searchables.js';
import { callText, idList } from '../calls/calls.js';
import { NO_FILTER } from '../calls/queries.js';
import { alleleMatrix, positionRange, type MatrixRequest } from './matrix.js';

const QUERY_PARAMS = [
  'dimensionVariantPage', 'dimensionVariantPageSize', 'dimensionCallSetPage', 'dimensionCallSetPageSize', 'preview',
  'dataMatrixNames', 'dataMatrixAbbreviations', 'positionRange', 'germplasmDbId', 'germplasmName', 'germplasmPUI',
  'callSetDbId', 'variantDbId', 'variantSetDbId', 'expandHomozygotes', 'unknownString', 'sepPhased', 'sepUnphased',
];
const BODY_MEMBERS = [
  'callSetDbIds', 'dataMatrixAbbreviations', 'dataMatrixNames', 'expandHomozygotes', 'germplasmDbIds', 'germplasmNames',
  'germplasmPUIs', 'pagination', 'positionRanges', 'preview', 'sampleDbIds', 'sepPhased', 'sepUnphased', 'unknownString',
  'variantDbIds', 'variantSetDbIds',
];

const last = (v: unknown) => (Array.isArray(v) ? v[v.length - 1] : v);
/** Query values: repeated parameters and comma-separated lists alike. */
const commaList = (v: unknown, name: string) => idList(v, name)?.flatMap((s) => s.split(',')).map((s) => s.trim()).filter(Boolean) ?? null;

function whole(value: unknown, name: string, fallback: number): number {
  if (value === undefined || value === null) return fallback;
  const n = typeof value === 'string' && /^\d+$/.test(value) ? Number(value) : value;
  if (!Number.isSafeInteger(n) || (n as number) < 0) throw new BadRequestError(`${name} must be a non-negative integer; got ${JSON.stringify(value)}.`);
  return n as number;
}

function flag(value: unknown, name: string): boolean {
  const v = last(value);
  if (v === undefined || v === null || v === false || v === 'false') return false;
  if (v === true || v === 'true') return true;
  throw new BadRequestError(`${name} must be true or false.`);
}

function fromQuery(q: Record<string, unknown>, maxPageSize: number): MatrixRequest {
  const size = (name: string) => {
    const n = whole(last(q[name]), name, DEFAULT_PAGE_SIZE);
    checkPageSize(n, maxPageSize);
    return n;
  };
  const ranges = commaList(q.positionRange, 'positionRange');
  return {
    filter: { ...NO_FILTER, callSetDbIds: commaList(q.callSetDbId, 'callSetDbId'), variantDbIds: commaList(q.variantDbId, 'variantDbId'), variantSetDbIds: commaList(q.variantSetDbId, 'variantSetDbId'), ranges: ranges && ranges.map((r) => positionRange(r, 'positionRange')) },
    germplasm: { germplasmDbIds: commaList(q.germplasmDbId, 'germplasmDbId'), germplasmNames: commaList(q.germplasmName, 'germplasmName'), germplasmPUIs: commaList(q.germplasmPUI, 'germplasmPUI'), sampleDbIds: null },
    variants: { page: whole(last(q.dimensionVariantPage), 'dimensionVariantPage', 0), pageSize: size('dimensionVariantPageSize') },
    callSets: { page: whole(last(q.dimensionCallSetPage), 'dimensionCallSetPage', 0), pageSize: size('dimensionCallSetPageSize') },
    preview: flag(q.preview, 'preview'),
    matrices: [...(commaList(q.dataMatrixAbbreviations, 'dataMatrixAbbreviations') ?? []), ...(commaList(q.dataMatrixNames, 'dataMatrixNames') ?? [])],
    text: callText(q),
  };
}

function fromBody(b: Record<string, unknown>, maxPageSize: number): MatrixRequest {
  const list = (name: string) => idList(b[name], name);
  const pages = { VARIANTS: { page: 0, pageSize: DEFAULT_PAGE_SIZE }, CALLSETS: { page: 0, pageSize: DEFAULT_PAGE_SIZE } };
  if (b.pagination !== undefined && b.pagination !== null) {
    if (!Array.isArray(b.pagination)) throw new BadRequestError('pagination must be a list of {dimension, page, pageSize}.');
    b.pagination.forEach((p: Record<string, unknown>, i: number) => {
      const dim = p?.dimension;
      if (dim !== 'VARIANTS' && dim !== 'CALLSETS') throw new BadRequestError(`pagination[${i}].dimension must be VARIANTS or CALLSETS.`);
      const pageSize = whole(p.pageSize, `pagination[${i}].pageSize`, DEFAULT_PAGE_SIZE);
      checkPageSize(pageSize, maxPageSize);
      pages[dim] = { page: whole(p.page, `pagination[${i}].page`, 0), pageSize };
    });
  }
  const ranges = list('positionRanges');
  const names = [...(list('dataMatrixAbbreviations') ?? []), ...(list('dataMatrixNames') ?? [])];
  return {
    filter: { ...NO_FILTER, callSetDbIds: list('callSetDbIds'), variantDbIds: list('variantDbIds'), variantSetDbIds: list('variantSetDbIds'), ranges: ranges && ranges.map((r) => positionRange(r, 'positionRanges')) },
    germplasm: { germplasmDbIds: list('germplasmDbIds'), germplasmNames: list('germplasmNames'), germplasmPUIs: list('germplasmPUIs'), sampleDbIds: list('sampleDbIds') },
    variants: pages.VARIANTS,
    callSets: pages.CALLSETS,
    preview: flag(b.preview, 'preview'),
    matrices: names.length ? names : null,
    text: callText(b),
  };
}

async function answer(ctx: BrapiContext, req: MatrixRequest) {
  if (req.matrices && !req.matrices.length) req.matrices = null;
  const matrix = await alleleMatrix(ctx.services.graph, req);
  if (!matrix.variantDbIds.length) addStatus(ctx, 'INFO', 'No variants match these filters (or this page is past the last).');
  respondOne(ctx, matrix);
}

const SEARCH_PATH = '/search/allelematrix';
const searchable = { path: 'allelematrix' } as Searchable;

export const routes: RouteDef[] = [
  read.get('/allelematrix', async (ctx) => {
    const q = filterInput(ctx);
    reportIgnored(ctx, Object.keys(q).filter((k) => !QUERY_PARAMS.includes(k)));
    await answer(ctx, fromQuery(q, ctx.services.config.maxPageSize));
  }),
  read.post(SEARCH_PATH, async (ctx) => {
    const body = ctx.request.body;
    if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new BadRequestError('The body must be a search request object.');
    validateBody('post', SEARCH_PATH, body);
    const b = body as Record<string, unknown>;
    for (const member of Object.keys(b).filter((k) => !BODY_MEMBERS.includes(k))) addStatus(ctx, 'WARNING', `Search member "${member}" is not supported by this search and was ignored.`);
    const req = fromBody(b, ctx.services.config.maxPageSize);
    if (ctx.services.config.search.style === 'immediate') return answer(ctx, req);
    const options = Object.fromEntries(Object.entries(b).filter(([k]) => BODY_MEMBERS.includes(k)));
    await saveSearchOptions(ctx, searchable, options);
  }),
  read.get(`${SEARCH_PATH}/:searchResultsDbId`, async (ctx) => {
    reportIgnored(ctx, Object.keys(filterInput(ctx)));
    const options = await savedSearchOptions(ctx, searchable);
    if (options) await answer(ctx, fromBody(options, ctx.services.config.maxPageSize));
  }),
];
