// Extension (not in BrAPI, not listed by /serverinfo): merge a duplicate germplasm into the one that survives.
// POST /extensions/germplasm/{germplasmDbId}/merge { "duplicateDbId": "..." } (write role); merge.ts does the work in
// one transaction and records it in the pedigree history. Answers the survivor's record and what moved.
import { BadRequestError } from '../../../errors.js';
import { getEntity } from '../../../entities/queries.js';
import { addStatus, respondOne } from '../../../http/envelope.js';
import { filterInput, reportIgnored } from '../../../http/query.js';
import { write, type RouteDef } from '../../../http/routes.js';
import { germplasmEntity } from '../../germplasm/germplasm/germplasm.entity.js';
import { entities } from '../../entities.js';
import { mergeGermplasm } from './merge.js';

export const GERMPLASM_MERGE_PATH = '/extensions/germplasm/:germplasmDbId/merge';

/** The duplicate's DbId from the body (400 naming the problem). */
export function duplicateOf(body: unknown): string {
  const usage = 'The body must be { "duplicateDbId": "<germplasmDbId of the duplicate to merge into this one>" }';
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new BadRequestError(`${usage}.`);
  const { duplicateDbId } = body as Record<string, unknown>;
  if (typeof duplicateDbId !== 'string' || duplicateDbId === '') throw new BadRequestError(`${usage}: duplicateDbId must be a non-empty string.`);
  return duplicateDbId;
}

export const routes: RouteDef[] = [
  write.post(GERMPLASM_MERGE_PATH, async (ctx) => {
    reportIgnored(ctx, Object.keys(filterInput(ctx)));
    const duplicate = duplicateOf(ctx.request.body);
    for (const member of Object.keys(ctx.request.body as object).filter((k) => k !== 'duplicateDbId')) {
      addStatus(ctx, 'WARNING', `Member "${member}" is not used by this call and was ignored.`);
    }
    const result = await mergeGermplasm(ctx.services.graph, entities, ctx.params.germplasmDbId, duplicate, ctx.state.actor);
    addStatus(ctx, 'INFO', `${result.duplicateDbId} was merged into ${result.survivorDbId} and deleted, recorded as pedigree change ${result.changeId}. A merge cannot be undone.`);
    respondOne(ctx, { ...result, germplasm: await getEntity(ctx.services.graph, germplasmEntity, result.survivorDbId) });
  }),
];
