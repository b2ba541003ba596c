// GET /variantsets/{variantSetDbId}/callsets and /variants: the call set and variant lists, narrowed to one set.
// POST /variantsets/extract: a new variant set from a selection of calls (extract.ts).
import { BadRequestError, NotFoundError } from '../../../errors.js';
import { respondList, respondOne } from '../../../http/envelope.js';
import { filterInput, reportIgnored } from '../../../http/query.js';
import { read, write, type RouteDef } from '../../../http/routes.js';
import { validateBody } from '../../../http/validate.js';
import { readsOnPrimary } from '../../../graph/consistency.js';
import type { BrapiContext } from '../../../http/types.js';
import { compileWhere } from '../../../entities/filters.js';
import { getEntity, listEntities, unknownIds } from '../../../entities/queries.js';
import type { EntityDef } from '../../../entities/types.js';
import { callSetEntity } from '../callsets/callsets.entity.js';
import { respondTokenList } from '../paging.js';
import { variantEntity } from '../variants/variants.entity.js';
import { extractRequest, extractVariantSet } from './extract.js';
import { variantSetEntity } from './variantsets.entity.js';

function listInSet(entity: EntityDef, accepted: string[], tokens: boolean): RouteDef {
  return read.get(`/variantsets/:variantSetDbId/${entity.path}`, async (ctx: BrapiContext) => {
    const id = ctx.params.variantSetDbId;
    if ((await unknownIds(ctx.services.graph, 'VariantSet', 'variantSetDbId', [id])).length) throw new NotFoundError(`No VariantSet has variantSetDbId "${id}".`);
    const input = filterInput(ctx);
    reportIgnored(ctx, Object.keys(input).filter((k) => !accepted.includes(k)));
    const filters = Object.fromEntries(Object.entries(input).filter(([k]) => accepted.includes(k) && k !== 'variantSetDbId'));
    const { total, data } = await listEntities(ctx.services.graph, entity, compileWhere(entity, { ...filters, variantSetDbId: id }), ctx.state.paging);
    (tokens ? respondTokenList : respondList)(ctx, total, data);
  });
}

export const routes: RouteDef[] = [
  listInSet(callSetEntity, ['callSetDbId', 'callSetName', 'variantSetDbId'], false),
  listInSet(variantEntity, ['variantDbId', 'variantSetDbId'], true),
  write.post('/variantsets/extract', async (ctx) => {
    const body = ctx.request.body;
    if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new BadRequestError('The body must be a VariantSetsExtractRequest object.');
    validateBody('post', '/variantsets/extract', body);
    const id = await extractVariantSet(ctx.services.graph, extractRequest(body as Record<string, unknown>), ctx.state.actor);
    // Read back from the primary, which has the write (graph/consistency.ts).
    respondOne(ctx, await getEntity(readsOnPrimary(ctx.services.graph), variantSetEntity, id));
  }),
];
