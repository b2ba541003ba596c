// Observation levels (service-spec "Observation level"): the accepted level names in their standard order, the plain
// properties a unit's levels are indexed by, and a study's levels (study.observationLevels) as the graph gives them.

/** The accepted level names, top to bottom; a level sent without levelOrder may take its place here (study 0 ...). */
export const STANDARD_LEVELS = ['study', 'field', 'entry', 'rep', 'block', 'sub-block', 'plot', 'sub-plot', 'plant', 'pot', 'sample'];

export interface Level {
  levelName?: string | null;
  levelOrder?: number | null;
  levelCode?: string | null;
  observationUnitDbId?: string | null;
}

export interface Position {
  observationLevel?: Level | null;
  observationLevelRelationships?: Level[] | null;
  [member: string]: unknown;
}

/** A level as GET /observationlevels lists it. */
export interface HierarchyLevel {
  levelName: string | null;
  levelOrder: number | null;
}

/** Distinct levels in hierarchical order: levelOrder, then levelName. */
export function sortLevels(levels: HierarchyLevel[]): HierarchyLevel[] {
  const seen = new Map(levels.map((l) => [`${l.levelOrder}\u0000${l.levelName}`, l]));
  return [...seen.values()].sort((a, b) => (a.levelOrder ?? Infinity) - (b.levelOrder ?? Infinity) || String(a.levelName).localeCompare(String(b.levelName)));
}

/**
 * The plain properties a unit's position is indexed by (filters, the study's levels, the hierarchy check): its own
 * level, its relationships as parallel lists (one position per relationship, '' for a missing code or unit, since
 * stored lists hold no nulls; every levelOrder is set once the hierarchy check has run), and the distinct levels it uses.
 */
export function levelProps(position: Position | null): Record<string, unknown> {
  const own = position?.observationLevel ?? null;
  const rels = position?.observationLevelRelationships ?? [];
  const used = sortLevels([...(own ? [own] : []), ...rels].map((l) => ({ levelName: l.levelName ?? null, levelOrder: l.levelOrder ?? null })));
  const list = <T>(values: T[]) => (values.length ? values : null);
  return {
    levelName: own?.levelName ?? null,
    levelOrder: own?.levelOrder ?? null,
    levelCode: own?.levelCode ?? null,
    relationshipLevelNames: list(rels.map((r) => r.levelName ?? '')),
    relationshipLevelOrders: list(rels.map((r) => r.levelOrder ?? -1)),
    relationshipLevelCodes: list(rels.map((r) => r.levelCode ?? '')),
    relationshipUnitDbIds: list(rels.map((r) => r.observationUnitDbId ?? '')),
    hierarchyLevelNames: list(used.map((l) => l.levelName ?? '')),
    hierarchyLevelOrders: list(used.map((l) => l.levelOrder ?? -1)),
  };
}

/** `{levelName, levelOrder}` maps of the lists `names`/`orders` of node `u` (as the unit's derived properties). */
function zipped(u: string, names: string, orders: string): string {
  return `[i IN range(0, size(coalesce(${u}.${names}, [])) - 1) | {levelName: ${u}.${names}[i], levelOrder: ${u}.${orders}[i]}]`;
}

/** Distinct maps of `list` (an expression) in hierarchical order: an insertion sort, since Cypher 3.1 has no list sort. */
function sortedDistinct(list: string): string {
  const before = '(y.levelOrder < x.levelOrder OR (y.levelOrder = x.levelOrder AND y.levelName < x.levelName))';
  return `reduce(s = [], x IN ${list} | CASE WHEN x IN s THEN s ELSE [y IN s WHERE ${before}] + [x] + [y IN s WHERE NOT ${before}] END)`;
}

const LEVELLED_UNITS = '[(n)<-[:IN_STUDY]-(ou:ObservationUnit) WHERE ou.hierarchyLevelNames IS NOT NULL | ou]';

/** The levels the units of study `n` use (their own and their relationships'), in hierarchical order; [] if none. */
const STUDY_UNIT_LEVELS = sortedDistinct(
  `reduce(a = [], l IN [(n)<-[:IN_STUDY]-(ou:ObservationUnit) WHERE ou.hierarchyLevelNames IS NOT NULL | ${zipped('ou', 'hierarchyLevelNames', 'hierarchyLevelOrders')}] | a + l)`,
);

/** Levels of unit `u` (no study): the same maps. */
export const UNIT_LEVELS = zipped('u', 'hierarchyLevelNames', 'hierarchyLevelOrders');

/**
 * study.observationLevels: the levels its units use, once it has units with levels; before that the levels the study
 * declares (stored as the lists declaredLevels derives, '' for a missing member). So it is always part of
 * GET /observationlevels, which lists exactly these per study.
 */
export const STUDY_LEVELS = `CASE WHEN size(${LEVELLED_UNITS}) > 0 THEN ${STUDY_UNIT_LEVELS}
  WHEN n.declaredLevelNames IS NULL THEN null
  ELSE [i IN range(0, size(n.declaredLevelNames) - 1) | {
    levelName: CASE n.declaredLevelNames[i] WHEN '' THEN null ELSE n.declaredLevelNames[i] END,
    levelOrder: CASE n.declaredLevelOrders[i] WHEN '' THEN null ELSE toInteger(n.declaredLevelOrders[i]) END}] END`;

/** A study's declared observationLevels as two parallel plain lists (levelOrder as text, '' when missing). */
export function declaredLevels(record: Record<string, unknown>): Record<string, unknown> {
  if (!Object.hasOwn(record, 'observationLevels')) return {};
  const levels = record.observationLevels as HierarchyLevel[] | null;
  if (!Array.isArray(levels)) return { declaredLevelNames: null, declaredLevelOrders: null };
  return {
    declaredLevelNames: levels.map((l) => l?.levelName ?? ''),
    declaredLevelOrders: levels.map((l) => (typeof l?.levelOrder === 'number' ? String(l.levelOrder) : '')),
  };
}
