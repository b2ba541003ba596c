// Extension (not in BrAPI, not listed by /serverinfo): germplasm suggested for a few typed characters, from a
// full-text index on names, synonyms, accession numbers and DbIds, best matches first (see the .cypher file). The
// viewer asks it on every keystroke instead of reading every germplasm first.
import { BadRequestError } from '../../../errors.js';
import { respondList } from '../../../http/envelope.js';
import { filterInput, reportIgnored } from '../../../http/query.js';
import { read, type RouteDef } from '../../../http/routes.js';
import { suggestGermplasm } from './query.js';

export const GERMPLASM_SUGGESTIONS_PATH = '/extensions/germplasm-suggestions';
export const DEFAULT_SUGGESTIONS = 30;
export const MAX_SUGGESTIONS = 100;
export const MAX_TEXT_LENGTH = 200;

function single(ctx: { query: Record<string, string | string[] | undefined> }, name: string): string | undefined {
  const value = ctx.query[name];
  if (Array.isArray(value)) throw new BadRequestError(`${name} takes a single value.`);
  return value;
}

export const routes: RouteDef[] = [
  read.get(GERMPLASM_SUGGESTIONS_PATH, async (ctx) => {
    const { text: _text, commonCropName: _crop, ...others } = filterInput(ctx);
    reportIgnored(ctx, Object.keys(others));
    const text = single(ctx, 'text');
    if (text === undefined || !text.trim()) throw new BadRequestError('text is required: the characters typed so far.');
    if (text.length > MAX_TEXT_LENGTH) throw new BadRequestError(`text must be at most ${MAX_TEXT_LENGTH} characters.`);
    const crop = single(ctx, 'commonCropName') ?? null;
    // A few dozen per keystroke unless the client asks for another page size.
    if (ctx.query.pageSize === undefined) ctx.state.paging.pageSize = DEFAULT_SUGGESTIONS;
    const { page, pageSize } = ctx.state.paging;
    if (pageSize > MAX_SUGGESTIONS) throw new BadRequestError(`pageSize must be at most ${MAX_SUGGESTIONS} here.`);
    const found = await suggestGermplasm(ctx.services.graph, text, crop, page, pageSize);
    respondList(ctx, found.total, found.page);
  }),
];
