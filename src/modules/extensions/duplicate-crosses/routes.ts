// Extension (not in BrAPI, not listed by /serverinfo): before making a crossing block, the germplasm that already
// come from each female x male pair or its reciprocal. POST /extensions/duplicate-crosses
// { "crosses": [{ "femaleDbId": "...", "maleDbId": "..." }] } (a read); one Cypher statement for the whole block.
import { NotFoundError } from '../../../errors.js';
import { respondOne } from '../../../http/envelope.js';
import { read, type RouteDef } from '../../../http/routes.js';
import { duplicateCrossOperation } from './openapi.js';
import { findCrosses, type CrossPair } from './query.js';

const NAMED_IN_MESSAGES = 20;

export const routes: RouteDef[] = [
  // At least one pair, each of two non-empty DbIds: the declaration (openapi.ts) checks the body.
  read.operation(duplicateCrossOperation, async (ctx, { body }) => {
    const pairs = (body.crosses as CrossPair[]).map(({ femaleDbId, maleDbId }) => ({ femaleDbId, maleDbId }));
    const found = await findCrosses(ctx.services.graph, pairs);
    const unknown = [...new Set(pairs.flatMap((p, i) => [...(found[i].femaleFound ? [] : [p.femaleDbId]), ...(found[i].maleFound ? [] : [p.maleDbId])]))];
    if (unknown.length) {
      const named = unknown.slice(0, NAMED_IN_MESSAGES).map((id) => JSON.stringify(id)).join(', ');
      throw new NotFoundError(`No germplasm has germplasmDbId ${named}${unknown.length > NAMED_IN_MESSAGES ? ` and ${unknown.length - NAMED_IN_MESSAGES} more` : ''}.`);
    }
    const data = pairs.map((p, i) => ({ ...p, sameOrientation: found[i].sameOrientation, reciprocal: found[i].reciprocal }));
    respondOne(ctx, { crossCount: pairs.length, duplicateCount: data.filter((d) => d.sameOrientation.length || d.reciprocal.length).length, data });
  }),
];
