// The BrAPI response envelope: { @context, metadata: { datafiles, pagination, status }, result }.
import type { BrapiContext } from './types.js';

const CONTEXT = ['https://brapi.org/jsonld/context/metadata.jsonld'];

function metadata(ctx: BrapiContext, pagination: Record<string, number>) {
  return { datafiles: [], pagination, status: ctx.state.status };
}

/**
 * A paged list: result.data, with totalCount and totalPages computed from the requested page size. With `tokens`
 * (the token-paged calls of Genotyping: variants, calls) the pagination also carries the spec's deprecated page
 * tokens; a token is the page number as text (the pagination middleware reads `pageToken` as `page`).
 */
export function respondList(ctx: BrapiContext, total: number, data: unknown[], tokens = false) {
  const { page, pageSize } = ctx.state.paging;
  const totalPages = Math.ceil(total / pageSize);
  const pagination: Record<string, number | string | null> = { currentPage: page, pageSize, totalCount: total, totalPages };
  if (tokens) {
    pagination.currentPageToken = String(page);
    pagination.nextPageToken = page + 1 < totalPages ? String(page + 1) : null;
    pagination.prevPageToken = page > 0 ? String(page - 1) : null;
  }
  ctx.body = {
    '@context': CONTEXT,
    metadata: metadata(ctx, pagination as Record<string, number>),
    result: { data },
  };
}

/**
 * A single object as result; pagination is all zeros as the spec allows, unless the object is itself one page of
 * something (a reference's bases) and says so.
 */
export function respondOne(ctx: BrapiContext, result: unknown, pagination: Record<string, number | string | null> = { currentPage: 0, pageSize: 0, totalCount: 0, totalPages: 0 }) {
  ctx.body = {
    '@context': CONTEXT,
    metadata: metadata(ctx, pagination as Record<string, number>),
    result,
  };
}

export function addStatus(ctx: BrapiContext, messageType: 'INFO' | 'WARNING' | 'ERROR', message: string) {
  ctx.state.status.push({ messageType, message });
}
