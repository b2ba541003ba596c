// The pedigree calls: GET /pedigree (one traversal per page), POST and PUT /pedigree (one transaction each),
// POST /search/pedigree (answered at once), and the v2.0 calls GET /germplasm/{id}/pedigree and /progeny that
// BrAPI.js and older viewers still use.
import { compileWhere } from '../../../entities/filters.js';
import { BadRequestError, NotFoundError } from '../../../errors.js';
import { addStatus, respondList, respondOne } from '../../../http/envelope.js';
import { filterInput, reportIgnored } from '../../../http/query.js';
import type { BrapiContext, BrapiRouter } from '../../../http/types.js';
import { germplasmEntity } from '../germplasm/germplasm.entity.js';
import { uploadPedigree } from './commands/uploadPedigree.js';
import { pedigreeShape, type PedigreeShape } from './params.js';
import { parseUpload } from './parseUpload.js';
import { presentPedigreeNode } from './presenter.js';
import { searchToFilters } from './search.js';
import { traversePedigree } from './traversal.js';

const DEFAULT_SHAPE: PedigreeShape = {
  pedigreeDepth: 1,
  progenyDepth: 1,
  includeParents: true,
  includeProgeny: true,
  includeSiblings: false,
};

async function respondPedigree(ctx: BrapiContext, input: Record<string, unknown>) {
  const { shape, filters } = pedigreeShape(input);
  const filter = compileWhere(germplasmEntity, filters);
  reportIgnored(ctx, filter.ignored);
  const { page, pageSize } = ctx.state.paging;
  const { total, page: nodes } = await traversePedigree(ctx.services.graph, { ...shape, filter }, page, pageSize);
  if (total === 0) addStatus(ctx, 'INFO', 'No germplasm matches these filters.');
  respondList(ctx, total, nodes.map(presentPedigreeNode));
}

/** One germplasm as a pedigree node (generation 0 only), or 404. */
async function pedigreeNodeOf(ctx: BrapiContext, shape: Partial<PedigreeShape>) {
  const id = ctx.params.germplasmDbId;
  const filter = compileWhere(germplasmEntity, { germplasmDbId: id });
  const { page } = await traversePedigree(
    ctx.services.graph,
    { ...DEFAULT_SHAPE, pedigreeDepth: 0, progenyDepth: 0, ...shape, filter },
    0,
    1,
  );
  if (!page.length) throw new NotFoundError(`No germplasm has germplasmDbId "${id}".`);
  return presentPedigreeNode(page[0]);
}

export function registerPedigree(router: BrapiRouter) {
  router.get('/pedigree', (ctx) => respondPedigree(ctx, filterInput(ctx)));

  router.post('/search/pedigree', async (ctx) => {
    const body = ctx.request.body;
    if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new BadRequestError('The body must be a search object.');
    const { input, paging } = searchToFilters(body as Record<string, unknown>);
    if (paging) ctx.state.paging = { ...ctx.state.paging, ...paging };
    await respondPedigree(ctx, input);
  });

  for (const method of ['POST', 'PUT'] as const) {
    router[method === 'POST' ? 'post' : 'put']('/pedigree', async (ctx) => {
      const upload = parseUpload(ctx.request.body, method);
      if (upload.nodes.length === 0) {
        // Nothing to change: answer with the pedigree as it stands, as GET /pedigree would.
        addStatus(ctx, 'INFO', 'The request named no pedigree node; nothing was changed.');
        return respondPedigree(ctx, {});
      }
      const result = await uploadPedigree(ctx.services.graph, { upload, updateExisting: method === 'PUT' });
      addStatus(ctx, 'INFO', `${result.created} germplasm created, ${result.edges} parent relationships written.`);
      const filter = compileWhere(germplasmEntity, { germplasmDbId: result.germplasmDbIds });
      const pageSize = Math.max(result.germplasmDbIds.length, 1);
      const { total, page } = await traversePedigree(
        ctx.services.graph,
        { ...DEFAULT_SHAPE, pedigreeDepth: 0, progenyDepth: 0, filter },
        0,
        pageSize,
      );
      ctx.state.paging = { page: 0, pageSize };
      respondList(ctx, total, page.map(presentPedigreeNode));
    });
  }

  router.get('/germplasm/:germplasmDbId/pedigree', async (ctx) => {
    const { includeSiblings } = pedigreeShape(filterInput(ctx)).shape;
    const node = await pedigreeNodeOf(ctx, { includeSiblings, includeProgeny: false });
    respondOne(ctx, {
      crossingProjectDbId: node.crossingProjectDbId,
      crossingYear: node.crossingYear,
      familyCode: node.familyCode,
      germplasmDbId: node.germplasmDbId,
      germplasmName: node.germplasmName,
      parents: node.parents,
      pedigree: node.pedigreeString,
      siblings: node.siblings ?? [],
    });
  });

  router.get('/germplasm/:germplasmDbId/progeny', async (ctx) => {
    const node = await pedigreeNodeOf(ctx, { includeParents: false });
    respondOne(ctx, { germplasmDbId: node.germplasmDbId, germplasmName: node.germplasmName, progeny: node.progeny });
  });
}
