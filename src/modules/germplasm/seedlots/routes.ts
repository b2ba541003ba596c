// GET /seedlots/{seedLotDbId}/transactions: the transactions of one seed lot, in, out or both. (POST
// /seedlots/transactions is the generic create; the transaction entity's afterCreate moves the seed.)
import { bothFilters, compileWhere } from '../../../entities/filters.js';
import { listEntities, unknownIds } from '../../../entities/queries.js';
import type { FilterSpec } from '../../../entities/types.js';
import { BadRequestError, NotFoundError } from '../../../errors.js';
import { addStatus, respondList } from '../../../http/envelope.js';
import { filterInput, reportIgnored } from '../../../http/query.js';
import { read, type RouteDef } from '../../../http/routes.js';
import { seedLotEntity as lots } from './seedlots.entity.js';
import { seedLotTransactionEntity as transactions } from './transactions.entity.js';

/** transactionDirection (spec default BOTH) -> the transactions' relationship to the seed lot. */
const DIRECTIONS: Record<string, string> = { TO: '-[:TO_LOT]->', FROM: '-[:FROM_LOT]->', BOTH: '-[:FROM_LOT|TO_LOT]->' };

export const routes: RouteDef[] = [
  read.get(`/${lots.path}/:${lots.idField}/transactions`, async (ctx) => {
    const graph = ctx.services.graph;
    const id = ctx.params[lots.idField];
    const { transactionDirection = 'BOTH', ...input } = filterInput(ctx);
    if (typeof transactionDirection !== 'string' || !Object.hasOwn(DIRECTIONS, transactionDirection)) {
      throw new BadRequestError(`transactionDirection must be one of TO, FROM, BOTH; got ${JSON.stringify(transactionDirection)}.`);
    }
    if ((await unknownIds(graph, lots.label, lots.idField, [id])).length) {
      throw new NotFoundError(`No ${lots.label} has ${lots.idField} "${id}".`);
    }
    // The call's own filter (transactionDbId) as GET /seedlots/transactions has it, AND the lot in that direction.
    const own = compileWhere({ filters: { transactionDbId: transactions.filters.transactionDbId } }, input);
    reportIgnored(ctx, own.ignored);
    const lot: FilterSpec = { kind: 'related', path: DIRECTIONS[transactionDirection], label: lots.label, prop: lots.idField };
    const ofLot = compileWhere({ filters: { lot } }, { lot: id }, 'lot');
    const filter = bothFilters(own, ofLot);
    const { total, data } = await listEntities(graph, transactions, filter, ctx.state.paging);
    if (total === 0) addStatus(ctx, 'INFO', `No ${transactions.label} of seed lot "${id}" matches these filters.`);
    respondList(ctx, total, data);
  }),
];
