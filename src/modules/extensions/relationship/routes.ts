// Extension (not in BrAPI, not listed by /serverinfo): inbreeding coefficients and the inverse relationship matrix
// (A-inverse) of the whole stored pedigree or of some germplasm and all their ancestors. GET with repeated
// germplasmDbId, or POST { germplasmDbIds, method } (a read); no germplasm: the whole database. JSON in the BrAPI
// envelope, CSV/TSV (Accept, or format=csv|tsv), and for A-inverse `format=giv`: the triplets as ASReml reads them.
// One Cypher statement reads the pedigree (query.ts); inverse.ts computes.
import { BadRequestError, NotFoundError } from '../../../errors.js';
import { NumberRows } from '../../../http/body.js';
import { respondDelimited, TABLE_TYPES, tableFormat, type TableFormat } from '../../../http/formats.js';
import { addStatus, respondOne } from '../../../http/envelope.js';
import { offering, read, type RouteDef } from '../../../http/routes.js';
import type { BrapiContext } from '../../../http/types.js';
import type { ExtensionOperation } from '../../../openapi/document.js';
import { computeGenerations } from './generations.js';
import { decompose, inverseTriplets, type Decomposition } from './inverse.js';
import type { PedigreeRecord } from '../kinship/kinship.js';
import { generationsOperations, inbreedingOperations, inverseOperations } from './openapi.js';
import { relationshipRequest, type InverseTable, type RelationshipRequest } from './params.js';
import { readPedigree } from './query.js';

const NAMED_IN_MESSAGES = 20;

type Answer = (ctx: BrapiContext, request: RelationshipRequest, dec: Decomposition, records: PedigreeRecord[]) => void;

/**
 * GET and POST of one call (their parameters and bodies checked from the declarations); the answer's format
 * negotiated before the pedigree is read (a 406 costs no read), then the shared computation.
 */
function both([get, post]: ExtensionOperation[], format: (ctx: BrapiContext) => unknown, answer: Answer): RouteDef[] {
  return [
    read.operation(get, (ctx, { query }) => (format(ctx), run(ctx, relationshipRequest(query.germplasmDbId as string[] | undefined, query.method as string | undefined), answer))),
    read.operation(post, (ctx, { body }) => (format(ctx), run(ctx, relationshipRequest(body.germplasmDbIds as string[] | undefined, body.method as string | undefined), answer))),
  ];
}

const tableOnly = (ctx: BrapiContext) => tableFormat(ctx, ctx.query.format);

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
  ...offering(TABLE_TYPES, ...both(generationsOperations, tableOnly, (ctx, _request, _dec, records) => {
    const format = tableFormat(ctx, ctx.query.format);
    const data = computeGenerations(records);
    if (format === 'application/json') {
      respondOne(ctx, { germplasmCount: data.length, data });
      return;
    }
    respondDelimited(ctx, format, [[...GENERATION_COLUMNS], ...data.map((g) => GENERATION_COLUMNS.map((c) => String(g[c] ?? '')))]);
  })),

  ...offering(TABLE_TYPES, ...both(inbreedingOperations, tableOnly, (ctx, request, dec) => {
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

  ...offering([...TABLE_TYPES, 'text/plain'], ...both(inverseOperations, inverseFormat, (ctx, request, dec) => {
    const format = inverseFormat(ctx);
    const table = (ctx.query.table ?? 'triplets') as InverseTable;
    if (format === 'application/json') {
      const t = inverseTriplets(dec);
      respondOne(ctx, { method: request.method, rows: dec.rows, germplasm: dec.germplasm, triplets: new NumberRows([t.row, t.column, t.value]) });
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
