// Extension (not in BrAPI, not listed by /serverinfo): before making a crossing block, the germplasm that already
// come from each female x male pair or its reciprocal. POST /extensions/duplicate-crosses
// { "crosses": [{ "femaleDbId": "...", "maleDbId": "..." }] } (a read); one Cypher statement for the whole block.
import { BadRequestError, NotFoundError } from '../../../errors.js';
import { addStatus, respondOne } from '../../../http/envelope.js';
import { filterInput, reportIgnored } from '../../../http/query.js';
import { read, type RouteDef } from '../../../http/routes.js';
import { findCrosses, type CrossPair } from './query.js';

export const DUPLICATE_CROSSES_PATH = '/extensions/duplicate-crosses';
const NAMED_IN_MESSAGES = 20;

/** The pairs of the body (400 naming the first bad item). */
export function crossPairs(body: unknown): CrossPair[] {
  const usage = 'The body must be { "crosses": [{ "femaleDbId": "...", "maleDbId": "..." }, ...] }';
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new BadRequestError(`${usage}.`);
  const { crosses } = body as Record<string, unknown>;
  if (!Array.isArray(crosses) || crosses.length === 0) throw new BadRequestError(`${usage}, with at least one cross.`);
  return crosses.map((c, i) => {
    const item = c as Record<string, unknown> | null;
    for (const member of ['femaleDbId', 'maleDbId']) {
      if (item === null || typeof item !== 'object' || typeof item[member] !== 'string' || item[member] === '') {
        throw new BadRequestError(`crosses[${i}].${member} must be a germplasmDbId (a non-empty string).`);
      }
    }
    return { femaleDbId: item!.femaleDbId as string, maleDbId: item!.maleDbId as string };
  });
}

export const routes: RouteDef[] = [
  read.post(DUPLICATE_CROSSES_PATH, async (ctx) => {
    reportIgnored(ctx, Object.keys(filterInput(ctx)));
    const body = ctx.request.body as Record<string, unknown>;
    const pairs = crossPairs(body);
    for (const member of Object.keys(body).filter((k) => k !== 'crosses')) addStatus(ctx, 'WARNING', `Member "${member}" is not used by this call and was ignored.`);
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
