// Orders of the in-house genotyping lab (BrAPI-Genotyping /vendor/...). An order is a :VendorOrder node; the plates
// it was sent with are :VendorPlate nodes -[:IN_ORDER]-> it, their samples :VendorSample nodes -[:ON_VENDOR_PLATE]->
// their plate, each holding the sample as the client sent it (well, volume, tissue, comments...) and linked
// -[:FOR_SAMPLE]-> the :Sample of this server it names (clientSampleId = sampleDbId). The lab genotypes samples this
// server knows, so a clientSampleId naming none is refused, and an order's progress is read from the graph: a
// sample has genotypes once a call set of a variant set is linked to it (a VCF import, io/importVcf.ts).
//
// Every order is one plate submission: POST /vendor/orders makes an order whose plates are its submission (it has an
// orderId and a submissionId); POST /vendor/plates (plates without services) makes an order of its own, found by
// GET /vendor/orders?submissionId=, whose status and results are read the same way.
import { randomUUID } from 'node:crypto';
import type { Actor } from '../../../auth/actor.js';
import { CREATED_BY, creatorOf } from '../../../auth/ownership.js';
import { BadRequestError } from '../../../errors.js';
import { cypher } from '../../../graph/cypher-files.js';
import type { Graph } from '../../../graph/port.js';
import { unknownIds } from '../../../entities/queries.js';
import { pageBounds } from '../../../entities/paging.js';
import type { VendorSpecification } from './specification.js';

/** VendorSample's members: scalars are properties, the objects JSON text (returned as sent). */
const SAMPLE_SCALARS = ['clientSampleBarCode', 'clientSampleId', 'column', 'comments', 'organismName', 'row', 'speciesName', 'tissueType', 'well'];
const SAMPLE_OBJECTS = ['concentration', 'taxonomyOntologyReference', 'tissueTypeOntologyReference', 'volume'];
const SAMPLE_MEMBERS = [...SAMPLE_SCALARS, ...SAMPLE_OBJECTS].sort();
const PLATE_MEMBERS = ['clientPlateBarcode', 'clientPlateId', 'sampleSubmissionFormat'];
/** A well of a 96-well plate: row A to H, column 1 to 12 (B6 or B06). */
const WELL = /^([A-H])(0?[1-9]|1[0-2])$/;
const ROW = /^[A-H]$/;

export type SubmissionKind = 'order' | 'plates';

export interface OrderPlan {
  order: Record<string, unknown>;
  plates: Array<{ props: Record<string, unknown>; samples: Array<{ props: Record<string, unknown> }> }>;
  clientSampleIds: string[];
}

const isObject = (v: unknown): v is Record<string, any> => v !== null && typeof v === 'object' && !Array.isArray(v);
const withoutNulls = (o: Record<string, unknown>) => Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined));
const quoted = (ids: string[]) => [...new Set(ids)].map((id) => `"${id}"`).join(', ');

/**
 * Checks a VendorOrderSubmissionRequest (kind `order`) or VendorPlateSubmissionRequest (`plates`), already valid
 * against its schema, beyond what the schema says, and plans its nodes. Members the spec requires may be absent (the
 * v2.1 release required none): `{}` is an empty order; clientId defaults to the submitting user.
 */
export function planSubmission(
  body: Record<string, any>,
  kind: SubmissionKind,
  spec: VendorSpecification,
  actor: Actor | undefined,
  /** Fixed ids (the demo's order); a request's are made here. */
  ids?: { orderId: string; submissionId: string },
): OrderPlan {
  const serviceIds: string[] = kind === 'order' ? body.serviceIds ?? [] : [];
  const offered = new Set(spec.services.map((s) => s.serviceId));
  const unknownServices = serviceIds.filter((id) => !offered.has(id));
  if (unknownServices.length) {
    throw new BadRequestError(`serviceIds: the lab offers no service ${quoted(unknownServices)} (GET /vendor/specifications lists ${quoted([...offered])}); nothing was written.`);
  }
  const plates: OrderPlan['plates'] = [];
  const clientSampleIds: string[] = [];
  const plateIds: string[] = [];
  ((body.plates ?? []) as Array<Record<string, any> | null>).forEach((plate, p) => {
    if (!isObject(plate)) throw new BadRequestError(`plates[${p}] must be a plate object; nothing was written.`);
    const format = plate.sampleSubmissionFormat ?? null;
    if (plate.clientPlateId != null) {
      if (plateIds.includes(plate.clientPlateId)) throw new BadRequestError(`plates[${p}].clientPlateId "${plate.clientPlateId}" is sent twice in one submission; nothing was written.`);
      plateIds.push(plate.clientPlateId);
    }
    const positions = new Map<string, number>();
    const samples = ((plate.samples ?? []) as Array<Record<string, any> | null>).map((sample, s) => {
      const at = `plates[${p}].samples[${s}]`;
      if (!isObject(sample)) throw new BadRequestError(`${at} must be a sample object; nothing was written.`);
      const id = sample.clientSampleId;
      if (typeof id !== 'string' || id === '') throw new BadRequestError(`${at}.clientSampleId is missing: each sample names the sampleDbId of a sample of this server; nothing was written.`);
      if (clientSampleIds.includes(id)) throw new BadRequestError(`${at}.clientSampleId "${id}" is sent twice in one submission; nothing was written.`);
      const position = wellOf(sample, format, at);
      if (position !== null) {
        const other = positions.get(position);
        if (other !== undefined) throw new BadRequestError(`${at} and plates[${p}].samples[${other}] are both in well ${position} of one plate; nothing was written.`);
        positions.set(position, s);
      }
      const props: Record<string, unknown> = { sampleIndex: clientSampleIds.length };
      clientSampleIds.push(id);
      for (const m of SAMPLE_SCALARS) props[m] = sample[m] ?? null;
      for (const m of SAMPLE_OBJECTS) props[m] = sample[m] == null ? null : JSON.stringify(sample[m]);
      return { props: withoutNulls(props) };
    });
    const props: Record<string, unknown> = { plateIndex: p };
    for (const m of PLATE_MEMBERS) props[m] = plate[m] ?? null;
    plates.push({ props: withoutNulls(props), samples });
  });
  const sent = body.plates != null;
  const numberOfSamples = body.numberOfSamples ?? clientSampleIds.length;
  if (numberOfSamples < 0) throw new BadRequestError(`numberOfSamples must be 0 or more, not ${numberOfSamples}; nothing was written.`);
  if (sent && numberOfSamples !== clientSampleIds.length) {
    throw new BadRequestError(`numberOfSamples is ${numberOfSamples} but the plates hold ${clientSampleIds.length} samples; nothing was written.`);
  }
  const token = () => randomUUID().replace(/-/g, '').slice(0, 16);
  const order = withoutNulls({
    orderId: ids?.orderId ?? `order-${token()}`,
    submissionId: ids?.submissionId ?? `submission-${token()}`,
    clientId: body.clientId ?? creatorOf(actor) ?? 'anonymous',
    numberOfSamples,
    serviceIds,
    requiredServiceInfo: kind === 'order' && body.requiredServiceInfo != null ? JSON.stringify(body.requiredServiceInfo) : null,
    sampleType: body.sampleType ?? null,
    submitted: new Date().toISOString(),
    [CREATED_BY]: creatorOf(actor),
  });
  return { order, plates, clientSampleIds };
}

/**
 * Where a sample sits, checked: a row is A to H; on a 96-well plate (any format but TUBES) a well is a row and a
 * column (B6, B06) agreeing with the sample's row and column. The key two samples of one plate may not share: the
 * well (normalised on a plate, as sent for tubes), else row and column; null when the sample says neither.
 */
function wellOf(sample: Record<string, any>, format: string | null, at: string): string | null {
  const { row, column, well } = sample;
  if (row != null && !ROW.test(row)) throw new BadRequestError(`${at}.row "${row}" is not a row of a 96-well plate (A to H); nothing was written.`);
  if (well != null && format !== 'TUBES') {
    const m = WELL.exec(well);
    if (!m) throw new BadRequestError(`${at}.well "${well}" is not a well of a 96-well plate (A1 to H12); nothing was written.`);
    if (row != null && row !== m[1]) throw new BadRequestError(`${at}.well "${well}" is not in row ${row}; nothing was written.`);
    if (column != null && column !== Number(m[2])) throw new BadRequestError(`${at}.well "${well}" is not in column ${column}; nothing was written.`);
    return `${m[1]}${Number(m[2])}`;
  }
  if (well != null) return String(well);
  return row != null && column != null ? `${row}${column}` : null;
}

/** Writes the planned order in one transaction; a clientSampleId naming no sample is a 400 and nothing is written. */
export async function submitOrder(graph: Graph, plan: OrderPlan): Promise<{ orderId: string; submissionId: string }> {
  const unknown = await unknownIds(graph, 'Sample', 'sampleDbId', plan.clientSampleIds);
  if (unknown.length) {
    throw new BadRequestError(`clientSampleId ${quoted(unknown)} names no sample of this server (the lab genotypes samples registered with POST /samples); nothing was written.`);
  }
  return graph.transaction(async (tx) => {
    const [row] = await tx.run<{ orderId: string; submissionId: string; samples: number }>(cypher('genotyping/lab/create-order'), { order: plan.order, plates: plan.plates });
    // A sample removed since the check: the order would miss it, so none is written.
    if (row.samples !== plan.clientSampleIds.length) throw new BadRequestError('A sample of the order no longer exists; nothing was written.');
    return { orderId: row.orderId, submissionId: row.submissionId };
  });
}

const parse = (v: unknown) => (typeof v === 'string' ? JSON.parse(v) : null);

/** A stored order as a VendorOrder. */
function presentOrder(o: Record<string, any>) {
  return {
    clientId: o.clientId ?? null,
    numberOfSamples: o.numberOfSamples ?? null,
    orderId: o.orderId,
    requiredServiceInfo: parse(o.requiredServiceInfo),
    serviceIds: o.serviceIds ?? [],
  };
}

/** A stored plate as a VendorPlate: its samples in the order they were sent, every member present. */
function presentPlate(p: Record<string, any>) {
  const samples = [...(p.samples as Array<Record<string, any>>)].sort((a, b) => a.sampleIndex - b.sampleIndex);
  return {
    clientPlateBarcode: p.clientPlateBarcode ?? null,
    clientPlateId: p.clientPlateId ?? null,
    sampleSubmissionFormat: p.sampleSubmissionFormat ?? null,
    samples: samples.map((v) => Object.fromEntries(SAMPLE_MEMBERS.map((m) => [m, SAMPLE_OBJECTS.includes(m) ? parse(v[m]) : v[m] ?? null]))),
  };
}

export async function listOrders(graph: Graph, filter: { orderIds: string[] | null; submissionIds: string[] | null }, page: number, pageSize: number) {
  const [row] = await graph.read<{ total: number; page: Array<Record<string, unknown>> }>(cypher('genotyping/lab/orders'), {
    orderIds: filter.orderIds, submissionIds: filter.submissionIds, ...pageBounds(page, pageSize),
  });
  return { total: row.total, data: row.page.map(presentOrder) };
}

/** An order's plates (one page), by orderId or submissionId; null: no such order. */
export async function orderPlates(graph: Graph, by: { orderId?: string; submissionId?: string }, page = 0, pageSize = 2 ** 31 - 1) {
  const [row] = await graph.read<{ order: Record<string, any>; total: number; page: Array<Record<string, any>> }>(cypher('genotyping/lab/order'), {
    orderId: by.orderId ?? null, submissionId: by.submissionId ?? null, ...pageBounds(page, pageSize),
  });
  return row ? { order: row.order, total: row.total, data: row.page.map(presentPlate) } : null;
}

export type OrderStatus = 'registered' | 'inProgress' | 'completed';

/** Registered while none of the order's samples has genotypes, in progress while some do, completed when all do. */
export async function orderStatus(graph: Graph, orderId: string): Promise<OrderStatus | null> {
  const [row] = await graph.read<{ samples: number; genotyped: number }>(cypher('genotyping/lab/status'), { orderId });
  if (!row) return null;
  if (row.genotyped === 0) return 'registered';
  return row.genotyped === row.samples ? 'completed' : 'inProgress';
}

export interface ResultSet {
  variantSetDbId: string;
  variantSetName: string | null;
  studyDbId: string | null;
  clientSampleIds: string[];
  callSetDbIds: string[];
}

/** One page of the variant sets holding call sets of the order's samples; null: no such order. */
export async function orderResults(graph: Graph, orderId: string, page: number, pageSize: number) {
  const [row] = await graph.read<{ total: number; page: ResultSet[] }>(cypher('genotyping/lab/results'), { orderId, ...pageBounds(page, pageSize) });
  return row ?? null;
}
