// Extension (not in BrAPI, not listed by /serverinfo): the kinship matrix of a set of germplasm from the stored
// pedigree. POST /extensions/kinship { germplasmDbIds, method } or GET /extensions/kinship?germplasmDbId=a&germplasmDbId=b
// &method=; JSON in the BrAPI envelope, or CSV/TSV (Accept, or format=csv|tsv) holding one matrix (matrix=). One
// traversal reads the pedigree; kinship.ts computes. A POST here is a read (declared so below).
import { BadRequestError, NotFoundError } from '../../../errors.js';
import { respondDelimited, TABLE_TYPES, tableFormat } from '../../../http/formats.js';
import { addStatus, respondOne } from '../../../http/envelope.js';
import { filterInput, reportIgnored } from '../../../http/query.js';
import { offering, read, type RouteDef } from '../../../http/routes.js';
import type { BrapiContext } from '../../../http/types.js';
import { computeKinship, type UnusedParent } from './kinship.js';
import { kinshipRequest, matrixOf, type KinshipRequest } from './params.js';
import { readAncestry } from './query.js';

export const KINSHIP_PATH = '/extensions/kinship';
const SHAPE_PARAMS = ['format', 'matrix'];
const NAMED_IN_MESSAGES = 20;

export const routes: RouteDef[] = offering(TABLE_TYPES,
  read.get(KINSHIP_PATH, async (ctx) => {
    const { germplasmDbId, method, ...rest } = filterInput(ctx);
    reportIgnored(ctx, Object.keys(rest).filter((k) => !SHAPE_PARAMS.includes(k)));
    const ids = germplasmDbId === undefined ? [] : [germplasmDbId].flat();
    await answer(ctx, kinshipRequest(ids, Array.isArray(method) ? method[method.length - 1] : method, { ids: 'germplasmDbId', method: 'method' }));
  }),

  read.post(KINSHIP_PATH, async (ctx) => {
    const body = ctx.request.body;
    if (body === null || typeof body !== 'object' || Array.isArray(body)) {
      throw new BadRequestError('The body must be an object: { "germplasmDbIds": [...], "method": "pedigree" | "inbred" }.');
    }
    const { germplasmDbIds, method, ...rest } = body as Record<string, unknown>;
    for (const member of Object.keys(rest)) addStatus(ctx, 'WARNING', `Member "${member}" is not used by this call and was ignored.`);
    reportIgnored(ctx, Object.keys(filterInput(ctx)).filter((k) => !SHAPE_PARAMS.includes(k)));
    await answer(ctx, kinshipRequest(germplasmDbIds, method, { ids: 'germplasmDbIds', method: 'method' }));
  }),
);

const named = (ids: string[]) =>
  ids.slice(0, NAMED_IN_MESSAGES).map((id) => JSON.stringify(id)).join(', ') + (ids.length > NAMED_IN_MESSAGES ? ` and ${ids.length - NAMED_IN_MESSAGES} more` : '');

/** A WARNING naming the parent relationships that fit no kinship rule (left out of the computation). */
export function reportUnusedParents(ctx: BrapiContext, unused: UnusedParent[]) {
  if (!unused.length) return;
  const edges = unused.map((u) => `${u.germplasmDbId} -${u.parentType}-> ${u.parentDbId}`);
  addStatus(ctx, 'WARNING', `Parent relationships that fit no kinship rule were left out: ${named(edges).replace(/"/g, '')}.`);
}

async function answer(ctx: BrapiContext, request: KinshipRequest) {
  const format = tableFormat(ctx, ctx.query.format);
  const matrix = matrixOf(ctx.query.matrix);
  const records = await readAncestry(ctx.services.graph, request.ids);
  const byId = new Map(records.map((r) => [r.germplasmDbId, r]));
  const unknown = request.ids.filter((id) => !byId.has(id));
  if (unknown.length) throw new NotFoundError(`No germplasm has germplasmDbId ${named(unknown)}.`);

  const kinship = computeKinship(records, request.ids, request.method);
  const names = request.ids.map((id) => byId.get(id)!.germplasmName);
  if (request.duplicates) addStatus(ctx, 'INFO', `${request.duplicates} repeated germplasmDbId(s) were counted once.`);
  reportUnusedParents(ctx, kinship.unusedParents);
  if (format === 'application/json') {
    respondOne(ctx, {
      method: request.method,
      germplasmDbIds: kinship.germplasmDbIds,
      germplasmNames: names,
      coancestry: kinship.coancestry,
      relationship: kinship.relationship,
      inbreeding: kinship.inbreeding,
      // Germplasm of the pedigree read besides the requested ones.
      ancestorCount: records.length - request.ids.length,
    });
    return;
  }
  // A square matrix: a header row of DbIds; each row starts with its DbId and name.
  respondDelimited(ctx, format, [
    ['germplasmDbId', 'germplasmName', ...kinship.germplasmDbIds],
    ...kinship[matrix].map((row, i) => [kinship.germplasmDbIds[i], names[i] ?? '', ...row.map(String)]),
  ]);
}
