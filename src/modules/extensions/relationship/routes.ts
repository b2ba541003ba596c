// Extension (not in BrAPI, not listed by /serverinfo): inbreeding coefficients and the inverse relationship matrix
// (A-inverse) of the whole stored pedigree or of some germplasm and all their ancestors. GET with repeated
// germplasmDbId, or POST { germplasmDbIds, method } (a read); no germplasm: the whole database. JSON in the BrAPI
// envelope, CSV/TSV (Accept, or format=csv|tsv), and for A-inverse `format=giv`: the triplets as ASReml reads them.
// One Cypher statement reads the pedigree (query.ts); inverse.ts computes.
import { BadRequestError, NotFoundError } from '../../../errors.js';
import { respondDelimited, TABLE_TYPES, tableFormat, type TableFormat } from '../../../http/formats.js';
import { addStatus, respondOne } from '../../../http/envelope.js';
import { filterInput, reportIgnored } from '../../../http/query.js';
import { offering, read, type RouteDef } from '../../../http/routes.js';
import type { BrapiContext } from '../../../http/types.js';
import { computeGenerations } from './generations.js';
import { decompose, inverseTriplets, type Decomposition } from './inverse.js';
import type { PedigreeRecord } from '../kinship/kinship.js';
import { inverseTableOf, relationshipRequest, type RelationshipRequest } from './params.js';
import { readPedigree } from './query.js';

export const INBREEDING_PATH = '/extensions/inbreeding';
export const INVERSE_PATH = '/extensions/relationship-inverse';
export const GENERATIONS_PATH = '/extensions/generations';
const NAMED_IN_MESSAGES = 20;

type Answer = (ctx: BrapiContext, request: RelationshipRequest, dec: Decomposition, records: PedigreeRecord[]) => void;

/** GET and POST of one call: the answer's shape checked first, the request from the query string or the body, then
 * the shared computation. */
function both(path: string, shape: string[], check: (ctx: BrapiContext) => void, answer: Answer): RouteDef[] {
  return [
    read.get(path, async (ctx) => {
      check(ctx);
      const { germplasmDbId, method, ...rest } = filterInput(ctx);
      reportIgnored(ctx, Object.keys(rest).filter((k) => !shape.includes(k)));
      const ids = germplasmDbId === undefined ? undefined : [germplasmDbId].flat();
      const m = Array.isArray(method) ? method[method.length - 1] : method;
      await run(ctx, relationshipRequest(ids, m, { ids: 'germplasmDbId', method: 'method' }), answer);
    }),
    read.post(path, async (ctx) => {
      check(ctx);
      const body = ctx.request.body ?? {};
      if (body === null || typeof body !== 'object' || Array.isArray(body)) {
        throw new BadRequestError('The body must be an object: { "germplasmDbIds": [...], "method": "pedigree" | "inbred" } (no germplasmDbIds: the whole pedigree).');
      }
      const { germplasmDbIds, method, ...rest } = body as Record<string, unknown>;
      for (const member of Object.keys(rest)) addStatus(ctx, 'WARNING', `Member "${member}" is not used by this call and was ignored.`);
      reportIgnored(ctx, Object.keys(filterInput(ctx)).filter((k) => !shape.includes(k)));
      await run(ctx, relationshipRequest(germplasmDbIds, method, { ids: 'germplasmDbIds', method: 'method' }), answer);
    }),
  ];
}

const named = (ids: string[]) =>
  ids.slice(0, NAMED_IN_MESSAGES).map((id) => JSON.stringify(id)).join(', ') + (ids.length > NAMED_IN_MESSAGES ? ` and ${ids.length - NAMED_IN_MESSAGES} more` : '');

async function run(ctx: BrapiContext, request: RelationshipRequest, answer: Answer) {
  const records = await readPedigree(ctx.services.graph, request.ids);
  if (request.ids) {
    const found = new Set(records.map((r) => r.germplasmDbId));
    const unknown = request.ids.filter((id) => !found.has(id));
    if (unknown.length) throw new NotFoundError(`No germplasm has germplasmDbId ${named(unknown)}.`);
  }
  const dec = decompose(records, request.method);
  if (request.duplicates) addStatus(ctx, 'INFO', `${request.duplicates} repeated germplasmDbId(s) were counted once.`);
  if (dec.unusedParents.length) {
    const edges = dec.unusedParents.map((u) => `${u.germplasmDbId} -${u.parentType}-> ${u.parentDbId}`);
    addStatus(ctx, 'WARNING', `Parent relationships that fit no rule were left out: ${named(edges).replace(/"/g, '')}.`);
  }
  answer(ctx, request, dec, records);
}

/** The format of a call that also answers `giv` (A-inverse): giv, else JSON/CSV/TSV. */
function inverseFormat(ctx: BrapiContext): TableFormat | 'giv' {
  return ctx.query.format === 'giv' ? 'giv' : tableFormat(ctx, ctx.query.format);
}

const GENERATION_COLUMNS = ['germplasmDbId', 'germplasmName', 'maxGenerations', 'completeGenerations', 'equivalentGenerations', 'completeness', 'generationCode'] as const;

export const routes: RouteDef[] = [
  // Generations and completeness share the request (and the read) of inbreeding; `method` does not change them.
  ...offering(TABLE_TYPES, ...both(GENERATIONS_PATH, ['format'], (ctx) => tableFormat(ctx, ctx.query.format), (ctx, _request, _dec, records) => {
    const format = tableFormat(ctx, ctx.query.format);
    const data = computeGenerations(records);
    if (format === 'application/json') {
      respondOne(ctx, { germplasmCount: data.length, data });
      return;
    }
    respondDelimited(ctx, format, [[...GENERATION_COLUMNS], ...data.map((g) => GENERATION_COLUMNS.map((c) => String(g[c] ?? '')))]);
  })),

  ...offering(TABLE_TYPES, ...both(INBREEDING_PATH, ['format'], (ctx) => tableFormat(ctx, ctx.query.format), (ctx, request, dec) => {
    const format = tableFormat(ctx, ctx.query.format);
    if (format === 'application/json') {
      respondOne(ctx, {
        method: request.method,
        germplasmCount: dec.germplasm.length,
        data: dec.germplasm.map((g) => ({ germplasmDbId: g.germplasmDbId, germplasmName: g.germplasmName, inbreeding: g.inbreeding })),
      });
      return;
    }
    respondDelimited(ctx, format, [['germplasmDbId', 'germplasmName', 'inbreeding'], ...dec.germplasm.map((g) => [g.germplasmDbId, g.germplasmName ?? '', String(g.inbreeding)])]);
  })),

  ...offering([...TABLE_TYPES, 'text/plain'], ...both(INVERSE_PATH, ['format', 'table'], (ctx) => (inverseFormat(ctx), inverseTableOf(ctx.query.table)), (ctx, request, dec) => {
    const format = inverseFormat(ctx);
    const table = inverseTableOf(ctx.query.table);
    if (format === 'application/json') {
      const t = inverseTriplets(dec);
      const triplets = new Array<[number, number, number]>(t.row.length);
      for (let i = 0; i < t.row.length; i++) triplets[i] = [t.row[i], t.column[i], t.value[i]];
      respondOne(ctx, { method: request.method, rows: dec.rows, germplasm: dec.germplasm, triplets });
      return;
    }
    if (table === 'germplasm') {
      if (format === 'giv') throw new BadRequestError('format=giv holds the triplets only; ask table=germplasm as csv or tsv.');
      respondDelimited(ctx, format, [
        ['row', 'germplasmDbId', 'germplasmName', 'inbreeding', 'identicalTo'],
        ...dec.germplasm.map((g) => [String(g.row), g.germplasmDbId, g.germplasmName ?? '', String(g.inbreeding), g.identicalTo ?? '']),
      ]);
      return;
    }
    const t = inverseTriplets(dec);
    if (format === 'giv') {
      // ASReml's .giv: one "row column value" line per non-zero of the lower triangle, rows numbered as in the
      // germplasm table (table=germplasm), no header.
      const lines = new Array<string>(t.row.length);
      for (let i = 0; i < t.row.length; i++) lines[i] = `${t.row[i]} ${t.column[i]} ${t.value[i]}`;
      ctx.type = 'text/plain; charset=utf-8';
      ctx.set('Content-Disposition', 'attachment; filename="ainverse.giv"');
      ctx.body = lines.join('\n') + '\n';
      return;
    }
    const rows: string[][] = [['row', 'column', 'value']];
    for (let i = 0; i < t.row.length; i++) rows.push([String(t.row[i]), String(t.column[i]), String(t.value[i])]);
    respondDelimited(ctx, format, rows);
  })),
];
