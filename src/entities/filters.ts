// The one filter compiler: turns list query parameters and search bodies into a Cypher WHERE over `n`.
// Values are always parameters; property names, labels and paths come only from the entity's declaration.
import { BadRequestError } from '../errors.js';
import type { EntityDef, FilterSpec, FilterValueType } from './types.js';

export interface CompiledFilter {
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
  const date = new Date(Date.UTC(y, mo - 1, d));
  return date.getUTCFullYear() === y && date.getUTCMonth() === mo - 1 && date.getUTCDate() === d;
}

export function compileWhere(entity: Pick<EntityDef, 'filters'>, input: FilterInput, prefix = 'f'): CompiledFilter {
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
    const values = (Array.isArray(raw) ? raw : [raw]).filter((v) => v !== undefined && v !== null && v !== '');
    if (values.length === 0) continue;
    const param = `${prefix}${i++}`;
    params[param] = coerce(name, spec, values);
    clauses.push(clause(spec, param));
  }
  return { where: clauses.length ? clauses.join(' AND ') : 'true', params, ignored };
}

function clause(spec: FilterSpec, param: string): string {
  switch (spec.kind) {
    case 'eq':
      return `n.${spec.prop} IN $${param}`;
    case 'contains':
      return `ANY(v IN coalesce(n.${spec.prop}, []) WHERE v IN $${param})`;
    case 'min':
    case 'max': {
      // ISO dates compare as text; an upper bound that is a date takes in the whole day (any time on it).
      const upTo = spec.type === 'date' ? ` OR n.${spec.prop} STARTS WITH $${param}` : '';
      const bound = `n.${spec.prop} ${spec.kind === 'min' ? '>=' : '<='} $${param}`;
      const test = spec.kind === 'max' && upTo ? `(${bound}${upTo})` : bound;
      return spec.openWhenNull ? `(n.${spec.prop} IS NULL OR ${test})` : test;
    }
    case 'related': {
      const paths = Array.isArray(spec.path) ? spec.path : [spec.path];
      const reached = paths.map((path) => `[(n)${path}(r:${spec.label}) | r.${spec.prop}]`).join(' + ');
      return `ANY(v IN ${reached} WHERE v IN $${param})`;
    }
    case 'expr':
      return `(${spec.expr}) IN $${param}`;
  }
}

function coerce(name: string, spec: FilterSpec, values: unknown[]): unknown {
  const type: FilterValueType = spec.type ?? 'string';
  const aliases = spec.kind === 'eq' ? spec.aliases : undefined;
  const converted = values.map((v) => convert(name, type, v)).map((v) => (aliases && typeof v === 'string' ? aliases[v] ?? v : v));
  // A range takes one bound; a list of bounds has no meaning.
  if (spec.kind === 'min' || spec.kind === 'max') {
    if (converted.length > 1) throw new BadRequestError(`${name} takes a single value.`);
    return converted[0];
  }
  return converted;
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
      if (Number.isFinite(n) && (type === 'number' || Number.isInteger(n))) return n;
      break;
    }
    case 'boolean':
      if (typeof value === 'boolean') return value;
      if (value === 'true' || value === 'false') return value === 'true';
      break;
    case 'date':
      if (typeof value === 'string' && isIsoDate(value)) return value;
      break;
  }
  const expected = type === 'date' ? 'an ISO 8601 date' : `a${type === 'integer' ? 'n' : ''} ${type}`;
  throw new BadRequestError(`${name} must be ${expected}; got ${JSON.stringify(value)}.`);
}
