// The generic route table: list, get, create and update, registered for every entity that declares them.
// Handlers are thin: parse, call a query or command, present.
import { NotFoundError, BadRequestError } from '../errors.js';
import { respondList, respondOne, addStatus } from '../http/envelope.js';
import { filterInput, reportIgnored } from '../http/query.js';
import type { BrapiRouter } from '../http/types.js';
import { createEntities } from './commands/createEntities.js';
import { updateEntity } from './commands/updateEntity.js';
import { compileWhere } from './filters.js';
import { getEntity, listEntities } from './queries.js';
import type { EntityDef } from './types.js';

export function registerEntityRoutes(router: BrapiRouter, entity: EntityDef) {
  const collection = `/${entity.path}`;
  const item = `/${entity.path}/:${entity.idField}`;
  const ops = new Set(entity.operations);

  if (ops.has('list')) {
    router.get(collection, async (ctx) => {
      const filter = compileWhere(entity, filterInput(ctx));
      reportIgnored(ctx, filter.ignored);
      const { page, pageSize } = ctx.state.paging;
      const { total, data } = await listEntities(ctx.services.graph, entity, filter, page, pageSize);
      if (total === 0 && Object.keys(filter.params).length) addStatus(ctx, 'INFO', `No ${entity.label} matches these filters.`);
      respondList(ctx, total, data);
    });
  }
  if (ops.has('get')) {
    router.get(item, async (ctx) => {
      reportIgnored(ctx, Object.keys(filterInput(ctx)));
      const id = ctx.params[entity.idField];
      const record = await getEntity(ctx.services.graph, entity, id);
      if (!record) throw new NotFoundError(`No ${entity.label} has ${entity.idField} "${id}".`);
      respondOne(ctx, record);
    });
  }
  if (ops.has('create')) {
    router.post(collection, async (ctx) => {
      const body = ctx.request.body;
      if (!Array.isArray(body)) throw new BadRequestError(`The body must be an array of ${entity.label} records.`);
      const created = await createEntities(ctx.services.graph, { entity, records: body });
      ctx.state.paging = { page: 0, pageSize: Math.max(created.length, 1) };
      respondList(ctx, created.length, created);
    });
  }
  if (ops.has('update')) {
    router.put(item, async (ctx) => {
      const id = ctx.params[entity.idField];
      respondOne(ctx, await updateEntity(ctx.services.graph, { entity, id, record: ctx.request.body }));
    });
  }
}
