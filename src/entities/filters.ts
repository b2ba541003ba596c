// The one filter compiler: turns list query parameters and search bodies into a Cypher WHERE over `n`.
// Values are always parameters; property names, labels and paths come only from the entity's declaration.
import { BadRequestError } from '../errors.js';
import { searchArea } from './geojson.js';
import type { EntityDef, FilterSpec, FilterValueType } from './types.js';

export interface CompiledFilter {
  /**
   * Clauses that go before the MATCH of `n` (matchFiltered places them): each relationship filter's set of nodes,
   * computed once per statement from its related nodes, which `where` then tests `n` against.
   */
  anchors: string[];
  /** Boolean Cypher expression over `n` ('true' when nothing filters). */
  where: string;
  params: Record<string, unknown>;
  /** Input names that are not filters of this entity (the caller reports them as ignored). */
  ignored: string[];
}

/** Filter input: a name and one value or a list of values (a list means any of them). */
export type FilterInput = Record<string, unknown>;

const DATE = /^(\d{4})-(\d{2})-(\d{2})([T ]([01]\d|2[0-3]):[0-5]\d(:[0-5]\d(\.\d+)?)?(Z|[+-]\d{2}:?\d{2})?)?$/;
const DECIMAL = /^-?\d+(\.\d+)?([eE][+-]?\d+)?$/;

/** ISO 8601 date or date-time whose calendar date exists (2020-02-30 does not). */
function isIsoDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  // setUTCFullYear, not Date.UTC: the latter reads years 0 to 99 as 1900 to 1999.
  const date = new Date(0);
  date.setUTCFullYear(y, mo - 1, d);
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

/**
 * An ISO 8601 date-time as a UTC instant in `toISOString()` form, which compares as text (a missing zone is UTC); a
 * plain date stays as it is (as a lower bound it precedes the day's instants, an upper bound takes in the whole day).
 * Undefined when the value is no ISO date.
 */
export function utcTimestamp(value: string): string | undefined {
  const m = DATE.exec(value);
  if (!m || !isIsoDate(value)) return undefined;
  if (!m[4]) return value;
  const zoned = m[8] ? value.replace(/([+-]\d{2})(\d{2})$/, '$1:$2') : `${value}Z`;
  const instant = new Date(zoned.replace(' ', 'T'));
  // An offset beyond ±23:59 fits the pattern but names no instant.
  return Number.isNaN(instant.getTime()) ? undefined : instant.toISOString();
}

/** The stored UTC form of an `instants` field's value (types.ts), or null when it is no ISO date. */
export const utcInstant = (value: unknown): string | null => (typeof value === 'string' ? utcTimestamp(value) ?? null : null);

/** The clauses that find the filtered nodes of a label as `n`: the filter's anchors, then the MATCH. */
export function matchFiltered(label: string, filter: Pick<CompiledFilter, 'anchors' | 'where'>): string[] {
  return [...filter.anchors, `MATCH (n:${label})`, `WHERE ${filter.where}`];
}

/** Two filters at once (both must hold); their parameter prefixes must differ. */
export function bothFilters(a: CompiledFilter, b: CompiledFilter): CompiledFilter {
  const where = [a.where, b.where].filter((w) => w !== 'true').join(' AND ') || 'true';
  return { anchors: [...a.anchors, ...b.anchors], where, params: { ...a.params, ...b.params }, ignored: [...a.ignored, ...b.ignored] };
}

export function compileWhere(entity: Pick<EntityDef, 'filters'>, input: FilterInput, prefix = 'f'): CompiledFilter {
  const anchors: string[] = [];
  const clauses: string[] = [];
  const params: Record<string, unknown> = {};
  const ignored: string[] = [];
  let i = 0;
  for (const [name, raw] of Object.entries(input)) {
    const spec = Object.hasOwn(entity.filters, name) ? entity.filters[name] : undefined;
    if (!spec) {
      ignored.push(name);
      continue;
    }
    // An empty text value is no filter (clients send `name=` for a field left blank); an empty number, boolean or
    // date is a bad value, refused by coerce like any other.
    const typed = valueType(spec) !== 'string';
    const values = (Array.isArray(raw) ? raw : [raw]).filter((v) => v !== undefined && v !== null && (typed || v !== ''));
    if (values.length === 0) continue;
    const param = `${prefix}${i++}`;
    params[param] = coerce(name, spec, values);
    if (spec.kind === 'related') {
      anchors.push(relatedFromAnchor(spec, param));
      clauses.push(`elementId(n) IN ${reachedSet(param)}`);
    } else {
      clauses.push(clause(spec, param));
    }
  }
  return { anchors, where: clauses.length ? clauses.join(' AND ') : 'true', params, ignored };
}

/** The type of a filter's values (a `through` filter's are its inner filter's); text unless declared. */
export function valueType(spec: FilterSpec): string {
  if (spec.kind === 'through') return valueType(spec.filter);
  return ('type' in spec && spec.type) || 'string';
}

/** The clause over node variable `node` (`n`, or a node a `through` filter reached). */
function clause(spec: FilterSpec, param: string, node = 'n'): string {
  switch (spec.kind) {
    case 'eq':
      return `${node}.${spec.prop} IN $${param}`;
    case 'contains':
      return `ANY(v IN coalesce(${node}.${spec.prop}, []) WHERE v IN $${param})`;
    case 'min':
    case 'max': {
      // ISO dates compare as text; an upper bound that is a date takes in the whole day (any time on it).
      const upTo = spec.type === 'date' || spec.type === 'datetime' ? ` OR ${node}.${spec.prop} STARTS WITH $${param}` : '';
      const value = spec.shift ? `$${param} - ${spec.shift}` : `$${param}`;
      const bound = `${node}.${spec.prop} ${spec.kind === 'min' ? '>=' : '<='} ${value}`;
      const test = spec.kind === 'max' && upTo ? `(${bound}${upTo})` : bound;
      return spec.openWhenNull ? `(${node}.${spec.prop} IS NULL OR ${test})` : test;
    }
    case 'related': {
      // On `n` itself compileWhere anchors the filter instead; inside a `through` filter it is checked from the node.
      const paths = Array.isArray(spec.path) ? spec.path : [spec.path];
      const reached = paths.map((path) => `[(${node})${path}(r:${spec.label}) | r.${spec.prop}]`).join(' + ');
      return `ANY(v IN ${reached} WHERE v IN $${param})`;
    }
    case 'expr':
      // An expression is written over `n`: it cannot be applied to another node.
      if (node !== 'n') throw new Error('An expr filter cannot be used through another entity.');
      return `(${spec.expr}) IN $${param}`;
    case 'through': {
      const reached = `t_${param}`;
      return `ANY(${reached} IN [(${node})${spec.path}(${reached}:${spec.label}) | ${reached}] WHERE ${clause(spec.filter, param, reached)})`;
    }
    case 'area':
      return areaClause(`${node}.${spec.field}Point`, `${node}.${spec.field}Ring`, `$${param}`, param);
    case 'object': {
      // A member the value leaves out (null) matches anything.
      const at = (prop: string) => (spec.list ? `${node}.${prop}[i]` : `${node}.${prop}`);
      const test = Object.entries(spec.members).map(([m, { prop }]) => `(v.${m} IS NULL OR ${at(prop)} = v.${m})`).join(' AND ');
      if (!spec.list) return `ANY(v IN $${param} WHERE ${test})`;
      const first = Object.values(spec.members)[0].prop;
      return `ANY(v IN $${param} WHERE ANY(i IN range(0, size(coalesce(${node}.${first}, [])) - 1) WHERE ${test}))`;
    }
  }
}

const reachedSet = (param: string) => `reached_${param}`;

/**
 * The element ids of the nodes from which a related node with one of the values is reached: the related nodes are
 * found first (by their index) and each path is walked backwards from them, once per statement, in a subquery before
 * the MATCH of `n`; `n` is then sought by element id rather than each candidate walking the path (the plan is
 * checked in cypher-explain.test.ts). UNION returns each node once (a node listed twice would be sought twice).
 */
function relatedFromAnchor(spec: Extract<FilterSpec, { kind: 'related' }>, param: string): string {
  const paths = Array.isArray(spec.path) ? spec.path : [spec.path];
  const distinct = paths.length > 1 ? '' : 'DISTINCT ';
  const branches = paths.map((path) => `MATCH (a:${spec.label}) WHERE a.${spec.prop} IN $${param} MATCH (m)${path}(a) RETURN ${distinct}elementId(m) AS id`);
  return `CALL () { RETURN COLLECT { ${branches.join(' UNION ')} } AS ${reachedSet(param)} }`;
}

/** The variables a filter's anchors bind, which `where` reads: a statement that leaves their scope carries them. */
export function anchorVariables(filter: Pick<CompiledFilter, 'anchors'>): string[] {
  return filter.anchors.map((anchor) => {
    const bound = / AS (reached_\w+) }$/.exec(anchor);
    if (!bound) throw new Error(`an anchor that binds no set: ${anchor}`);
    return bound[1];
  });
}

function coerce(name: string, spec: FilterSpec, values: unknown[]): unknown {
  if (spec.kind === 'through') return coerce(name, spec.filter, values);
  if (spec.kind === 'object') return values.map((v) => coerceObject(name, spec.members, v));
  if (spec.kind === 'area') {
    if (values.length > 1) throw new BadRequestError(`${name} takes a single area.`);
    return searchArea(values[0], name);
  }
  const type: FilterValueType = spec.type ?? 'string';
  const aliases = spec.kind === 'eq' ? spec.aliases : undefined;
  // Own keys only: a value such as 'constructor' must not pick up Object.prototype's members.
  const converted = values.map((v) => convert(name, type, v)).map((v) => (aliases && typeof v === 'string' && Object.hasOwn(aliases, v) ? aliases[v] : v));
  // A range takes one bound; a list of bounds has no meaning.
  if (spec.kind === 'min' || spec.kind === 'max') {
    if (converted.length > 1) throw new BadRequestError(`${name} takes a single value.`);
    return converted[0];
  }
  return converted;
}

/** One object value: its members converted to their types; a plain value is the first member. */
function coerceObject(name: string, members: Record<string, { type?: FilterValueType }>, value: unknown): Record<string, unknown> {
  const object = value !== null && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>)
    : { [Object.keys(members)[0]]: value };
  const out: Record<string, unknown> = {};
  for (const [member, v] of Object.entries(object)) {
    if (!Object.hasOwn(members, member)) throw new BadRequestError(`${name}.${member} is not supported; use ${Object.keys(members).join(', ')}.`);
    if (v !== null && v !== undefined) out[member] = convert(`${name}.${member}`, members[member].type ?? 'string', v);
  }
  return out;
}

function convert(name: string, type: FilterValueType, value: unknown): unknown {
  switch (type) {
    case 'string':
      if (typeof value === 'string') return value;
      if (typeof value === 'number' || typeof value === 'boolean') return String(value);
      break;
    case 'number':
    case 'integer': {
      const n = typeof value === 'number' ? value : typeof value === 'string' && DECIMAL.test(value) ? Number(value) : NaN;
      // Whole numbers only where exact (within ±2^53), as the served document bounds them.
      if (Number.isFinite(n) && (type === 'number' || Number.isSafeInteger(n))) return n;
      break;
    }
    case 'boolean':
      if (typeof value === 'boolean') return value;
      if (value === 'true' || value === 'false') return value === 'true';
      break;
    case 'date':
      // The files type some date ranges as date-times: such a bound becomes its UTC instant, against which a stored
      // date compares as the start of its day.
      if (typeof value === 'string' && isIsoDate(value)) {
        const instant = utcTimestamp(value);
        if (instant) return instant;
      }
      break;
    case 'datetime': {
      const instant = typeof value === 'string' ? utcTimestamp(value) : undefined;
      if (instant) return instant;
      break;
    }
  }
  const expected = type === 'date' ? 'an ISO 8601 date' : type === 'datetime' ? 'an ISO 8601 date-time' : `a${type === 'integer' ? 'n' : ''} ${type}`;
  throw new BadRequestError(`${name} must be ${expected}; got ${JSON.stringify(value)}.`);
}

/**
 * A stored Point inside the search area (a SearchArea parameter), or a stored Polygon ring meeting it: a vertex of
 * one inside the other, or two edges crossing. Point-in-polygon is the even-odd crossing rule (Shimrat 1962,
 * "Algorithm 112: position of point relative to polygon", CACM 5(8)), written without division so a horizontal edge
 * needs no special case. The bounding box comes first, as a call a point index serves.
 */
function areaClause(point: string, ring: string, area: string, tag: string): string {
  const [e, v, q, i] = ['e', 'v', 'q', 'i'].map((name) => `${name}_${tag}`);
  // Whether the horizontal ray from (x, y) to the east crosses edge [x1, y1, x2, y2] (as Cypher over list members).
  const crossesRay = (x: string, y: string, x1: string, y1: string, x2: string, y2: string) =>
    `(${y1} > ${y}) <> (${y2} > ${y}) AND ((${x} - ${x1}) * (${y2} - ${y1}) - (${x2} - ${x1}) * (${y} - ${y1})) * sign(${y2} - ${y1}) < 0`;
  const inArea = (p: string) =>
    `size([${e} IN ${area}.edges WHERE ${crossesRay(`${p}.x`, `${p}.y`, `${e}[0]`, `${e}[1]`, `${e}[2]`, `${e}[3]`)}]) % 2 = 1`;
  const inRing = (x: string, y: string) =>
    `size([${i} IN range(0, size(${ring}) - 2) WHERE ${crossesRay(x, y, `${ring}[${i}].x`, `${ring}[${i}].y`, `${ring}[${i} + 1].x`, `${ring}[${i} + 1].y`)}]) % 2 = 1`;
  const side = (ax: string, ay: string, bx: string, by: string, cx: string, cy: string) =>
    `sign((${bx} - ${ax}) * (${cy} - ${ay}) - (${by} - ${ay}) * (${cx} - ${ax}))`;
  const [p1x, p1y, p2x, p2y] = [`${ring}[${i}].x`, `${ring}[${i}].y`, `${ring}[${i} + 1].x`, `${ring}[${i} + 1].y`];
  const edgesCross = `ANY(${i} IN range(0, size(${ring}) - 2) WHERE ANY(${e} IN ${area}.edges WHERE `
    + `${side(p1x, p1y, p2x, p2y, `${e}[0]`, `${e}[1]`)} * ${side(p1x, p1y, p2x, p2y, `${e}[2]`, `${e}[3]`)} < 0 AND `
    + `${side(`${e}[0]`, `${e}[1]`, `${e}[2]`, `${e}[3]`, p1x, p1y)} * ${side(`${e}[0]`, `${e}[1]`, `${e}[2]`, `${e}[3]`, p2x, p2y)} < 0))`;
  const box = `point.withinBBox(${point}, point({longitude: ${area}.west, latitude: ${area}.south}), point({longitude: ${area}.east, latitude: ${area}.north}))`;
  const polygon = `(${ring} IS NOT NULL AND (ANY(${v} IN ${ring} WHERE ${inArea(v)}) OR ANY(${q} IN ${area}.vertices WHERE ${inRing(`${q}[0]`, `${q}[1]`)}) OR ${edgesCross}))`;
  return `((${box} AND ${inArea(point)}) OR ${polygon})`;
}
