// GET /references/{referenceDbId}/bases: a range of the reference's stored sequence, token-paged (bases.ts).
// GET /references and /references/{referenceDbId} are the generic calls of references.entity.ts.
import { addStatus, respondOne } from '../../../http/envelope.js';
import { filterInput, reportIgnored } from '../../../http/query.js';
import { read, type RouteDef } from '../../../http/routes.js';
import { BASES_PAGE, position, readBases } from './bases.js';

export const routes: RouteDef[] = [
  read.get('/references/:referenceDbId/bases', async (ctx) => {
    const input = filterInput(ctx);
    reportIgnored(ctx, Object.keys(input).filter((k) => k !== 'start' && k !== 'end'));
    if (ctx.query.pageSize !== undefined) addStatus(ctx, 'WARNING', `Query parameter "pageSize" is not supported by this call and was ignored: a page holds at most ${BASES_PAGE} bases.`);
    const start = position(input.start, 'start');
    const end = position(input.end, 'end');
    const page = await readBases(ctx.services.graph, ctx.params.referenceDbId, start, end, ctx.state.paging.page);
    respondOne(ctx, { offset: page.offset, sequence: page.sequence, nextPageToken: page.nextPageToken }, {
      currentPage: page.page,
      pageSize: BASES_PAGE,
      totalCount: page.total,
      totalPages: page.pages,
      currentPageToken: String(page.page),
      nextPageToken: page.nextPageToken,
      prevPageToken: page.page > 0 ? String(page.page - 1) : null,
    });
  }),
];
