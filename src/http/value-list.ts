// Calls that list plain values in use (crop names, study types, attribute categories): one Cypher file each, which
// takes $skip / $end and returns {total, page}. No filters: any query parameter is reported as ignored.
import { cypher } from '../graph/cypher-files.js';
import { respondList } from './envelope.js';
import { filterInput, reportIgnored } from './query.js';
import { read, type RouteDef } from './routes.js';
import { pageBounds } from '../entities/paging.js';

export function valueListRoute(path: string, cypherFile: string): RouteDef {
  return read.get(path, async (ctx) => {
    reportIgnored(ctx, Object.keys(filterInput(ctx)));
    const { page, pageSize } = ctx.state.paging;
    const [row] = await ctx.services.graph.read<{ total: number; page: string[] }>(cypher(cypherFile), pageBounds(page, pageSize));
    respondList(ctx, row?.total ?? 0, row?.page ?? []);
  });
}
