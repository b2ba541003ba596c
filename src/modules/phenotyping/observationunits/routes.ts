// GET /observationlevels and GET /observationunits/table. The other unit calls are the generic ones
// (observationunits.entity.ts); POST /search/observationunits comes from src/search. Cypher: queries.ts.
import { compileWhere } from '../../../entities/filters.js';
import { listEntities, unknownIds } from '../../../entities/queries.js';
import { respondDelimited, TABLE_TYPES, tableFormat } from '../../../http/formats.js';
import { addStatus, respondList } from '../../../http/envelope.js';
import { filterInput, reportIgnored } from '../../../http/query.js';
import { offering, read, type RouteDef } from '../../../http/routes.js';
import type { BrapiContext } from '../../../http/types.js';
import { loadSpec } from '../../../openapi/spec.js';
import { studyEntity as studies } from '../../core/studies/studies.entity.js';
import { STANDARD_LEVELS, sortLevels, type Level, type Position } from './levels.js';
import { observationUnitEntity as units } from './observationunits.entity.js';
import { levelsInUse, unitTableCells, type Cell } from './queries.js';

export const routes: RouteDef[] = [
  read.get('/observationlevels', observationLevels),
  ...offering(TABLE_TYPES, read.get(`/${units.path}/table`, unitTable)),
];

// ---- GET /observationlevels ----------------------------------------------------------------------------------------

/** The call's filters select studies, as GET /studies does; each names the label its DbIds are of. */
const LEVEL_FILTERS = { programDbId: 'Program', trialDbId: 'Trial', studyDbId: 'Study' };

/**
 * The levels in use, distinct and in hierarchical order (levelOrder, then name), paged: every study's
 * observationLevels (its units' levels, or the ones it declares while it has no units), and with no filter also the
 * levels of units that belong to no study. So study.observationLevels is always part of this list.
 */
async function observationLevels(ctx: BrapiContext) {
  const input = filterInput(ctx);
  const filter = compileWhere({ filters: Object.fromEntries(Object.keys(LEVEL_FILTERS).map((f) => [f, studies.filters[f]])) }, input);
  reportIgnored(ctx, filter.ignored);
  const levels = sortLevels(await levelsInUse(ctx.services.graph, filter));
  if (!levels.length) {
    let named = false;
    for (const [name, label] of Object.entries(LEVEL_FILTERS)) {
      const values = [input[name] ?? []].flat();
      for (const id of await unknownIds(ctx.services.graph, label, name, values)) {
        addStatus(ctx, 'INFO', `No ${label} has ${name} "${id}".`);
        named = true;
      }
    }
    if (!named) addStatus(ctx, 'INFO', 'No observation level is in use here.');
  }
  const { page, pageSize } = ctx.state.paging;
  respondList(ctx, levels.length, levels.slice(page * pageSize, (page + 1) * pageSize));
}

// ---- GET /observationunits/table -----------------------------------------------------------------------------------

/** The header names the table schema allows: the unit columns, then the level columns (in the standard order). */
function headerNames() {
  const spec = loadSpec();
  const header = spec.resolveSchema(spec.schema('Phenotyping', 'ObservationUnitTable'))?.properties?.headerRow as { items: { enum: string[] } };
  const names = header.items.enum;
  return { columns: names.filter((n) => !STANDARD_LEVELS.includes(n)), levels: STANDARD_LEVELS.filter((n) => names.includes(n)) };
}

/**
 * One row per unit matching the filters of GET /observationunits (the page the paging parameters ask for, DbId order),
 * one column per variable observed on those units (observationVariableDbId picks the variables; DbId order), each cell
 * the unit's latest value of that variable. Unit columns as the spec lists them (year: the least year of the study's
 * seasons), then a column for each level the rows use, holding the unit's levelCode there. JSON as the spec's
 * ObservationUnitTable, CSV/TSV (by Accept) with the spec's two header rows.
 */
async function unitTable(ctx: BrapiContext) {
  const format = tableFormat(ctx);
  const { observationVariableDbId, ...input } = filterInput(ctx);
  const filter = compileWhere(units, input);
  reportIgnored(ctx, filter.ignored, units.unapplied);
  const graph = ctx.services.graph;
  const { total, data } = await listEntities(graph, units, filter, ctx.state.paging);
  const ids = data.map((u) => u.observationUnitDbId as string);
  const extra = await unitTableCells(graph, ids, observationVariableDbId === undefined ? null : [observationVariableDbId].flat().map(String));
  const byUnit = new Map(extra.map((e) => [e.id, e]));
  const variables = new Map<string, string | null>();
  for (const cell of extra.flatMap((e) => e.cells)) variables.set(cell.variable, cell.name);
  const variableIds = [...variables.keys()].sort();

  const header = headerNames();
  const levelsOf = (u: Record<string, unknown>): Level[] => {
    const position = u.observationUnitPosition as Position | null;
    return [...(position?.observationLevel ? [position.observationLevel] : []), ...(position?.observationLevelRelationships ?? [])];
  };
  const used = sortLevels(data.flatMap(levelsOf).filter((l) => header.levels.includes(l.levelName ?? '')).map((l) => ({ levelName: l.levelName!, levelOrder: l.levelOrder ?? null })));
  const levelColumns = [...new Set(used.map((l) => l.levelName!))];
  const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
  const rows = data.map((u) => {
    const position = (u.observationUnitPosition ?? {}) as Position;
    const latest = new Map<string, Cell>();
    for (const c of [...(byUnit.get(u.observationUnitDbId as string)?.cells ?? [])].sort((a, b) => a.at.localeCompare(b.at) || a.id.localeCompare(b.id))) latest.set(c.variable, c);
    return [
      ...['observationUnitDbId', 'observationUnitName', 'studyDbId', 'studyName', 'germplasmDbId', 'germplasmName'].map((f) => text(u[f])),
      text(position.positionCoordinateX), text(position.positionCoordinateY), text(byUnit.get(u.observationUnitDbId as string)?.year),
      ...levelColumns.map((name) => text(levelsOf(u).find((l) => l.levelName === name)?.levelCode)),
      ...variableIds.map((v) => text(latest.get(v)?.value)),
    ];
  });
  const headerRow = [...header.columns, ...levelColumns];
  if (!total) addStatus(ctx, 'INFO', `No ${units.label} matches these filters.`);
  if (format === 'application/json') {
    respondList(ctx, total, []);
    const observationVariables = variableIds.map((id) => ({ observationVariableDbId: id, observationVariableName: variables.get(id) ?? null }));
    ctx.body = { ...(ctx.body as object), result: { headerRow, observationVariables, data: rows.length ? rows : null } };
    return;
  }
  // CSV / TSV as the spec's examples: the header names then the variable DbIds; a second row with the variable names.
  respondDelimited(ctx, format, [
    [...headerRow, ...variableIds],
    [...headerRow.map(() => ''), ...variableIds.map((v) => text(variables.get(v)))],
    ...rows,
  ]);
}
