// Extension (not in BrAPI, not listed by /serverinfo): the kinship matrix of a set of germplasm from the stored
// pedigree. POST /extensions/kinship { germplasmDbIds, method } or GET /extensions/kinship?germplasmDbId=a&germplasmDbId=b
// &method=; JSON in the BrAPI envelope, or CSV/TSV (Accept, or format=csv|tsv) holding one matrix (matrix=). One
// traversal reads the pedigree; kinship.ts computes. A POST here is a read (declared so below).
import { NotFoundError } from '../../../errors.js';
import { respondDelimited, TABLE_TYPES, tableFormat } from '../../../http/formats.js';
import { addStatus, respondOne } from '../../../http/envelope.js';
import { offering, read, type RouteDef } from '../../../http/routes.js';
import type { BrapiContext } from '../../../http/types.js';
import { computeKinship, type UnusedParent } from './kinship.js';
import { kinshipOperations } from './openapi.js';
import { kinshipRequest, type KinshipRequest, type Matrix } from './params.js';
import { readAncestry } from './query.js';

const [get, post] = kinshipOperations;
const NAMED_IN_MESSAGES = 20;

export const routes: RouteDef[] = offering(TABLE_TYPES,
  read.operation(get, (ctx, { query }) => answer(ctx, kinshipRequest(query.germplasmDbId as string[], query.method as string | undefined))),
  read.operation(post, (ctx, { body }) => answer(ctx, kinshipRequest(body.germplasmDbIds as string[], body.method as string | undefined))),
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
  const matrix = (ctx.query.matrix ?? 'coancestry') as Matrix;
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
