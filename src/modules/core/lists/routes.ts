// POST /lists/{listDbId}/data: appends items to a list.
import { assertCanModify } from '../../../auth/ownership.js';
import { NotFoundError } from '../../../errors.js';
import { getEntity } from '../../../entities/queries.js';
import { cypher } from '../../../graph/cypher-files.js';
import { respondOne } from '../../../http/envelope.js';
import { write, type RouteDef } from '../../../http/routes.js';
import { validateBody } from '../../../http/validate.js';
import { listEntity } from './lists.entity.js';

export const routes: RouteDef[] = [
  write.post('/lists/:listDbId/data', async (ctx) => {
    const id = ctx.params.listDbId;
    // The spec's body is an array of strings (the DbIds to add); the validator names a wrong member.
    const items = ctx.request.body as string[];
    validateBody('post', '/lists/{listDbId}/data', items);
    const rows = await ctx.services.graph.transaction(async (tx) => {
      await assertCanModify(tx, ctx.state.actor, listEntity.label, listEntity.idField, [id]);
      return tx.run(cypher('core/lists/append-data'), { listDbId: id, items, now: new Date().toISOString() });
    });
    if (!rows.length) throw new NotFoundError(`No List has listDbId "${id}".`);
    respondOne(ctx, await getEntity(ctx.services.graph, listEntity, id));
  }),
];
