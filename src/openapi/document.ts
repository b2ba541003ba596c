// The OpenAPI document of what this server implements: the official v2.1 operations of the calls /serverinfo lists,
// with every component they reference, merged from the four module files into one. The files define some components
// in several modules; those this document uses are the same everywhere (Trait and Method differ between Germplasm
// and Phenotyping, but only Phenotyping's operations use them), and building the document fails loudly if a new
// version of the files breaks that. The copy is repaired where the files are not valid OpenAPI 3.0, and declares
// what the service answers beyond them (plain-text errors, 404, 406, 409, 413, 500, 503) and what it checks (paging
// and depth bounds, whole numbers within 2^53, required bodies, request members the v2.1 release did not require), so
// that an outside fuzzer reading it (Schemathesis, scripts/schemathesis.sh) expects what the service does.
import { TABLE_TYPES } from '../http/formats.js';
import { MAX_DEPTH } from '../modules/germplasm/pedigree/params.js';
import { EXTENSIONS_TAG } from './extension.js';
import { MODULES, queryErrata, type BrapiModule, type BrapiSpec } from './spec.js';

export interface ImplementedCall {
  service: string;
  methods: string[];
}

/**
 * An operation outside BrAPI (an extension), declared by its module: it may reference the official components (the
 * envelope, paging parameters, error responses), which are collected like the official operations' references.
 */
export interface ExtensionOperation {
  path: string;
  method: 'get' | 'post' | 'put';
  operation: Record<string, unknown>;
  /** The module file whose components the operation references (default Core). */
  module?: BrapiModule;
}

const REF = /^#\/components\/(\w+)\/(.+)$/;
const NOT_FOUND = '#/components/responses/404NotFound';

export function implementedDocument(
  spec: BrapiSpec,
  calls: ImplementedCall[],
  basePath: string,
  version: string,
  extensions: ExtensionOperation[] = [],
  /** Operations answered without a token (public reads): declared with an empty security requirement. */
  open: (method: string, path: string) => boolean = () => false,
  /** BRAPI_MAX_PAGE_SIZE: the largest pageSize the service takes. */
  maxPageSize = 10_000,
): Record<string, unknown> {
  const components: Record<string, Record<string, unknown>> = {};
  const owners = new Map<string, { module: BrapiModule; json: string }>();

  /** Adds every component `value` references (transitively), as the module it comes from defines it. */
  const collect = (module: BrapiModule, value: unknown) => {
    for (const [kind, name] of refsIn(value)) {
      const key = `${kind}/${name}`;
      const component = spec.docs[module].components?.[kind]?.[name];
      if (component === undefined) throw new Error(`BrAPI-${module}.yaml references ${key}, which it does not define`);
      const json = JSON.stringify(component);
      const owner = owners.get(key);
      if (owner) {
        if (owner.json !== json) throw new Error(`${key} differs between BrAPI-${owner.module}.yaml and BrAPI-${module}.yaml, and both are used`);
        continue;
      }
      owners.set(key, { module, json });
      // A copy: the repairs below must not touch the files the validators compile.
      (components[kind] ??= {})[name] = structuredClone(component);
      collect(module, component);
    }
  };

  const paths: Record<string, Record<string, unknown>> = {};
  const tags = new Set<string>();
  for (const call of calls) {
    for (const method of call.methods.map((m) => m.toLowerCase())) {
      const op = spec.getOperation(method, `/${call.service}`);
      if (!op) continue;
      const operation = op.operation as { tags?: string[] };
      collect(op.module, operation);
      (operation.tags ?? []).forEach((t) => tags.add(t));
      (paths[`/${call.service}`] ??= {})[method] = structuredClone(operation);
    }
  }
  for (const { path, method, operation, module = 'Core' } of extensions) {
    if (paths[path]?.[method]) throw new Error(`The extension ${method.toUpperCase()} ${path} would replace an official operation`);
    collect(module, operation);
    ((operation.tags as string[] | undefined) ?? []).forEach((t) => tags.add(t));
    (paths[path] ??= {})[method] = structuredClone(operation);
  }
  // Every call with a path parameter answers 404 for an unknown DbId; the files declare that only on some.
  collect('Core', { $ref: NOT_FOUND });
  repair(paths);
  repair(components);
  declareRequests(paths, components);
  declarePaging(paths, components, maxPageSize);
  declareServerResponses(paths, (components.responses ??= {}), components.parameters ?? {});
  declareServerParameters(paths);
  for (const [path, operations] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(operations)) if (open(method, path)) (operation as Record<string, unknown>).security = [];
  }
  const core = spec.docs.Core;
  return {
    openapi: core.openapi,
    info: {
      ...core.info,
      title: 'brapi-neo4j: the BrAPI v2.1 calls this server implements',
      version,
      description:
        'The official BrAPI v2.1 operations (https://brapi.org) of every call this server lists in /serverinfo, ' +
        'merged from the four module files, and the extensions outside BrAPI that are declared here (paths under ' +
        '/extensions, under the Extensions tag); the project\'s docs/api.md describes them all.',
    },
    servers: [{ url: basePath }],
    security: core.security,
    tags: usedTags(spec, tags, extensions),
    paths,
    components: { ...sorted(components), securitySchemes: core.components?.securitySchemes },
  };
}

/**
 * Repairs, in place, what the official files get wrong for OpenAPI 3.0 validators and clients (listed in docs/api.md, "API documentation"):
 * empty `required` arrays (3.0 wants at least one name) are dropped, and record members are nullable, as the service
 * answers them. Examples are data and stay as they are.
 */
function repair(value: unknown): void {
  if (Array.isArray(value)) return value.forEach(repair);
  if (value === null || typeof value !== 'object') return;
  const node = value as Record<string, unknown>;
  if (Array.isArray(node.required) && node.required.length === 0) delete node.required;
  if (node.properties && typeof node.properties === 'object' && !Array.isArray(node.properties)) {
    const props = node.properties as Record<string, Record<string, unknown>>;
    for (const [name, schema] of Object.entries(props)) props[name] = nullable(schema);
  }
  for (const [key, child] of Object.entries(node)) if (key !== 'example' && key !== 'examples') repair(child);
}

/**
 * Every member of a BrAPI record may be null: responses carry every field, null when empty (BrAPI's own JSON schemas,
 * which the validator uses, say so), and a write takes null to clear one; the module files never say `nullable`.
 * The service's validation reads them the same way (src/openapi/convert.ts). A `$ref` cannot carry `nullable`
 * beside it in OpenAPI 3.0, so it is wrapped in `allOf`; an enum lists null as well.
 */
function nullable(schema: Record<string, unknown>): Record<string, unknown> {
  if (schema === null || typeof schema !== 'object' || schema.nullable === true) return schema;
  if (typeof schema.$ref === 'string') return { allOf: [schema], nullable: true };
  const out: Record<string, unknown> = { ...schema, nullable: true };
  if (Array.isArray(schema.enum) && !schema.enum.includes(null)) out.enum = [...schema.enum, null];
  return out;
}

/** The largest whole number a JSON body can carry exactly (a JavaScript number); larger ones are refused (400). */
export const MAX_SAFE_INTEGER = Number.MAX_SAFE_INTEGER;

/**
 * Declares request bodies as the service takes them: a write needs its body (`required`; a search takes an empty
 * one as "no filter"), and members the later files list as `required` may be left out, as in the v2.1 release (the
 * service's validation drops those lists the same way, src/openapi/convert.ts). The components a request body uses
 * are shared with the responses, which carry every member anyway. Whole numbers are bounded to what is exact.
 */
function declareRequests(paths: Record<string, Record<string, any>>, components: Record<string, Record<string, any>>) {
  // The official operations only: an extension's body says what it requires, and the service checks it so.
  const official = Object.fromEntries(Object.entries(paths).filter(([path]) => !path.startsWith('/extensions/')));
  for (const schema of requestSchemas(official, components)) {
    if (Array.isArray(schema.required)) delete schema.required;
  }
  for (const [path, operations] of Object.entries(paths)) {
    for (const operation of Object.values(operations)) {
      const body = requestBodyOf(operation, components);
      if (!body) continue;
      // An absent JSON body reads as an empty object: required where that is refused (an array of records to
      // create), and for raw bytes (an image); never for a search, where it means "no filter".
      const json = body.content?.['application/json']?.schema;
      const resolved = json?.$ref ? components.schemas?.[json.$ref.split('/').pop()] : json;
      if (path.startsWith('/search/')) body.required = false;
      else if (!json || resolved?.type === 'array') body.required = true;
    }
  }
  const bound = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(bound);
    if (value === null || typeof value !== 'object') return;
    const node = value as Record<string, unknown>;
    if (node.type === 'integer') {
      node.minimum ??= -MAX_SAFE_INTEGER;
      node.maximum ??= MAX_SAFE_INTEGER;
    }
    for (const [key, child] of Object.entries(node)) if (key !== 'example' && key !== 'examples') bound(child);
  };
  bound(paths);
  bound(components.schemas);
  bound(components.parameters);
}

/**
 * `page` and `pageSize`, in query strings and search bodies, as the service checks them: a page is 0 or more, a page
 * size from 1 to BRAPI_MAX_PAGE_SIZE (400 otherwise; the files say only "integer").
 */
function declarePaging(paths: Record<string, Record<string, any>>, components: Record<string, Record<string, any>>, maxPageSize: number) {
  const limits: Record<string, object> = { page: { minimum: 0 }, pageSize: { minimum: 1, maximum: maxPageSize } };
  // Other query parameters the service bounds beyond the files: pedigree depths, a level order, which the files type
  // as a string although a levelOrder is a whole number, and the page tokens of the token-paged Genotyping calls,
  // which are page numbers here (the files' example, "33c27874", is another server's token).
  const token = { pattern: '^[0-9]{1,15}$' };
  const queryLimits: Record<string, object> = {
    ...limits,
    pageToken: token,
    // The allele matrix pages each dimension as page and pageSize.
    dimensionVariantPage: limits.page,
    dimensionCallSetPage: limits.page,
    dimensionVariantPageSize: limits.pageSize,
    dimensionCallSetPageSize: limits.pageSize,
    pedigreeDepth: { minimum: 0, maximum: MAX_DEPTH },
    progenyDepth: { minimum: 0, maximum: MAX_DEPTH },
    observationUnitLevelOrder: { type: 'integer', minimum: -MAX_SAFE_INTEGER, maximum: MAX_SAFE_INTEGER },
    observationUnitLevelRelationshipOrder: { type: 'integer', minimum: -MAX_SAFE_INTEGER, maximum: MAX_SAFE_INTEGER },
  };
  const queries = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(queries);
    if (value === null || typeof value !== 'object') return;
    const node = value as Record<string, any>;
    if (node.in === 'query' && node.schema) {
      // What the service accepts beyond the files' types: STANDARD beside STANARD, a date for a date-time bound.
      node.schema = queryErrata(node.schema);
      if (queryLimits[node.name]) node.schema = narrowed(node.schema, queryLimits[node.name]);
      if (node.name === 'pageToken') node.example = '1';
    }
    for (const [key, child] of Object.entries(node)) if (key !== 'example' && key !== 'examples' && key !== 'requestBody') queries(child);
  };
  queries(paths);
  queries(components.parameters);
  // In bodies (searches), not in responses: the answer's metadata.pagination.pageSize is 0 for a single record.
  for (const schema of requestSchemas(paths, components)) {
    for (const [name, member] of Object.entries<any>(schema.properties ?? {})) {
      if (limits[name] && member?.type === 'integer') Object.assign(member, limits[name]);
      if (name === 'pageToken' && member?.type === 'string') Object.assign(member, token, { example: '1' });
    }
  }
}

/** A schema with the limits added, keeping a bound it already has where that is the narrower one (an extension's page size). */
function narrowed(schema: Record<string, any>, limits: Record<string, any>): Record<string, any> {
  const out = { ...schema, ...limits };
  if (typeof schema.minimum === 'number' && typeof limits.minimum === 'number') out.minimum = Math.max(schema.minimum, limits.minimum);
  if (typeof schema.maximum === 'number' && typeof limits.maximum === 'number') out.maximum = Math.min(schema.maximum, limits.maximum);
  return out;
}

/** Every schema object a request body uses, its `$ref`s followed (each component once). */
function requestSchemas(paths: Record<string, Record<string, any>>, components: Record<string, Record<string, any>>): Array<Record<string, any>> {
  const found: Array<Record<string, any>> = [];
  const seen = new Set<string>();
  const walk = (value: unknown): void => {
    if (Array.isArray(value)) return value.forEach(walk);
    if (value === null || typeof value !== 'object') return;
    const node = value as Record<string, any>;
    if (typeof node.$ref === 'string') {
      const m = REF.exec(node.$ref);
      if (m && !seen.has(node.$ref)) {
        seen.add(node.$ref);
        walk(components[m[1]]?.[m[2]]);
      }
      return;
    }
    found.push(node);
    for (const [key, child] of Object.entries(node)) if (key !== 'example' && key !== 'examples') walk(child);
  };
  for (const operations of Object.values(paths)) {
    for (const operation of Object.values(operations)) {
      const body = requestBodyOf(operation, components);
      for (const media of Object.values<any>(body?.content ?? {})) walk(media.schema);
    }
  }
  return found;
}

function requestBodyOf(operation: Record<string, any>, components: Record<string, Record<string, any>>): Record<string, any> | undefined {
  const body = operation.requestBody;
  return body?.$ref ? components.requestBodies?.[body.$ref.split('/').pop()] : body;
}

const TEXT = { 'text/plain': { schema: { type: 'string' } } };

/** The statuses this server answers beyond the official files; their bodies are plain text like every error's. */
const SERVER_RESPONSES: Record<string, object> = {
  '406NotAcceptable': {
    description: 'Not Acceptable: the Accept header allows none of the formats this call answers (named in the message).',
    content: TEXT,
  },
  '409Conflict': {
    description: 'Conflict: a record this write would create has a DbId that already exists (every DbId is unique); nothing is written.',
    content: TEXT,
  },
  '413PayloadTooLarge': {
    description: 'Payload Too Large: the body, or one of its arrays, is larger than this server accepts; nothing is written.',
    content: TEXT,
  },
  // Answered by Node's HTTP parser before the service sees the request, with no body.
  '431RequestHeaderFieldsTooLarge': {
    description: 'Request Header Fields Too Large: the request line and headers exceed 16 KB; send long lists in the body of the POST form (a search, an extension\'s POST).',
  },
  '500InternalServerError': {
    description: 'Internal Server Error: the message names the request id (X-Request-Id); the cause is logged.',
    content: TEXT,
  },
  '503ServiceUnavailable': {
    description: 'Service Unavailable: the database cannot be reached or timed out; retry later.',
    headers: { 'Retry-After': { description: 'Seconds to wait before retrying.', schema: { type: 'integer' } } },
    content: TEXT,
  },
};

/**
 * Declares what the service really answers (src/http/middleware/errors.ts): error bodies are plain text, whatever
 * media type the files give them; a call with a path parameter can answer 404; every operation can meet a failing database (503) or an unexpected error (500),
 * every body can be too large (413), every request line too long (431), and every write that creates records (POST other than searches and deletes,
 * PUT, which can create nested records or pedigree germplasm) can hit the uniqueness of DbIds (409).
 */
function declareServerResponses(paths: Record<string, Record<string, any>>, responses: Record<string, any>, parameterComponents: Record<string, any>) {
  for (const [name, response] of Object.entries(SERVER_RESPONSES)) {
    if (responses[name]) throw new Error(`The official files define ${name}; it would be overwritten`);
    responses[name] = structuredClone(response);
  }
  const ref = (name: string) => ({ $ref: `#/components/responses/${name}` });
  for (const [path, operations] of Object.entries(paths)) {
    for (const [method, operation] of Object.entries(operations)) {
      const answers: Record<string, any> = (operation.responses ??= {});
      const parameters = ((operation.parameters ?? []) as any[]).map((p) => (p.$ref ? parameterComponents[p.$ref.split('/').pop()] : p));
      // 404 names a DbId the request gives: in the path, in a bulk PUT's keys, in a delete's list, or a saved search.
      const namesDbIds = path.includes('{') || method === 'put' || path.startsWith('/delete/')
        || parameters.some((p) => p?.name === 'searchResultsDbId');
      if (namesDbIds) answers['404'] ??= { $ref: NOT_FOUND };
      // The Accept header chooses the format (JSON when it is absent, as the files' descriptions say); 406 when it
      // allows none.
      const accept = parameters.find((p) => p?.in === 'header' && p.name === 'Accept');
      if (accept) {
        accept.required = false;
        accept.schema = { type: 'string', enum: TABLE_TYPES };
      }
      // Every call answers 406 to an Accept header that allows none of its formats (JSON only for most: formats.ts).
      answers['406'] ??= ref('406NotAcceptable');
      for (const [status, response] of Object.entries(answers)) {
        if (!(Number(status) >= 400)) continue;
        const target = response.$ref ? responses[response.$ref.split('/').pop()] : response;
        // Keeps the official schema and example, under the media type the service sends.
        const [media] = Object.values(target.content ?? {});
        if (media) target.content = { 'text/plain': media };
      }
      const creates = method === 'put' || (method === 'post' && !/^\/(search|delete)\//.test(path));
      if (creates) answers['409'] ??= ref('409Conflict');
      if (operation.requestBody) answers['413'] = ref('413PayloadTooLarge');
      answers['431'] = ref('431RequestHeaderFieldsTooLarge');
      answers['500'] = ref('500InternalServerError');
      answers['503'] = ref('503ServiceUnavailable');
    }
  }
}

/** Query parameters this server takes on official operations beyond the files (documented in docs/api.md). */
const SERVER_PARAMETERS: Record<string, object[]> = {
  'post /pedigree': [allowWideCrosses(), replaceParentTypes()],
  'put /pedigree': [allowWideCrosses()],
};

function replaceParentTypes() {
  return {
    name: 'replaceParentTypes',
    in: 'query',
    required: false,
    description:
      'Write the given parent types over different stored ones. Without it a POPULATION parent keeps the FEMALE, ' +
      'MALE, SELF or CLONAL type stored for it (an INFO status counts these), and a node that would change a known ' +
      'type, or whose parents do not go with the stored ones, is refused with a 400 naming both sets.',
    schema: { type: 'boolean', default: false },
  };
}

function allowWideCrosses() {
  return {
    name: 'allowWideCrosses',
    in: 'query',
    required: false,
    description:
      'Keep PARENT relationships between germplasm of two crops (wide crosses), each named in an INFO status. ' +
      'Without it such a relationship is refused with a 400 and nothing is written.',
    schema: { type: 'boolean', default: false },
  };
}

function declareServerParameters(paths: Record<string, Record<string, any>>) {
  for (const [key, parameters] of Object.entries(SERVER_PARAMETERS)) {
    const [method, path] = key.split(' ');
    const operation = paths[path]?.[method];
    if (operation) operation.parameters = [...(operation.parameters ?? []), ...structuredClone(parameters)];
  }
}

/** Descriptions of the official tags the files leave undescribed (the files describe the others). */
const TAG_DESCRIPTIONS: Record<string, string> = {
  'Allele Matrix':
    'The genotype calls of variants x call sets as one matrix, each dimension paged on its own, read from the packed ' +
    'calls of imported VCFs; filters by variant set, variant, call set, germplasm and position range.',
  Pedigree:
    'The pedigree as a graph of germplasm: a slice of ancestors and descendants around chosen germplasm (GET), ' +
    'uploads that add parent relationships (POST) or replace them (PUT), and the saved pedigree search.',
};

/**
 * The tags the operations use, described as the files describe them, else from TAG_DESCRIPTIONS; the Extensions tag
 * lists every extension call with its summary and the formats it answers, read from the operations themselves.
 */
function usedTags(spec: BrapiSpec, used: Set<string>, extensions: ExtensionOperation[]) {
  const defined = new Map<string, { name: string; description?: string }>(
    MODULES.flatMap((m) => spec.docs[m].tags ?? []).map((t: { name: string; description?: string }) => [t.name, t]));
  return [...used].sort().map((name) => {
    if (name === EXTENSIONS_TAG) return { name, description: extensionsDescription(extensions) };
    const tag = defined.get(name);
    return tag?.description ? tag : { ...tag, name, description: TAG_DESCRIPTIONS[name] };
  });
}

/** One Markdown line per extension path: its methods, its summary and the media types of its 200 answer. */
function extensionsDescription(extensions: ExtensionOperation[]): string {
  const byPath = new Map<string, { methods: string[]; summary: string; formats: Set<string> }>();
  for (const { path, method, operation } of extensions) {
    const entry = byPath.get(path) ?? { methods: [], summary: String(operation.summary ?? '').replace(/^Extension: /, ''), formats: new Set<string>() };
    entry.methods.push(method.toUpperCase());
    const ok = (operation.responses as Record<string, { content?: Record<string, unknown>; $ref?: string }> | undefined)?.[200];
    // A reference is to an official response, which is JSON.
    (ok?.$ref ? ['application/json'] : Object.keys(ok?.content ?? {})).forEach((type) => entry.formats.add(type));
    byPath.set(path, entry);
  }
  const lines = [...byPath].map(([path, e]) => `- \`${e.methods.join('|')} ${path}\`: ${e.summary} (${[...e.formats].join(', ')})`);
  return 'Calls outside BrAPI, under the same base path, authentication, envelope and errors (not listed by /serverinfo):\n\n' + lines.join('\n');
}

function* refsIn(value: unknown): Generator<[string, string]> {
  if (Array.isArray(value)) for (const v of value) yield* refsIn(v);
  else if (value !== null && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      const m = k === '$ref' && typeof v === 'string' ? REF.exec(v) : null;
      if (m) yield [m[1], m[2]];
      else yield* refsIn(v);
    }
  }
}

function sorted(components: Record<string, Record<string, unknown>>) {
  return Object.fromEntries(Object.entries(components).map(([kind, items]) => [kind, Object.fromEntries(Object.entries(items).sort(([a], [b]) => a.localeCompare(b)))]));
}
