// Paging rules the domain uses (query modules, search, value lists) as much as the middleware that reads `page`
// and `pageSize` from the query string (src/http/middleware/pagination.ts): the default and bounds of a page size,
// and a page's slice bounds for Cypher.
import { BadRequestError } from '../errors.js';

export const DEFAULT_PAGE_SIZE = 1000;

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
