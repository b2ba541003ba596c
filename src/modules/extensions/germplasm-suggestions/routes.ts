// Extension (not in BrAPI, not listed by /serverinfo): germplasm suggested for a few typed characters, from a
// full-text index on names, synonyms, accession numbers and DbIds, best matches first (see the .cypher file). The
// viewer asks it on every keystroke instead of reading every germplasm first.
import { respondList } from '../../../http/envelope.js';
import { filterInput, reportIgnored } from '../../../http/query.js';
import { read, type RouteDef } from '../../../http/routes.js';
import { extensionQueryCheck } from '../../../openapi/extension-query.js';
import { DEFAULT_SUGGESTIONS, GERMPLASM_SUGGESTIONS_PATH, germplasmSuggestionOperation } from './openapi.js';
import { suggestGermplasm } from './query.js';

/** text (required, 1 to 200 characters, not only spaces), commonCropName and pageSize (at most 100), from /docs' declaration. */
const checkQuery = extensionQueryCheck(germplasmSuggestionOperation);

export const routes: RouteDef[] = [
  read.get(GERMPLASM_SUGGESTIONS_PATH, async (ctx) => {
    const { text: _text, commonCropName: _crop, ...others } = filterInput(ctx);
    reportIgnored(ctx, Object.keys(others));
    checkQuery(ctx.query);
    const text = ctx.query.text as string;
    const crop = (ctx.query.commonCropName as string | undefined) ?? null;
    // A few dozen per keystroke unless the client asks for another page size.
    if (ctx.query.pageSize === undefined) ctx.state.paging.pageSize = DEFAULT_SUGGESTIONS;
    const { page, pageSize } = ctx.state.paging;
    const found = await suggestGermplasm(ctx.services.graph, text, crop, page, pageSize);
    respondList(ctx, found.total, found.page);
  }),
];
