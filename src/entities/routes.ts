// The generic routes: list, get, create, update and bulk update, for every entity that declares them. Handlers are thin: parse, validate, call a query or command, present.
import { BadRequestError, NotFoundError } from '../errors.js';
import { addStatus, respondList, respondOne } from '../http/envelope.js';
import { filterInput, reportIgnored } from '../http/query.js';
import { read, write, type RouteDef } from '../http/routes.js';
import type { BrapiContext } from '../http/types.js';
import { validateBody } from '../http/validate.js';
import { createEntities } from './commands/createEntities.js';
import { updateEntities } from './commands/updateEntity.js';
import type { ListOrder } from './cypher.js';
import { compileWhere, type FilterInput } from './filters.js';
import { getEntity, listEntities, unknownIds } from './queries.js';
import { refuseOtherDbId, refuseUnknownFields } from './unknown-fields.js';
import type { EntityDef } from './types.js';
import { applyViews, takeViews } from './views.js';

/** The generic calls an entity declares in `operations`. */
export function entityRoutes(entity: EntityDef): RouteDef[] {
  const collection = `/${entity.path}`;
  const item = `/${entity.path}/:${entity.idField}`;
  const specItem = `/${entity.path}/{${entity.idField}}`;
  const ops = new Set(entity.operations);
  const routes: RouteDef[] = [];

  if (ops.has('list')) {
    routes.push(read.get(collection, async (ctx) => {
      const { filters, order, views } = listParams(entity, filterInput(ctx));
      const filter = compileWhere(entity, filters);
      reportIgnored(ctx, filter.ignored, entity.unapplied);
      const { total, data } = await listEntities(ctx.services.graph, entity, filter, { ...ctx.state.paging, order });
      await applyViews(ctx.services.graph, entity, data, views);
      if (total === 0 && Object.keys(filter.params).length) await explainEmpty(ctx, entity, filters);
      respondList(ctx, total, data, entity.tokenPaging);
    }));
  }
  if (ops.has('get')) {
    routes.push(read.get(item, async (ctx) => {
      reportIgnored(ctx, Object.keys(filterInput(ctx)));
      const id = ctx.params[entity.idField];
      const record = await getEntity(ctx.services.graph, entity, id);
      if (!record) throw new NotFoundError(`No ${entity.label} has ${entity.idField} "${id}".`);
      respondOne(ctx, record);
    }));
  }
  if (ops.has('create')) {
    routes.push(write.post(collection, async (ctx) => {
      const body = normalized(entity, ctx.request.body);
      if (!Array.isArray(body)) throw new BadRequestError(`The body must be an array of ${entity.label} records.`);
      body.forEach((record, i) => {
        refuseUnknownFields(entity, record, `body[${i}]`);
        refuseOtherDbId(entity, record, `body[${i}]`);
      });
      validateBody('post', collection, body);
      const created = await createEntities(ctx.services.graph, { entity, records: body, actor: ctx.state.actor });
      ctx.state.paging = { page: 0, pageSize: Math.max(created.length, 1) };
      respondList(ctx, created.length, created);
    }));
  }
  if (ops.has('update')) {
    routes.push(write.put(item, async (ctx) => {
      const id = ctx.params[entity.idField];
      const body = normalized(entity, ctx.request.body);
      refuseUnknownFields(entity, body, 'body');
      refuseOtherDbId(entity, body, 'body', id);
      validateBody('put', specItem, body);
      const [updated] = await updateEntities(ctx.services.graph, { entity, records: { [id]: body }, single: true, actor: ctx.state.actor });
      respondOne(ctx, updated);
    }));
  }
  if (ops.has('bulkUpdate')) {
    // PUT /<path> with { "<DbId>": {fields...}, ... } (the spec's bulk form for crosses and planned crosses).
    routes.push(write.put(collection, async (ctx) => {
      const body = ctx.request.body;
      if (body === null || typeof body !== 'object' || Array.isArray(body)) {
        throw new BadRequestError(`The body must be an object keyed by ${entity.idField}.`);
      }
      const records = Object.fromEntries(Object.entries(body).map(([id, r]) => [id, normalized(entity, r)]));
      for (const [id, record] of Object.entries(records)) {
        refuseUnknownFields(entity, record, `body[${JSON.stringify(id)}]`);
        refuseOtherDbId(entity, record, `body[${JSON.stringify(id)}]`, id);
      }
      validateBody('put', collection, records);
      if (!Object.keys(records).length) {
        // An empty map changes nothing and answers the first page, as an empty pedigree edit does (BRAVA sends `{}`
        // and its schemas for samples, units and observations want at least one record back).
        const { total, data } = await listEntities(ctx.services.graph, entity, compileWhere(entity, {}), ctx.state.paging);
        return respondList(ctx, total, data);
      }
      const updated = await updateEntities(ctx.services.graph, { entity, records, actor: ctx.state.actor });
      ctx.state.paging = { page: 0, pageSize: Math.max(updated.length, 1) };
      respondList(ctx, updated.length, updated);
    }));
  }
  return routes;
}

/** The entity's normalize hook applied to a record, or to each record of an array. */
function normalized(entity: EntityDef, body: unknown): unknown {
  const one = (r: unknown) =>
    entity.normalize && r !== null && typeof r === 'object' && !Array.isArray(r) ? entity.normalize(r as Record<string, unknown>) : r;
  return Array.isArray(body) ? body.map(one) : one(body);
}

/** Splits a list call's query into filters, sort order (sortBy / sortOrder) and fields left out by views. */
function listParams(entity: EntityDef, input: FilterInput) {
  const filters: FilterInput = { ...input };
  let order: ListOrder | undefined;
  if (entity.sortable) {
    const { sortBy, sortOrder } = filters;
    delete filters.sortBy;
    delete filters.sortOrder;
    if (sortBy !== undefined) {
      if (typeof sortBy !== 'string' || !Object.hasOwn(entity.sortable, sortBy)) {
        throw new BadRequestError(`sortBy must be one of ${Object.keys(entity.sortable).join(', ')}; got ${JSON.stringify(sortBy)}.`);
      }
      order = { expr: entity.sortable[sortBy] };
    }
    if (sortOrder !== undefined) {
      const dir = typeof sortOrder === 'string' ? sortOrder.toLowerCase() : '';
      if (dir !== 'asc' && dir !== 'desc') throw new BadRequestError(`sortOrder must be asc or desc; got ${JSON.stringify(sortOrder)}.`);
      order = { ...order, descending: dir === 'desc' };
    }
  }
  const views = takeViews(entity, filters);
  return { filters, order, views };
}

/** An empty answer says why: each DbId filter value that names nothing at all gets an INFO message. */
async function explainEmpty(ctx: BrapiContext, entity: EntityDef, filters: FilterInput) {
  let named = false;
  for (const [name, raw] of Object.entries(filters)) {
    const spec = Object.hasOwn(entity.filters, name) ? entity.filters[name] : undefined;
    const target = spec?.kind === 'related' ? { label: spec.label, prop: spec.prop }
      : spec?.kind === 'eq' && spec.prop === entity.idField ? { label: entity.label, prop: entity.idField }
      : undefined;
    if (!target || !target.prop.endsWith('DbId')) continue;
    const values = (Array.isArray(raw) ? raw : [raw]).filter((v): v is string => typeof v === 'string' && v !== '');
    for (const id of await unknownIds(ctx.services.graph, target.label, target.prop, values)) {
      addStatus(ctx, 'INFO', `No ${target.label} has ${target.prop} "${id}", so no ${entity.label} can match ${name}.`);
      named = true;
    }
  }
  if (!named) addStatus(ctx, 'INFO', `No ${entity.label} matches these filters.`);
}
