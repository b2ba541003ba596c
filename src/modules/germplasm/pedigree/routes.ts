// The pedigree calls: GET /pedigree (one traversal per page), POST and PUT /pedigree (one transaction each),
// and the v2.0 calls GET /germplasm/{id}/pedigree and /progeny that
// BrAPI.js and older viewers still use.
import { compileWhere } from '../../../entities/filters.js';
import { BadRequestError, NotFoundError } from '../../../errors.js';
import { addStatus, respondList, respondOne } from '../../../http/envelope.js';
import { filterInput, reportIgnored } from '../../../http/query.js';
import { read, write, type RouteDef } from '../../../http/routes.js';
import type { BrapiContext } from '../../../http/types.js';
import { validateBody } from '../../../http/validate.js';
import { germplasmEntity } from '../germplasm/germplasm.entity.js';
import { describeWideCross, uploadPedigree } from './commands/uploadPedigree.js';
import { presentWritten, writtenPage } from './commands/writtenPedigree.js';
import { bool, pedigreeShape, type PedigreeShape } from './params.js';
import { parseUpload } from './parseUpload.js';
import { presentPedigreeNodes } from './presenter.js';
import { readPedigreeNodes, readPurdyWalks, traversePedigree } from './traversal.js';

/** The relationship arrays of nodes answered without a traversal (upload answers, the v2.0 calls). */
export const DEFAULT_ARRAYS = { includeParents: true, includeProgeny: true, includeSiblings: false };

async function respondPedigree(ctx: BrapiContext, input: Record<string, unknown>) {
  const { shape, filters } = pedigreeShape(input);
  const filter = compileWhere(germplasmEntity, filters);
  reportIgnored(ctx, filter.ignored);
  const { page, pageSize } = ctx.state.paging;
  const slice = await traversePedigree(ctx.services.graph, { ...shape, filter }, page, pageSize);
  if (slice.total === 0) addStatus(ctx, 'INFO', 'No germplasm matches these filters.');
  respondList(ctx, slice.total, presentPedigreeNodes(slice));
}

/** One germplasm as a pedigree node (its own relationship arrays), or 404. */
async function pedigreeNodeOf(ctx: BrapiContext, shape: Partial<PedigreeShape>) {
  const id = ctx.params.germplasmDbId;
  const [node] = presentPedigreeNodes(await readPedigreeNodes(ctx.services.graph, [id], { ...DEFAULT_ARRAYS, ...shape }));
  if (!node) throw new NotFoundError(`No germplasm has germplasmDbId "${id}".`);
  return node;
}

/** The first 20 items in words (a bulk upload's status stays readable). */
const listed = (items: string[]) => items.slice(0, 20).join(', ') + (items.length > 20 ? ` and ${items.length - 20} more` : '');

function withoutLinks(node: unknown): unknown {
  if (node === null || typeof node !== 'object' || Array.isArray(node)) return node;
  const { parents: _parents, progeny: _progeny, ...own } = node as Record<string, unknown>;
  return own;
}

/** POST /pedigree adds to the pedigree; PUT may also change what exists (updateExisting). */
function upload(method: 'POST' | 'PUT'): RouteDef['handler'] {
  return async (ctx) => {
    const body = ctx.request.body;
    // Each node's own members as the official PedigreeNode schema says (PUT also takes an array of nodes, checked as
    // POST's). Its parents and progeny, and a body of the wrong shape, are left to parseUpload, which lists every
    // problem of the request at once and says what the call takes.
    if (Array.isArray(body)) validateBody('post', '/pedigree', body.map(withoutLinks));
    else if (method === 'PUT' && body !== null && typeof body === 'object') {
      validateBody('put', '/pedigree', Object.fromEntries(Object.entries(body).map(([k, v]) => [k, withoutLinks(v)])));
    }
    const upload = parseUpload(body, method);
    if (upload.nodes.length === 0) {
      // Nothing to change: answer with the pedigree as it stands, as GET /pedigree would.
      addStatus(ctx, 'INFO', 'The request named no pedigree node; nothing was changed.');
      return respondPedigree(ctx, {});
    }
    // A PARENT relationship between crops is refused unless the curator says the cross is wide on purpose.
    const allowWideCrosses = bool(ctx.query, 'allowWideCrosses', false);
    // POST adds: a known stored type is kept (or its change refused) unless asked; PUT states the whole parent set.
    const replaceTypes = method === 'PUT' || bool(ctx.query, 'replaceParentTypes', false);
    const result = await uploadPedigree(ctx.services.graph, {
      upload,
      updateExisting: method === 'PUT',
      actor: ctx.state.actor,
      allowWideCrosses,
      source: `${method} /pedigree`,
      parentTypes: replaceTypes ? 'replace' : 'keep',
    });
    const unchanged = result.edges - result.changedEdges - result.keptTypes.length;
    addStatus(ctx, 'INFO', `${result.created} germplasm created, ${result.changedEdges} parent relationships written (${unchanged} already stored as given).`);
    addStatus(ctx, 'INFO', `${result.changedEdges - result.typeChanges.length} parent relationships added, ${result.typeChanges.length} parent types changed${result.typeChanges.length ? `: ${listed(result.typeChanges.map((c) => `${c.child} <- ${c.parent} ${c.from} to ${c.to}`))}` : ''}.`);
    if (result.keptTypes.length) {
      addStatus(ctx, 'INFO', `${result.keptTypes.length} parents given as POPULATION kept the type stored for them (kept stored sex): ${listed(result.keptTypes.map((k) => `${k.child} <- ${k.parent} ${k.parentType}`))}.`);
    }
    for (const w of result.wideCrosses) addStatus(ctx, 'INFO', `Wide cross kept (allowWideCrosses): ${w.child} ${describeWideCross(w)}.`);
    if (result.changed) addStatus(ctx, 'INFO', `${result.changed} parent relationships changed, recorded as pedigree change ${result.changeId}.`);
    // The answer lists the nodes the request described, paged like any list (a large upload is not echoed whole).
    const { page, pageSize } = ctx.state.paging;
    const ids = [...new Set(result.germplasmDbIds)].sort();
    const pageIds = ids.slice(page * pageSize, (page + 1) * pageSize);
    const written = writtenPage(result.written, pageIds);
    const known = written && await presentWritten(written, presentPedigreeNodes, (stored) => readPurdyWalks(ctx.services.graph, stored));
    respondList(ctx, ids.length, known ?? presentPedigreeNodes(await readPedigreeNodes(ctx.services.graph, pageIds, DEFAULT_ARRAYS)));
  };
}

export const routes: RouteDef[] = [
  read.get('/pedigree', (ctx) => respondPedigree(ctx, filterInput(ctx))),
  write.post('/pedigree', upload('POST')),
  write.put('/pedigree', upload('PUT')),

  read.get('/germplasm/:germplasmDbId/pedigree', async (ctx) => {
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
  }),

  read.get('/germplasm/:germplasmDbId/progeny', async (ctx) => {
    const node = await pedigreeNodeOf(ctx, { includeParents: false });
    respondOne(ctx, { germplasmDbId: node.germplasmDbId, germplasmName: node.germplasmName, progeny: node.progeny });
  }),
];
