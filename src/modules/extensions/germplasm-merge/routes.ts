// Extension (not in BrAPI, not listed by /serverinfo): merge a duplicate germplasm into the one that survives.
// POST /extensions/germplasm/{germplasmDbId}/merge { "duplicateDbId": "..." } (write role); merge.ts does the work in
// one transaction and records it in the pedigree history. Answers the survivor's record and what moved.
import { getEntity } from '../../../entities/queries.js';
import { addStatus, respondOne } from '../../../http/envelope.js';
import { write, type RouteDef } from '../../../http/routes.js';
import { germplasmEntity } from '../../germplasm/germplasm/germplasm.entity.js';
import { entities } from '../../entities.js';
import { mergeGermplasm } from './merge.js';
import { germplasmMergeOperation } from './openapi.js';

export const routes: RouteDef[] = [
  // The body { duplicateDbId } is checked from the declaration (openapi.ts); that it names another, existing germplasm, by merge.ts.
  write.operation(germplasmMergeOperation, async (ctx, { body }) => {
    const duplicate = body.duplicateDbId as string;
    const result = await mergeGermplasm(ctx.services.graph, entities, ctx.params.germplasmDbId, duplicate, ctx.state.actor);
    addStatus(ctx, 'INFO', `${result.duplicateDbId} was merged into ${result.survivorDbId} and deleted, recorded as pedigree change ${result.changeId}. A merge cannot be undone.`);
    respondOne(ctx, { ...result, germplasm: await getEntity(ctx.services.graph, germplasmEntity, result.survivorDbId) });
  }),
];
