// Token pagination (the spec's deprecated pageToken, kept for v2.0 clients of variants and calls): see respondList.
import { respondList } from '../../http/envelope.js';
import type { BrapiContext } from '../../http/types.js';

/** A token-paged list, with `extra` members beside result.data (the calls' text options). */
export function respondTokenList(ctx: BrapiContext, total: number, data: unknown[], extra: Record<string, unknown> = {}) {
  respondList(ctx, total, data, true);
  Object.assign((ctx.body as { result: Record<string, unknown> }).result, extra);
}
