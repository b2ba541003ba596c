// Extension (not in BrAPI, not listed by /serverinfo): two germplasm side by side. GET
// /extensions/germplasm-comparison?germplasmDbIds=A,B&method=pedigree|inbred: their common ancestors, the shortest path between them through the pedigree, and their
// coefficient of parentage, computed by the kinship extension on the records of the same one statement.
import { NotFoundError } from '../../../errors.js';
import { addStatus, respondOne } from '../../../http/envelope.js';
import { read, type RouteDef } from '../../../http/routes.js';
import type { BrapiContext } from '../../../http/types.js';
import { computeKinship } from '../kinship/kinship.js';
import { reportUnusedParents } from '../kinship/routes.js';
import { commonAncestors, pedigreePath } from './compare.js';
import { germplasmComparisonOperation } from './openapi.js';
import { readComparison } from './query.js';

export const routes: RouteDef[] = [
  // Exactly two DbIds (germplasmDbIds=A,B, or the parameter twice, each value a whole DbId); A,A compares A with itself.
  read.operation(germplasmComparisonOperation, async (ctx, { query }) => {
    const [first, second] = query.germplasmDbIds as [string, string];
    await answer(ctx, first, second, (query.method ?? 'pedigree') as 'pedigree' | 'inbred');
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
