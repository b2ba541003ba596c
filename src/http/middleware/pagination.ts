import type { Middleware } from 'koa';
import { BadRequestError } from '../../errors.js';
import { checkPageSize, DEFAULT_PAGE_SIZE } from '../../entities/paging.js';
import type { BrapiContextExtras, BrapiState } from '../types.js';

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

function parse(raw: string | string[] | undefined, name: string, fallback: number): number {
  if (raw === undefined) return fallback;
  const value = Array.isArray(raw) ? raw[raw.length - 1] : raw;
  if (!/^\d+$/.test(value) || !Number.isSafeInteger(Number(value))) {
    throw new BadRequestError(`${name} must be a non-negative integer; got "${value}".`);
  }
  return Number(value);
}
