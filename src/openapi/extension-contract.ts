// An extension's one contract is its OpenAPI fragment, the one /docs shows: its query parameters, path parameters and
// JSON body are checked from it by ajv, compiled once when the route module loads (src/http/routes.ts, `operation`).
// A 400 names the parameter or member, what it must be (in words, from the schema) and what was given. Rules between
// members are stated in the schema too (allOf / anyOf / not), each with a description that is its message. Shared
// parameters given by $ref (page, pageSize, the authorization header) are the middleware's to check. What the
// operation does not declare is returned as ignored (the route reports it as a WARNING).
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import ajvFormats from 'ajv-formats';
import { BadRequestError } from '../errors.js';
import type { ExtensionOperation } from './document.js';
import { jsonPath } from './spec.js';

type Schema = Record<string, any>;
type Query = Record<string, string | string[] | undefined>;

// ajv-formats is CommonJS; under NodeNext its default import is the module object.
const addFormats = ((ajvFormats as any).default ?? ajvFormats) as (ajv: Ajv) => Ajv;
// Query and path values are text: "12" is read as the integer 12 before the bounds are checked.
const textAjv = addFormats(new Ajv({ strict: false, coerceTypes: true, verbose: true }));
// Bodies are JSON: a value must already have its type. Every error is collected, the clearest is reported.
const bodyAjv = addFormats(new Ajv({ strict: false, allErrors: true, verbose: true }));

/** Query parameters that are the paging middleware's, never reported as ignored. */
const PAGING = new Set(['page', 'pageSize', 'pageToken']);
/** Rules whose branches' own errors only say why a branch failed (allOf's parts are plain requirements). */
const RULES = ['anyOf', 'oneOf', 'not'];

/** What a request holds once its operation's contract has accepted it. */
export interface ExtensionInput {
  /** The declared query parameters given, typed by their schemas (a number, a list of strings). */
  query: Record<string, unknown>;
  /** The JSON body (an object when the operation declares one; `{}` when it declares none). */
  body: Record<string, unknown>;
  /** Query parameters the operation does not declare (paging ones aside). */
  ignoredQuery: string[];
  /** Body members the body schema does not list. */
  ignoredMembers: string[];
}

export interface ExtensionRequest {
  query: Query;
  params: Record<string, string>;
  body: unknown;
}

export interface ExtensionContract {
  operation: ExtensionOperation;
  /** The query and path parameters compiled from the fragment, by name. */
  queryParameters: string[];
  pathParameters: string[];
  /** The body's top-level members, when the operation declares a JSON body. */
  bodyMembers: string[] | null;
  /** The checked input, or a BadRequestError naming the first parameter or member that does not fit. */
  check(request: ExtensionRequest): ExtensionInput;
}

interface Declared {
  name: string;
  in: string;
  required?: boolean;
  description?: string;
  explode?: boolean;
  schema?: Schema;
  $ref?: string;
}

interface Parameter {
  name: string;
  required: boolean;
  description?: string;
  list: boolean;
  /** Form style without explode: one value, comma-separated (a repeated parameter: each value whole). */
  commas: boolean;
  check: ValidateFunction;
}

/** Compiles the operation's fragment; a fragment ajv cannot compile (or a rule without words) stops the start. */
export function extensionContract(op: ExtensionOperation): ExtensionContract {
  const where = `${op.method.toUpperCase()} ${op.path}`;
  const declared = ((op.operation.parameters ?? []) as Declared[]).filter((p) => !p.$ref);
  const compile = (location: string) =>
    declared.filter((p) => p.in === location).map((p): Parameter => {
      const schema = toJsonSchema(p.schema ?? {}, `${where} ${p.name}`);
      return {
        name: p.name,
        required: p.required === true,
        description: p.description,
        list: schema.type === 'array',
        commas: p.explode === false,
        check: textAjv.compile({ type: 'object', properties: { v: schema } }),
      };
    });
  const query = compile('query');
  const path = compile('path');
  const bodySchema = (op.operation.requestBody as { content?: Record<string, { schema?: Schema }> } | undefined)?.content?.['application/json']?.schema;
  const body = bodySchema ? toJsonSchema(bodySchema, `${where} body`) : undefined;
  const checkBody = body ? bodyAjv.compile(body) : undefined;
  const members = body?.properties ? Object.keys(body.properties) : null;
  const declaredQuery = new Set(declared.filter((p) => p.in === 'query').map((p) => p.name));

  return {
    operation: op,
    queryParameters: query.map((p) => p.name),
    pathParameters: path.map((p) => p.name),
    bodyMembers: body ? members ?? [] : null,
    check(request) {
      const input: ExtensionInput = { query: {}, body: {}, ignoredQuery: [], ignoredMembers: [] };
      for (const p of path) checkText(p, 'Path', request.params[p.name]);
      for (const p of query) {
        const value = checkText(p, 'Query', request.query[p.name]);
        if (value !== undefined) input.query[p.name] = value;
      }
      input.ignoredQuery = Object.keys(request.query).filter((k) => request.query[k] !== undefined && !declaredQuery.has(k) && !PAGING.has(k));
      if (checkBody) {
        if (!checkBody(request.body)) throw new BadRequestError(bodyMessage(checkBody.errors ?? []));
        input.body = request.body as Record<string, unknown>;
        if (members && body!.additionalProperties === undefined) input.ignoredMembers = Object.keys(input.body).filter((m) => !members.includes(m));
      }
      return input;
    },
  };
}

/** One query or path value checked (and typed) by its schema; undefined when absent and optional. */
function checkText(p: Parameter, location: 'Query' | 'Path', raw: string | string[] | undefined): unknown {
  const what = `${location} parameter ${p.name}`;
  if (raw === undefined) {
    if (p.required) throw new BadRequestError(`${what} is required${about(p.description)}.`);
    return undefined;
  }
  if (Array.isArray(raw) && !p.list) throw new BadRequestError(`${what} takes a single value; got ${raw.length}.`);
  const value: unknown = p.list ? (Array.isArray(raw) ? [...raw] : p.commas ? raw.split(',') : [raw]) : raw;
  // ajv types the value in place (coerceTypes): "12" becomes 12 in the object it checks.
  const data: { v: unknown } = { v: value };
  if (!p.check(data)) {
    const e = p.check.errors![0];
    const item = e.instancePath.replace(/^\/v/, '');
    // The value as given: an item of a list by itself, a list as its values.
    const given = item ? (value as unknown[])[Number(item.slice(1))] : value;
    throw new BadRequestError(`${what}${jsonPath(item)} ${problem(e)}${about(p.description)}; got ${shown(given)}.`);
  }
  return (data as { v: unknown }).v;
}

/** The clearest of a body's errors: its type, then a missing member, then a member's value, then a rule between members. */
function bodyMessage(errors: ErrorObject[]): string {
  // Errors inside a branch of a rule only say why that branch failed; the rule's own error says what to do.
  const own = errors.filter((e) => !RULES.some((k) => e.schemaPath.includes(`/${k}/`)));
  const rank = (e: ErrorObject) => (e.instancePath === '' && e.keyword === 'type' ? 0 : e.keyword === 'required' ? 1 : RULES.includes(e.keyword) ? 3 : 2);
  const e = [...own].sort((a, b) => rank(a) - rank(b))[0] ?? errors[0];
  const at = jsonPath(e.instancePath);
  if (e.instancePath === '' && e.keyword === 'type') {
    const required = (e.parentSchema?.required ?? []) as string[];
    return `The body must be ${article(e.params.type)}${required.length ? ` holding ${required.join(', ')}` : ''}; got ${shown(e.data)}.`;
  }
  if (e.keyword === 'required') {
    const member = `${at.replace(/^\./, '')}${at ? '.' : ''}${e.params.missingProperty}`;
    return `Body member ${member} is required${about(e.parentSchema?.properties?.[e.params.missingProperty]?.description)}.`;
  }
  if (RULES.includes(e.keyword)) return `${at ? `Body member ${at.replace(/^\./, '')}: ` : ''}${e.parentSchema?.description ?? e.message}`;
  return `Body member ${at.replace(/^\./, '')} ${problem(e)}; got ${shown(e.data)}.`;
}

/** What the value must be, in words, from the failed keyword and its schema. */
function problem(e: ErrorObject): string {
  const p = e.params as Record<string, any>;
  const s = e.parentSchema as Schema | undefined;
  switch (e.keyword) {
    case 'type': return `must be ${article(p.type)}`;
    case 'enum': return `must be one of ${(p.allowedValues as unknown[]).map(String).join(', ')}`;
    case 'minimum': return `must be at least ${p.limit}`;
    case 'maximum': return `must be at most ${p.limit}`;
    case 'exclusiveMinimum': return `must be greater than ${p.limit}`;
    case 'exclusiveMaximum': return `must be less than ${p.limit}`;
    case 'minLength': return p.limit === 1 ? 'must not be empty' : `must be at least ${p.limit} characters long`;
    case 'maxLength': return `must be at most ${p.limit} characters long`;
    case 'minItems':
    case 'maxItems':
      if (s?.minItems === s?.maxItems) return `must hold exactly ${count(p.limit)}`;
      return `must hold ${e.keyword === 'minItems' ? 'at least' : 'at most'} ${count(p.limit)}`;
    case 'pattern': return `must match the pattern ${p.pattern}`;
    case 'format': return `must be a ${p.format}`;
    case 'additionalProperties': return `has a member ${JSON.stringify(p.additionalProperty)} the call does not take`;
    default: return e.message ?? 'does not fit its schema';
  }
}

const TYPES: Record<string, string> = { string: 'a string', integer: 'a whole number', number: 'a number', boolean: 'true or false', array: 'a list', object: 'an object', null: 'null' };
const article = (type: string | string[]) => [type].flat().map((t) => TYPES[t] ?? t).join(' or ');
const count = (n: number) => `${n === 1 ? 'one' : n === 2 ? 'two' : n} ${n === 1 ? 'value' : 'values'}`;
const about = (description?: string) => (description ? ` (${description.replace(/\.$/, '')})` : '');

/** A given value as a message shows it: JSON, a long list by its length, a long text cut. */
function shown(value: unknown): string {
  if (Array.isArray(value) && value.length > 10) return `a list of ${value.length} values`;
  const json = JSON.stringify(value) ?? String(value);
  return json.length > 80 ? `${json.slice(0, 77)}...` : json;
}

/**
 * An OpenAPI 3.0 schema as JSON Schema for ajv: `nullable` becomes a type (or null in an enum), boolean
 * exclusiveMinimum/Maximum become the numeric bounds. A $ref is refused (the fragments define their requests inline)
 * and so is a rule between members without a description (it would be a 400 without words).
 */
export function toJsonSchema(schema: Schema, where: string, inRule = false): Schema {
  if (schema.$ref) throw new Error(`${where}: the request schema references ${schema.$ref}; declare it inline`);
  const out: Schema = {};
  for (const [key, value] of Object.entries(schema)) {
    if (key.startsWith('x-') || key === 'example' || key === 'nullable') continue;
    const rule = inRule || RULES.includes(key);
    if (key === 'properties') out.properties = Object.fromEntries(Object.entries(value as Schema).map(([k, s]) => [k, toJsonSchema(s, `${where}.${k}`, inRule)]));
    else if (key === 'items' || key === 'not' || (key === 'additionalProperties' && typeof value === 'object')) out[key] = toJsonSchema(value, where, rule);
    else if (key === 'allOf' || key === 'anyOf' || key === 'oneOf') out[key] = (value as Schema[]).map((s) => toJsonSchema(s, where, rule));
    else if (key === 'exclusiveMinimum' || key === 'exclusiveMaximum') continue;
    else out[key] = value;
  }
  for (const [flag, bound] of [['exclusiveMinimum', 'minimum'], ['exclusiveMaximum', 'maximum']] as const) {
    if (schema[flag] === true) {
      out[flag] = schema[bound];
      delete out[bound];
    } else if (typeof schema[flag] === 'number') out[flag] = schema[flag];
  }
  if (!inRule && (schema.not || schema.anyOf || schema.oneOf) && !schema.description) {
    throw new Error(`${where}: a rule (not/anyOf/oneOf) needs a description, the message of the 400 that breaks it`);
  }
  if (schema.nullable === true) {
    if (typeof out.type === 'string') out.type = [out.type, 'null'];
    if (Array.isArray(out.enum) && !out.enum.includes(null)) out.enum = [...out.enum, null];
  }
  return out;
}
