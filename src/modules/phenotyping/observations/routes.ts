// GET /observations/table (the sparse time-series table, as JSON, CSV or TSV) and POST /delete/observations. The
// list, get, create and update calls are the generic ones (observations.entity.ts); POST /search/observations comes
// from src/search. Cypher: queries.ts.
import { deleteEntities } from '../../../entities/commands/deleteEntities.js';
import { compileWhere } from '../../../entities/filters.js';
import { BadRequestError } from '../../../errors.js';
import { respondDelimited, TABLE_TYPES, tableFormat } from '../../../http/formats.js';
import { addStatus, respondList, respondOne } from '../../../http/envelope.js';
import { filterInput, reportIgnored } from '../../../http/query.js';
import { offering, read, write, type RouteDef } from '../../../http/routes.js';
import type { BrapiContext } from '../../../http/types.js';
import { validateBody } from '../../../http/validate.js';
import { loadSpec } from '../../../openapi/spec.js';
import { searchInput } from '../../../search/members.js';
import { readSearch } from '../../../search/saved.js';
import type { Level, Position } from '../observationunits/levels.js';
import { observationEntity as obs } from './observations.entity.js';
import { readTable, type TableObservation, type TableUnit } from './queries.js';

export const routes: RouteDef[] = [
  ...offering(TABLE_TYPES, read.get('/observations/table', observationTable)),
  write.post('/delete/observations', deleteObservations),
];

// ---- GET /observations/table -------------------------------------------------------------------------------------

const TABLE = '/observations/table';
/** Slice end that takes a whole saved snapshot (a list index must fit a 32-bit integer on Neo4j 3.1). */
const ALL = 2 ** 31 - 1;
/** Columns before the variables (every optional one the spec lists), then the level columns its enum allows. */
const HEADER = ['observationTimeStamp', 'observationUnitDbId', 'observationUnitName', 'studyDbId', 'studyName', 'germplasmDbId',
  'germplasmName', 'positionCoordinateX', 'positionCoordinateY', 'year'];
const LEVEL_COLUMNS = ['field', 'entry', 'rep', 'block', 'plot', 'sub-plot', 'plant', 'pot'];

type TableRow = { unit: string; instant: string | null; timeStamp: string | null; year: number | null; cells: Map<string, string> };

/** The table's filters: those of GET /observations it declares (`observationLevel` is the unit's level name). */
function tableFilters() {
  const names = loadSpec().queryParameters('get', TABLE).map((p) => p.name);
  return { filters: Object.fromEntries(names.filter((n) => Object.hasOwn(obs.filters, n)).map((n) => [n, obs.filters[n]])) };
}

async function observationTable(ctx: BrapiContext) {
  const format = tableFormat(ctx);
  const { searchResultsDbId, ...input } = filterInput(ctx);
  const filter = compileWhere(tableFilters(), input);
  reportIgnored(ctx, filter.ignored, obs.unapplied);
  // searchResultsDbId: the table of a saved POST /search/observations (AND the other filters).
  if (searchResultsDbId !== undefined) {
    if (typeof searchResultsDbId !== 'string') throw new BadRequestError('searchResultsDbId takes a single value.');
    const saved = await readSearch(ctx.services, obs.path, searchResultsDbId, ctx.state.actor.userId, 0, ALL);
    if (saved.status === 'pending') {
      // Still running, as GET /search/observations/{searchResultsDbId} would say.
      respondOne(ctx, { searchResultsDbId });
      ctx.status = 202;
      return;
    }
    filter.where += ` AND n.${obs.idField} IN $savedIds`;
    filter.params.savedIds = saved.ids;
  }
  const { observations, units, variables } = await readTable(ctx.services.graph, filter);
  const table = buildTable(observations, units, variables);
  const { page, pageSize } = ctx.state.paging;
  const rows = table.rows.slice(page * pageSize, (page + 1) * pageSize).map(table.cells);
  if (table.rows.length === 0) addStatus(ctx, 'INFO', 'No observation with a unit and a variable matches these filters.');
  if (format === 'application/json') {
    // The list envelope gives the pagination (of table rows); the result is the table itself.
    respondList(ctx, table.rows.length, []);
    const body = ctx.body as Record<string, unknown>;
    ctx.body = { ...body, result: { headerRow: table.headerRow, observationVariables: table.variables, data: rows.length ? rows : null } };
    return;
  }
  // CSV / TSV as the spec's examples: header names then variable DbIds; a second row with the variable names.
  respondDelimited(ctx, format, [
    [...table.headerRow, ...table.variables.map((v) => v.observationVariableDbId)],
    [...table.headerRow.map(() => ''), ...table.variables.map((v) => v.observationVariableName ?? '')],
    ...rows,
  ]);
}

/**
 * Sparse rows: one per unit and time stamp, holding the values of the variables observed then; a second value of
 * the same variable at the same time starts another row rather than being lost. Variable columns in DbId order;
 * level columns for the levels the units use (those the table schema names), top level first.
 */
function buildTable(observations: TableObservation[], units: TableUnit[], variables: Array<{ id: string; name: string | null }>) {
  const rows: TableRow[] = [];
  for (const o of observations) {
    const last = rows[rows.length - 1];
    if (last && last.unit === o.unit && last.instant === o.instant && !last.cells.has(o.variable)) {
      last.cells.set(o.variable, text(o.value));
      last.year ??= o.year;
    } else {
      rows.push({ unit: o.unit, instant: o.instant, timeStamp: o.timeStamp, year: o.year, cells: new Map([[o.variable, text(o.value)]]) });
    }
  }
  const columns = [...variables].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const unitById = new Map(units.map((u) => [u.id, { ...u, ...positionOf(u.position) }]));
  const order = new Map<string, number>();
  for (const { levels } of unitById.values()) {
    for (const { levelName, levelOrder } of levels) {
      if (levelName && LEVEL_COLUMNS.includes(levelName)) order.set(levelName, Math.min(order.get(levelName) ?? Infinity, levelOrder ?? Infinity));
    }
  }
  const levelColumns = [...order.keys()].sort((a, b) => (order.get(a) as number) - (order.get(b) as number) || LEVEL_COLUMNS.indexOf(a) - LEVEL_COLUMNS.indexOf(b));
  const cells = (row: TableRow): string[] => {
    const u = unitById.get(row.unit);
    const code = (name: string) => text(u?.levels.find((l) => l.levelName === name)?.levelCode);
    return [text(row.timeStamp), row.unit, text(u?.name), text(u?.study?.id), text(u?.study?.name), text(u?.germplasm?.id), text(u?.germplasm?.name),
      text(u?.x), text(u?.y), text(row.year), ...levelColumns.map(code), ...columns.map((v) => row.cells.get(v.id) ?? '')];
  };
  return {
    headerRow: [...HEADER, ...levelColumns],
    variables: columns.map((v) => ({ observationVariableDbId: v.id, observationVariableName: v.name })),
    rows,
    cells,
  };
}

/** A unit's coordinates and levels (its own and those above it) from its stored observationUnitPosition. */
function positionOf(stored: string | null) {
  const position = (stored ? JSON.parse(stored) : {}) as Position;
  const levels = [position.observationLevel, ...(position.observationLevelRelationships ?? [])].filter((l): l is Level => !!l);
  return { x: position.positionCoordinateX, y: position.positionCoordinateY, levels };
}

function text(value: unknown): string {
  return value === null || value === undefined ? '' : String(value);
}

// ---- POST /delete/observations -----------------------------------------------------------------------------------

const DELETE = '/delete/observations';

/**
 * The body is an ObservationSearchRequest (BRAVA posts a list of them, `[{}]`; a list is taken too, as their union):
 * every observation matching all members of a request is deleted, with its relationships (an image no longer
 * depicts it), all in one transaction. An observationDbId that names no observation is a 404 naming it, and nothing
 * is deleted. A request without any criterion deletes nothing (200 with a WARNING): an empty body never wipes data.
 */
async function deleteObservations(ctx: BrapiContext) {
  const body = ctx.request.body;
  const requests = Array.isArray(body) ? body : [body];
  const accepted = new Set(Object.keys(obs.filters));
  const named = new Set<string>();
  const filters = requests.flatMap((request, i) => {
    const where = Array.isArray(body) ? `body[${i}]` : 'The body';
    if (request === null || typeof request !== 'object' || Array.isArray(request)) throw new BadRequestError(`${where} must be an ObservationSearchRequest object.`);
    validateBody('post', DELETE, request);
    const { input, ignored } = searchInput(request as Record<string, unknown>, accepted, ctx.services.config.maxPageSize);
    for (const member of ignored) addStatus(ctx, 'WARNING', `Member "${member}" is not a criterion of this delete and was ignored.`);
    for (const id of (input.observationDbId as string[] | undefined) ?? []) named.add(id);
    const filter = compileWhere(obs, input);
    if (filter.where !== 'true') return [filter];
    addStatus(ctx, 'WARNING', `${where} names no criterion, so it deletes nothing.`);
    return [];
  });
  const deleted = await deleteEntities(ctx.services.graph, { entity: obs, filters, named: [...named], actor: ctx.state.actor });
  if (!deleted.length) addStatus(ctx, 'INFO', 'No observation matched, so none was deleted.');
  respondOne(ctx, { observationDbIds: deleted });
}
