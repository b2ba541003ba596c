// Extension (not in BrAPI, not listed by /serverinfo): two germplasm side by side. GET
// /extensions/germplasm-comparison?germplasmDbIds=A,B&method=pedigree|inbred: their common ancestors, the shortest path between them through the pedigree, and their
// coefficient of parentage, computed by the kinship extension on the records of the same one statement.
import { BadRequestError, NotFoundError } from '../../../errors.js';
import { addStatus, respondOne } from '../../../http/envelope.js';
import { filterInput, reportIgnored } from '../../../http/query.js';
import { read, type RouteDef } from '../../../http/routes.js';
import type { BrapiContext } from '../../../http/types.js';
import { computeKinship } from '../kinship/kinship.js';
import { kinshipRequest } from '../kinship/params.js';
import { reportUnusedParents } from '../kinship/routes.js';
import { commonAncestors, pedigreePath } from './compare.js';
import { readComparison } from './query.js';

export const GERMPLASM_COMPARISON_PATH = '/extensions/germplasm-comparison';

const USAGE = 'Name exactly two germplasm: germplasmDbIds=A,B (or germplasmDbIds=A&germplasmDbIds=B).';

/**
 * The two DbIds of germplasmDbIds=A,B (400 unless exactly two, each non-empty); A,A compares A with itself. Given as
 * two parameters (germplasmDbIds=A&germplasmDbIds=B) each value is one DbId whole, so DbIds holding a comma can be
 * compared too.
 */
export function comparedPair(raw: string | string[] | undefined): [string, string] {
  const ids = raw === undefined ? [] : Array.isArray(raw) ? raw : raw.split(',');
  if (ids.length !== 2) throw new BadRequestError(`${USAGE} Got ${raw === undefined ? 'none' : ids.length}.`);
  if (ids.some((id) => id === '')) throw new BadRequestError(`${USAGE} A DbId is empty.`);
  return [ids[0], ids[1]];
}

export const routes: RouteDef[] = [
  read.get(GERMPLASM_COMPARISON_PATH, async (ctx) => {
    const { germplasmDbIds, method, ...rest } = filterInput(ctx);
    reportIgnored(ctx, Object.keys(rest));
    const [first, second] = comparedPair(germplasmDbIds);
    // The kinship extension's checks of the method (and of the DbIds as a list).
    const request = kinshipRequest([first, second], Array.isArray(method) ? method[method.length - 1] : method, { ids: 'germplasmDbIds', method: 'method' });
    await answer(ctx, first, second, request.method);
  }),
];

async function answer(ctx: BrapiContext, first: string, second: string, method: 'pedigree' | 'inbred') {
  const { pedigree, path } = await readComparison(ctx.services.graph, first, second);
  const byId = new Map(pedigree.map((r) => [r.germplasmDbId, r]));
  const unknown = [...new Set([first, second])].filter((id) => !byId.has(id));
  if (unknown.length) throw new NotFoundError(`No germplasm has germplasmDbId ${unknown.map((id) => JSON.stringify(id)).join(', ')}.`);

  const same = first === second;
  const kinship = computeKinship(pedigree, same ? [first] : [first, second], method);
  reportUnusedParents(ctx, kinship.unusedParents);
  const coancestry = same ? kinship.coancestry[0][0] : kinship.coancestry[0][1];
  const germplasm = [first, second].map((id) => ({ germplasmDbId: id, germplasmName: byId.get(id)!.germplasmName ?? null }));
  const ancestors = commonAncestors(pedigree, first, second);
  if (!same && !path) addStatus(ctx, 'INFO', 'No chain of parent relationships joins the two germplasm.');
  respondOne(ctx, {
    method,
    germplasm,
    coefficientOfParentage: coancestry,
    relationship: 2 * coancestry,
    commonAncestorCount: ancestors.length,
    commonAncestors: ancestors,
    path: pedigreePath(path, germplasm[0], same),
  });
}
