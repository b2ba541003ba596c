// Extensions (not in BrAPI, not listed by /serverinfo):
//   GET /extensions/pedigree-check?variantSetDbId=&germplasmDbId=&maxRate=&candidates=   (POST: the same as a body)
//     every germplasm genotyped in the variant set with a genotyped parent, its recorded parents judged by the markers
//   GET /extensions/genomic-relationship?variantSetDbId=&germplasmDbId=a&germplasmDbId=b&method=   (POST: a body)
//     VanRaden's G for those germplasm beside the pedigree relationship A
// A POST here is a read, as the kinship extension's.
import { addStatus, respondList, respondOne } from '../../../http/envelope.js';
import { read, type RouteDef } from '../../../http/routes.js';
import type { BrapiContext } from '../../../http/types.js';
import { kinshipRequest } from '../kinship/params.js';
import { checkPedigrees, genomicRelationship } from './check.js';
import { DEFAULT_CHECK, type CheckOptions } from './mendel.js';
import { checkOperations, grmOperations } from './openapi.js';

/** The members of either form, as the contract typed them (the body names the germplasm list germplasmDbIds). */
type Input = Record<string, unknown>;

async function check(ctx: BrapiContext, input: Input, germplasm: unknown) {
  const options: CheckOptions = { ...DEFAULT_CHECK };
  for (const key of ['maxRate', 'candidates', 'minMarkers'] as const) if (input[key] !== undefined) options[key] = input[key] as number;
  const { results, genotyped, variantCount } = await checkPedigrees(ctx.services.graph, input.variantSetDbId as string, (germplasm as string[] | undefined) ?? null, options);
  const flagged = results.filter((r) => r.parents.some((p) => p.verdict === 'INCONSISTENT')).length;
  addStatus(ctx, 'INFO', `${genotyped} germplasm genotyped at ${variantCount} variants; ${results.length} have a genotyped parent; ${flagged} have a parent the markers contradict.`);
  const { page, pageSize } = ctx.state.paging;
  respondList(ctx, results.length, results.slice(page * pageSize, (page + 1) * pageSize));
}

async function grm(ctx: BrapiContext, input: Input, germplasm: unknown) {
  const request = kinshipRequest(germplasm as string[], input.method as string | undefined);
  respondOne(ctx, await genomicRelationship(ctx.services.graph, input.variantSetDbId as string, request.ids, request.method));
}

export const routes: RouteDef[] = [
  read.operation(checkOperations[0], (ctx, { query }) => check(ctx, query, query.germplasmDbId)),
  read.operation(checkOperations[1], (ctx, { body }) => check(ctx, body, body.germplasmDbIds)),
  read.operation(grmOperations[0], (ctx, { query }) => grm(ctx, query, query.germplasmDbId)),
  read.operation(grmOperations[1], (ctx, { body }) => grm(ctx, body, body.germplasmDbIds)),
];
