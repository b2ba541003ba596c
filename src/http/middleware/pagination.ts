import type { Middleware } from 'koa';
import { BadRequestError } from '../../errors.js';
import type { BrapiContextExtras, BrapiState } from '../types.js';

export const DEFAULT_PAGE_SIZE = 1000;

/** Parses `page` (0-based, default 0) and `pageSize` (default 1000, at most the configured maximum). */
export function pagination(): Middleware<BrapiState, BrapiContextExtras> {
  return async function pagination(ctx, next) {
    const max = ctx.services.config.maxPageSize;
    // pageToken (deprecated, token-paged calls of Genotyping): our tokens are page numbers (modules/genotyping/paging.ts).
    // A token is checked even beside a page (which wins): a malformed one is a bad request either way.
    const token = ctx.query.pageToken === undefined ? undefined : parse(ctx.query.pageToken, 'pageToken', 0);
    const page = ctx.query.page === undefined && token !== undefined ? token : parse(ctx.query.page, 'page', 0);
    const pageSize = parse(ctx.query.pageSize, 'pageSize', Math.min(DEFAULT_PAGE_SIZE, max));
    checkPageSize(pageSize, max);
    ctx.state.paging = { page, pageSize };
    await next();
  };
}

/** The page-size bounds, for query strings and search bodies alike. */
export function checkPageSize(pageSize: number, max: number): void {
  if (pageSize < 1) throw new BadRequestError('pageSize must be at least 1.');
  if (pageSize > max) throw new BadRequestError(`pageSize must be at most ${max} (this server's limit, BRAPI_MAX_PAGE_SIZE); got ${pageSize}.`);
}

/** Cypher list indexes are 32-bit: past that, a slice fails rather than coming back empty. */
const LAST_LIST_INDEX = 2 ** 31 - 1;

/**
 * The slice bounds `[skip..end]` of a page, for Cypher. A page beyond any list Neo4j can hold is clamped to the
 * largest index, so it answers an empty page instead of failing in the database.
 */
export function pageBounds(page: number, pageSize: number): { skip: number; end: number } {
  const skip = Math.min(page * pageSize, LAST_LIST_INDEX);
  return { skip, end: Math.min(skip + pageSize, LAST_LIST_INDEX) };
}

function parse(raw: string | string[] | undefined, name: string, fallback: number): number {
  if (raw === undefined) return fallback;
  const value = Array.isArray(raw) ? raw[raw.length - 1] : raw;
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value))) {
    throw new BadRequestError(`${name} must be a non-negative integer; got "${value}".`);
  }
  return Number(value);
}
