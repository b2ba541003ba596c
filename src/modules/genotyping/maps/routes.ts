// GET /maps, /maps/{mapDbId} and /maps/{mapDbId}/linkagegroups: the reference sets as physical maps (maps.ts).
// GET /markerpositions and its search are the generic calls of markerpositions.entity.ts.
import { NotFoundError } from '../../../errors.js';
import { compileWhere } from '../../../entities/filters.js';
import { unknownIds } from '../../../entities/queries.js';
import { respondList, respondOne } from '../../../http/envelope.js';
import { filterInput, reportIgnored } from '../../../http/query.js';
import { read, type RouteDef } from '../../../http/routes.js';
import { getMap, linkageGroups, listMaps, mapFilters, mapUnapplied } from './maps.js';

export const routes: RouteDef[] = [
  read.get('/maps', async (ctx) => {
    const filter = compileWhere({ filters: mapFilters }, filterInput(ctx));
    reportIgnored(ctx, filter.ignored, mapUnapplied);
    const { page, pageSize } = ctx.state.paging;
    const { total, data } = await listMaps(ctx.services.graph, filter, page, pageSize);
    respondList(ctx, total, data);
  }),
  read.get('/maps/:mapDbId', async (ctx) => {
    reportIgnored(ctx, Object.keys(filterInput(ctx)));
    const map = await getMap(ctx.services.graph, ctx.params.mapDbId);
    if (!map) throw new NotFoundError(`No genome map has mapDbId "${ctx.params.mapDbId}".`);
    respondOne(ctx, map);
  }),
  read.get('/maps/:mapDbId/linkagegroups', async (ctx) => {
    reportIgnored(ctx, Object.keys(filterInput(ctx)));
    const id = ctx.params.mapDbId;
    if ((await unknownIds(ctx.services.graph, 'ReferenceSet', 'referenceSetDbId', [id])).length) throw new NotFoundError(`No genome map has mapDbId "${id}".`);
    const { page, pageSize } = ctx.state.paging;
    const { total, data } = await linkageGroups(ctx.services.graph, id, page, pageSize);
    respondList(ctx, total, data);
  }),
];
