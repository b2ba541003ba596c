import { addStatus } from './envelope.js';
import type { BrapiContext } from './types.js';

const PAGING = new Set(['page', 'pageSize', 'pageToken']);

/** The query string minus the paging parameters: repeated parameters become lists (any of their values). */
export function filterInput(ctx: BrapiContext): Record<string, string | string[]> {
  return Object.fromEntries(Object.entries(ctx.query).filter(([k, v]) => !PAGING.has(k) && v !== undefined)) as Record<
    string,
    string | string[]
  >;
}

/**
 * Tells the client which parameters had no effect (BrAPI: ignore them, say so in metadata.status), with the reason
 * when the call knows why it cannot apply one.
 */
export function reportIgnored(ctx: BrapiContext, names: string[], reasons: Record<string, string> = {}) {
  for (const name of names) {
    const why = Object.hasOwn(reasons, name) ? `: ${reasons[name]}` : '';
    addStatus(ctx, 'WARNING', `Query parameter "${name}" is not supported by this call and was ignored${why}.`);
  }
}
