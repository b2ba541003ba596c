// Extensions (not in BrAPI, not listed by /serverinfo):
//   GET /extensions/pedigree-check?variantSetDbId=&germplasmDbId=&maxRate=&candidates=   (POST: the same as a body)
//     every germplasm genotyped in the variant set with a genotyped parent, its recorded parents judged by the markers
//   GET /extensions/genomic-relationship?variantSetDbId=&germplasmDbId=a&germplasmDbId=b&method=   (POST: a body)
//     VanRaden's G for those germplasm beside the pedigree relationship A
// A POST here is a read, as the kinship extension's.
import { BadRequestError } from '../../../errors.js';
import { addStatus, respondList, respondOne } from '../../../http/envelope.js';
import { filterInput } from '../../../http/query.js';
import { read, type RouteDef } from '../../../http/routes.js';
import type { BrapiContext } from '../../../http/types.js';
import { kinshipRequest } from '../kinship/params.js';
import { checkPedigrees, genomicRelationship } from './check.js';
import { DEFAULT_CHECK, type CheckOptions } from './mendel.js';

export const PEDIGREE_CHECK_PATH = '/extensions/pedigree-check';
export const GRM_PATH = '/extensions/genomic-relationship';

const last = (v: unknown) => (Array.isArray(v) ? v[v.length - 1] : v);

function variantSet(value: unknown): string {
  const v = last(value);
  if (typeof v !== 'string' || !v) throw new BadRequestError('variantSetDbId is required: the variant set whose genotypes are compared.');
  return v;
}

function checkOptions(input: Record<string, unknown>): CheckOptions {
  const options = { ...DEFAULT_CHECK };
  const maxRate = last(input.maxRate);
  if (maxRate !== undefined && maxRate !== null) {
    const n = Number(maxRate);
    if (!(n >= 0 && n <= 1)) throw new BadRequestError(`maxRate must be a number from 0 to 1; got ${JSON.stringify(maxRate)}.`);
    options.maxRate = n;
  }
  for (const key of ['candidates', 'minMarkers'] as const) {
    const raw = last(input[key]);
    if (raw === undefined || raw === null) continue;
    const n = Number(raw);
    if (!Number.isSafeInteger(n) || n < 0 || n > 100_000) throw new BadRequestError(`${key} must be a whole number; got ${JSON.stringify(raw)}.`);
    options[key] = n;
  }
  return options;
}

function ids(value: unknown, name: string): string[] | null {
  if (value === undefined || value === null) return null;
  const list = Array.isArray(value) ? value : [value];
  if (!list.every((v) => typeof v === 'string' && v)) throw new BadRequestError(`${name} must be germplasmDbIds.`);
  return list as string[];
}

function bodyOf(ctx: BrapiContext): Record<string, unknown> {
  const body = ctx.request.body;
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new BadRequestError('The body must be an object.');
  return body as Record<string, unknown>;
}

async function check(ctx: BrapiContext, input: Record<string, unknown>, germplasm: string[] | null) {
  const known = new Set(['variantSetDbId', 'germplasmDbId', 'germplasmDbIds', 'maxRate', 'candidates', 'minMarkers']);
  for (const name of Object.keys(input).filter((k) => !known.has(k))) addStatus(ctx, 'WARNING', `"${name}" is not used by this call and was ignored.`);
  const { results, genotyped, variantCount } = await checkPedigrees(ctx.services.graph, variantSet(input.variantSetDbId), germplasm, checkOptions(input));
  const flagged = results.filter((r) => r.parents.some((p) => p.verdict === 'INCONSISTENT')).length;
  addStatus(ctx, 'INFO', `${genotyped} germplasm genotyped at ${variantCount} variants; ${results.length} have a genotyped parent; ${flagged} have a parent the markers contradict.`);
  const { page, pageSize } = ctx.state.paging;
  respondList(ctx, results.length, results.slice(page * pageSize, (page + 1) * pageSize));
}

async function grm(ctx: BrapiContext, input: Record<string, unknown>, germplasm: unknown) {
  const request = kinshipRequest(germplasm, last(input.method), { ids: 'germplasmDbIds', method: 'method' });
  respondOne(ctx, await genomicRelationship(ctx.services.graph, variantSet(input.variantSetDbId), request.ids, request.method));
}

export const routes: RouteDef[] = [
  read.get(PEDIGREE_CHECK_PATH, async (ctx) => {
    const input = filterInput(ctx);
    await check(ctx, input, ids(input.germplasmDbId, 'germplasmDbId'));
  }),
  read.post(PEDIGREE_CHECK_PATH, async (ctx) => {
    const body = bodyOf(ctx);
    await check(ctx, body, ids(body.germplasmDbIds, 'germplasmDbIds'));
  }),
  read.get(GRM_PATH, async (ctx) => {
    const input = filterInput(ctx);
    await grm(ctx, input, input.germplasmDbId === undefined ? [] : [input.germplasmDbId].flat());
  }),
  read.post(GRM_PATH, async (ctx) => {
    const body = bodyOf(ctx);
    await grm(ctx, body, body.germplasmDbIds);
  }),
];
