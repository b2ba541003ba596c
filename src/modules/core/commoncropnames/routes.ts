import { cypher } from '../../../graph/cypher-files.js';
import { respondList } from '../../../http/envelope.js';
import { filterInput, reportIgnored } from '../../../http/query.js';
import type { BrapiRouter } from '../../../http/types.js';

export function registerCommonCropNames(router: BrapiRouter) {
  router.get('/commoncropnames', async (ctx) => {
    reportIgnored(ctx, Object.keys(filterInput(ctx)));
    const { page, pageSize } = ctx.state.paging;
    const skip = page * pageSize;
    const [row] = await ctx.services.graph.read<{ total: number; page: string[] }>(cypher('core/commoncropnames'), {
      skip,
      end: skip + pageSize,
    });
    respondList(ctx, row?.total ?? 0, row?.page ?? []);
  });
}
