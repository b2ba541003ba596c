// The BrAPI response envelope: { @context, metadata: { datafiles, pagination, status }, result }.
import type { BrapiContext } from './types.js';

const CONTEXT = ['https://brapi.org/jsonld/context/metadata.jsonld'];

function metadata(ctx: BrapiContext, pagination: Record<string, number>) {
  return { datafiles: [], pagination, status: ctx.state.status };
}

/** A paged list: result.data, with totalCount and totalPages computed from the requested page size. */
export function respondList(ctx: BrapiContext, total: number, data: unknown[]) {
  const { page, pageSize } = ctx.state.paging;
  ctx.body = {
    '@context': CONTEXT,
    metadata: metadata(ctx, { currentPage: page, pageSize, totalCount: total, totalPages: Math.ceil(total / pageSize) }),
    result: { data },
  };
}

/** A single object as result; pagination is all zeros as the spec allows. */
export function respondOne(ctx: BrapiContext, result: unknown) {
  ctx.body = {
    '@context': CONTEXT,
    metadata: metadata(ctx, { currentPage: 0, pageSize: 0, totalCount: 0, totalPages: 0 }),
    result,
  };
}

export function addStatus(ctx: BrapiContext, messageType: 'INFO' | 'WARNING' | 'ERROR', message: string) {
  ctx.state.status.push({ messageType, message });
}
