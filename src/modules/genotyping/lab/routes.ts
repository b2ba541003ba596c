// The vendor calls of BrAPI-Genotyping, answered as the in-house genotyping lab: its service catalogue
// (specification.ts), orders and plate submissions written into the graph and their status and results read from
// it (orders.ts).
import { BadRequestError, NotFoundError } from '../../../errors.js';
import { respondList, respondOne } from '../../../http/envelope.js';
import { publicOrigin } from '../../../http/origin.js';
import { filterInput, reportIgnored } from '../../../http/query.js';
import { read, write, type RouteDef } from '../../../http/routes.js';
import type { BrapiContext } from '../../../http/types.js';
import { validateBody } from '../../../http/validate.js';
import { listOrders, orderPlates, orderResults, orderStatus, planSubmission, submitOrder, type SubmissionKind } from './orders.js';
import { vendorSpecification } from './specification.js';

const specification = (ctx: BrapiContext) => vendorSpecification(ctx.services.config.vendorSpecificationFile);
const base = (ctx: BrapiContext) => `${publicOrigin(ctx)}${ctx.services.config.basePath}`;

/** No query parameter but paging applies to these calls: any other is named as ignored. */
function noFilters(ctx: BrapiContext) {
  reportIgnored(ctx, Object.keys(filterInput(ctx)));
}

async function submit(ctx: BrapiContext, kind: SubmissionKind, path: string) {
  const body = ctx.request.body ?? {};
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new BadRequestError(`The body must be a ${kind === 'order' ? 'VendorOrderSubmissionRequest' : 'VendorPlateSubmissionRequest'} object.`);
  validateBody('post', path, body);
  return submitOrder(ctx.services.graph, planSubmission(body as Record<string, unknown>, kind, specification(ctx), ctx.state.actor));
}

const notFound = (orderId: string) => new NotFoundError(`No order has orderId "${orderId}".`);
const list = (value: string | string[] | undefined) => (value === undefined ? null : Array.isArray(value) ? value : [value]);

export const routes: RouteDef[] = [
  read.get('/vendor/specifications', (ctx) => {
    noFilters(ctx);
    respondOne(ctx, specification(ctx));
  }),
  write.post('/vendor/orders', async (ctx) => {
    const { orderId } = await submit(ctx, 'order', '/vendor/orders');
    respondOne(ctx, {
      orderId,
      // What to print and enclose with the plates: the order's plates and samples as the lab registered them.
      shipmentForms: [{
        fileName: 'Plate manifest',
        fileDescription: `The plates and samples of order ${orderId} as the lab registered them: print it and enclose it with the plates.`,
        fileURL: `${base(ctx)}/vendor/orders/${encodeURIComponent(orderId)}/plates`,
      }],
    });
  }),
  read.get('/vendor/orders', async (ctx) => {
    const input = filterInput(ctx);
    reportIgnored(ctx, Object.keys(input).filter((k) => k !== 'orderId' && k !== 'submissionId'));
    const { page, pageSize } = ctx.state.paging;
    const { total, data } = await listOrders(ctx.services.graph, { orderIds: list(input.orderId), submissionIds: list(input.submissionId) }, page, pageSize);
    respondList(ctx, total, data);
  }),
  read.get('/vendor/orders/:orderId/plates', async (ctx) => {
    noFilters(ctx);
    const { page, pageSize } = ctx.state.paging;
    const found = await orderPlates(ctx.services.graph, { orderId: ctx.params.orderId }, page, pageSize);
    if (!found) throw notFound(ctx.params.orderId);
    respondList(ctx, found.total, found.data);
  }),
  read.get('/vendor/orders/:orderId/status', async (ctx) => {
    noFilters(ctx);
    const status = await orderStatus(ctx.services.graph, ctx.params.orderId);
    if (!status) throw notFound(ctx.params.orderId);
    respondOne(ctx, { status });
  }),
  read.get('/vendor/orders/:orderId/results', async (ctx) => {
    noFilters(ctx);
    const { page, pageSize } = ctx.state.paging;
    const found = await orderResults(ctx.services.graph, ctx.params.orderId, page, pageSize);
    if (!found) throw notFound(ctx.params.orderId);
    respondList(ctx, found.total, found.page.map((set) => ({
      // Strings only (the schema's additionalInfo): which variant set, and which of its call sets are the order's.
      additionalInfo: Object.fromEntries(Object.entries({
        variantSetDbId: set.variantSetDbId, studyDbId: set.studyDbId, callSetDbIds: set.callSetDbIds.join(','),
      }).filter(([, v]) => v !== null)),
      clientSampleIds: set.clientSampleIds,
      fileName: set.variantSetName ?? set.variantSetDbId,
      fileType: 'application/json',
      // The variant set's calls as this server serves them; computed on request, so no fixed checksum.
      fileURL: `${base(ctx)}/allelematrix?variantSetDbId=${encodeURIComponent(set.variantSetDbId)}`,
      md5sum: null,
    })));
  }),
  write.post('/vendor/plates', async (ctx) => {
    const { submissionId } = await submit(ctx, 'plates', '/vendor/plates');
    respondOne(ctx, { submissionId });
  }),
  read.get('/vendor/plates/:submissionId', async (ctx) => {
    noFilters(ctx);
    const found = await orderPlates(ctx.services.graph, { submissionId: ctx.params.submissionId });
    if (!found) throw new NotFoundError(`No plate submission has submissionId "${ctx.params.submissionId}".`);
    respondOne(ctx, { clientId: found.order.clientId ?? null, numberOfSamples: found.order.numberOfSamples ?? null, plates: found.data });
  }),
];
