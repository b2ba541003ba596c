// Extension (not in BrAPI, not listed by /serverinfo): germplasm suggested for a few typed characters, from a
// full-text index on names, synonyms, accession numbers and DbIds, best matches first (see the .cypher file). The
// viewer asks it on every keystroke instead of reading every germplasm first.
import { respondList } from '../../../http/envelope.js';
import { read, type RouteDef } from '../../../http/routes.js';
import { DEFAULT_SUGGESTIONS, germplasmSuggestionOperation } from './openapi.js';
import { suggestGermplasm } from './query.js';

export const routes: RouteDef[] = [
  // text (required, 1 to 200 characters, not only spaces), commonCropName and pageSize (at most 100): /docs' declaration.
  read.operation(germplasmSuggestionOperation, async (ctx, { query }) => {
    // A few dozen per keystroke unless the client asks for another page size.
    if (ctx.query.pageSize === undefined) ctx.state.paging.pageSize = DEFAULT_SUGGESTIONS;
    const { page, pageSize } = ctx.state.paging;
    const found = await suggestGermplasm(ctx.services.graph, query.text as string, (query.commonCropName as string | undefined) ?? null, page, pageSize);
    respondList(ctx, found.total, found.page);
  }),
];
