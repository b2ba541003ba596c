// Loads the official BrAPI v2.1 OpenAPI files and exposes operations, parameters and
// lazily compiled ajv validators for request bodies and responses.
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import yaml from 'js-yaml';
import { Ajv, type ErrorObject, type ValidateFunction } from 'ajv';
import ajvFormats from 'ajv-formats';
import { collectFormats, convertSchema, moduleId, type ConvertOptions, type JsonSchema } from './convert.js';

export type BrapiModule = 'Core' | 'Germplasm' | 'Phenotyping' | 'Genotyping';
export type HttpMethod = 'get' | 'post' | 'put' | 'delete' | 'patch';
export const MODULES: readonly BrapiModule[] = ['Core', 'Germplasm', 'Phenotyping', 'Genotyping'];
const METHODS: readonly HttpMethod[] = ['get', 'post', 'put', 'delete', 'patch'];
const REQUEST: ConvertOptions = { dropRequired: true };

export interface SpecOperation {
  method: HttpMethod;
  path: string;
  module: BrapiModule;
  deprecated: boolean;
  operation: any;
}

export interface QueryParameter {
  name: string;
  required: boolean;
  schema: JsonSchema;
}

/** Default location of the yaml files: <repo>/spec/openapi (works from src/ and dist/). */
export const DEFAULT_SPEC_DIR = fileURLToPath(new URL('../../spec/openapi/', import.meta.url));

// ajv-formats is CommonJS; under NodeNext its default import is the module object.
const addFormats = ((ajvFormats as any).default ?? ajvFormats) as (ajv: Ajv) => Ajv;

export class BrapiSpec {
  readonly docs: Record<BrapiModule, any>;
  readonly ajv: Ajv;
  /** Request bodies compile against their own copy of the components, converted without `required`. */
  private readonly requestAjv: Ajv;
  private readonly ops = new Map<string, SpecOperation>();
  private readonly converted = new Map<string, JsonSchema>();
  private readonly validators = new Map<string, ValidateFunction | undefined>();
  /** Query strings are text: this instance reads "12" as an integer and "true" as a boolean before checking. */
  private readonly queryAjv: Ajv;
  private readonly queryChecks = new Map<string, Map<string, ValidateFunction>>();

  constructor(readonly dir: string) {
    this.docs = {} as Record<BrapiModule, any>;
    this.ajv = new Ajv({ strict: false, allErrors: true });
    this.requestAjv = new Ajv({ strict: false, allErrors: true });
    this.queryAjv = new Ajv({ strict: false, coerceTypes: true });
    addFormats(this.ajv);
    addFormats(this.requestAjv);
    addFormats(this.queryAjv);
    for (const module of MODULES) {
      const doc: any = yaml.load(readFileSync(join(dir, `BrAPI-${module}.yaml`), 'utf8'));
      if (!doc?.paths || !doc?.components) throw new Error(`BrAPI-${module}.yaml: no paths/components`);
      this.docs[module] = doc;
      for (const [path, item] of Object.entries<any>(doc.paths)) {
        const shared: any[] = item.parameters ?? [];
        for (const method of METHODS) {
          const op = item[method];
          if (!op) continue;
          const key = opKey(method, path);
          if (this.ops.has(key)) continue; // same operation in two files: first one wins
          const operation = shared.length ? { ...op, parameters: [...shared, ...(op.parameters ?? [])] } : op;
          this.ops.set(key, { method, path, module, deprecated: op.deprecated === true, operation });
        }
      }
      for (const fmt of collectFormats(doc)) {
        // Unknown formats are no-ops.
        for (const ajv of [this.ajv, this.requestAjv, this.queryAjv]) if (!(fmt in ajv.formats)) ajv.addFormat(fmt, true);
      }
      const schemas = Object.fromEntries(
        Object.entries<any>(doc.components.schemas ?? {}).map(([name, s]) => [name, convertSchema(s, module)]),
      );
      for (const [name, s] of Object.entries(schemas)) this.converted.set(`${module}/${name}`, s);
      this.ajv.addSchema({ $id: moduleId(module), components: { schemas } });
      const requestSchemas = Object.fromEntries(
        Object.entries<any>(doc.components.schemas ?? {}).map(([name, s]) => [name, convertSchema(s, module, REQUEST)]),
      );
      this.requestAjv.addSchema({ $id: moduleId(module), components: { schemas: requestSchemas } });
    }
  }

  operations(): SpecOperation[] {
    return [...this.ops.values()];
  }

  hasOperation(method: string, path: string): boolean {
    return this.ops.has(opKey(method, path));
  }

  /** The raw OpenAPI operation and its module, or undefined. */
  getOperation(method: string, path: string): SpecOperation | undefined {
    return this.ops.get(opKey(method, path));
  }

  /** Query parameters ($refs resolved; header and path parameters excluded). */
  queryParameters(method: string, path: string): QueryParameter[] {
    const op = this.getOperation(method, path);
    if (!op) return [];
    return (op.operation.parameters ?? [])
      .map((p: any) => this.resolveLocal(op.module, p))
      .filter((p: any) => p?.in === 'query')
      .map((p: any) => ({
        name: p.name as string,
        required: p.required === true,
        schema: this.derefSchema(convertSchema(p.schema ?? {}, op.module)),
      }));
  }

  /**
   * Checks a query string against the operation's query parameters (compiled once per operation): each value of a
   * declared parameter (repeated parameters: each of them) must match its schema as the text of that type. Returns
   * a message naming the first bad parameter and what was expected, or null. Undeclared parameters are left to the
   * route (ignored with a WARNING).
   */
  checkQuery(method: string, path: string, query: Record<string, string | string[] | undefined>): string | null {
    const key = `query ${opKey(method, path)}`;
    let checks = this.queryChecks.get(key);
    if (!checks) {
      checks = new Map(this.queryParameters(method, path).map((p) => [p.name, this.queryAjv.compile({ type: 'object', properties: { v: queryErrata(p.schema) } })]));
      this.queryChecks.set(key, checks);
    }
    for (const [name, raw] of Object.entries(query)) {
      const check = checks.get(name);
      if (!check || raw === undefined) continue;
      for (const value of Array.isArray(raw) ? raw : [raw]) {
        if (!check({ v: value })) {
          const e = check.errors![0];
          const expected = e.keyword === 'enum' ? `one of ${(e.params as { allowedValues: unknown[] }).allowedValues.join(', ')}` : e.message;
          return `Query parameter ${name} must be ${expected?.replace(/^must be /, '')}; got ${JSON.stringify(value)}.`;
        }
      }
    }
    return null;
  }

  /** The JSON schema of an operation's request body ($refs followed at the top), or undefined. */
  requestBodySchema(method: string, path: string): JsonSchema | undefined {
    const op = this.getOperation(method, path);
    const raw = op && this.resolveLocal(op.module, op.operation.requestBody)?.content?.['application/json']?.schema;
    return raw ? this.resolveSchema(convertSchema(raw, op.module)) : undefined;
  }

  /** Validates a request body (members the spec lists as required may be missing, see ConvertOptions). */
  requestBodyValidator(method: string, path: string): ValidateFunction | undefined {
    return this.validator(`req ${opKey(method, path)}`, () => {
      const op = this.getOperation(method, path);
      const body = op && this.resolveLocal(op.module, op.operation.requestBody);
      return op && body ? [op.module, body.content?.['application/json']?.schema] : undefined;
    }, this.requestAjv, REQUEST);
  }

  responseValidator(method: string, path: string, status: number): ValidateFunction | undefined {
    return this.validator(`res ${opKey(method, path)} ${status}`, () => {
      const op = this.getOperation(method, path);
      const resp = op && this.resolveLocal(op.module, op.operation.responses?.[String(status)]);
      return op && resp ? [op.module, resp.content?.['application/json']?.schema] : undefined;
    });
  }

  /** A converted component schema, e.g. schema('Core', 'Program'). Throws if unknown. */
  schema(module: BrapiModule, name: string): JsonSchema {
    const s = this.converted.get(`${module}/${name}`);
    if (!s) throw new Error(`No schema ${name} in BrAPI-${module}`);
    return s;
  }

  /** Top-level property names of a component schema ($ref and allOf flattened). */
  schemaProperties(module: BrapiModule, name: string): string[] {
    const names = new Set<string>();
    const visit = (s: JsonSchema | undefined, depth: number): void => {
      if (!s || depth > 20) return;
      if (typeof s.$ref === 'string') return visit(this.refTarget(s.$ref), depth + 1);
      Object.keys(s.properties ?? {}).forEach((k) => names.add(k));
      (s.allOf ?? []).forEach((sub: JsonSchema) => visit(sub, depth + 1));
    };
    visit(this.schema(module, name), 0);
    return [...names];
  }

  /**
   * A converted schema with `$ref`s followed, the `anyOf: [X, null]` wrapper of nullable members unwrapped and
   * `allOf` parts merged into one `properties` map (enough to walk a record's nested members).
   */
  resolveSchema(s: JsonSchema | undefined, depth = 0): JsonSchema | undefined {
    if (!s || depth > 20) return s;
    if (typeof s.$ref === 'string') return this.resolveSchema(this.refTarget(s.$ref), depth + 1);
    if (Array.isArray(s.anyOf) && s.anyOf.length === 2 && s.anyOf.some((x: JsonSchema) => x.type === 'null')) {
      return this.resolveSchema(s.anyOf.find((x: JsonSchema) => x.type !== 'null'), depth + 1);
    }
    if (Array.isArray(s.allOf)) {
      const parts = s.allOf.map((x: JsonSchema) => this.resolveSchema(x, depth + 1) ?? {});
      return { ...s, allOf: undefined, properties: Object.assign({}, s.properties, ...parts.map((x: JsonSchema) => x.properties ?? {})) };
    }
    return s;
  }

  private validator(
    key: string,
    find: () => [BrapiModule, any] | undefined,
    ajv = this.ajv,
    options: ConvertOptions = {},
  ): ValidateFunction | undefined {
    if (!this.validators.has(key)) {
      const found = find();
      const raw = found?.[1];
      this.validators.set(key, raw ? ajv.compile(convertSchema(raw, found[0], options)) : undefined);
    }
    return this.validators.get(key);
  }

  /** Resolve `#/components/<kind>/<name>` refs (parameters, responses, requestBodies). */
  private resolveLocal(module: BrapiModule, obj: any, depth = 0): any {
    if (!obj || typeof obj.$ref !== 'string' || depth > 10) return obj;
    const target = pointer(this.docs[module], obj.$ref);
    if (target === undefined) throw new Error(`Unresolvable $ref ${obj.$ref} in BrAPI-${module}`);
    return this.resolveLocal(module, target, depth + 1);
  }

  /** Follow a module-qualified schema $ref (brapi-Core#/components/schemas/X). */
  private refTarget(ref: string): JsonSchema | undefined {
    const m = /^brapi-(\w+)#\/components\/schemas\/(.+)$/.exec(ref);
    return m ? this.converted.get(`${m[1]}/${m[2]}`) : undefined;
  }

  private derefSchema(s: JsonSchema, depth = 0): JsonSchema {
    const target = typeof s.$ref === 'string' && depth < 10 ? this.refTarget(s.$ref) : undefined;
    return target ? this.derefSchema(target, depth + 1) : s;
  }
}

/**
 * Query parameter schemas as clients use them: the v2.1 files spell programType STANARD where the Program record
 * says STANDARD (both are accepted), and a plain date is a fine bound for a date-time range parameter. The served
 * document declares the same (openapi/document.ts).
 */
export function queryErrata(schema: JsonSchema): JsonSchema {
  if (Array.isArray(schema.enum) && schema.enum.includes('STANARD')) return { ...schema, enum: [...schema.enum, 'STANDARD'] };
  if (schema.format === 'date-time') return { ...schema, format: undefined, anyOf: [{ format: 'date' }, { format: 'date-time' }] };
  return schema;
}

function opKey(method: string, path: string): string {
  return `${method.toLowerCase()} ${path}`;
}

function pointer(doc: any, ref: string): any {
  if (!ref.startsWith('#/')) return undefined;
  return ref
    .slice(2)
    .split('/')
    .map((p) => decodeURIComponent(p).replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((node, part) => (node == null ? undefined : node[part]), doc);
}

const cache = new Map<string, BrapiSpec>();

/** Load (once per directory) and merge the four BrAPI OpenAPI files. */
export function loadSpec(dir: string = DEFAULT_SPEC_DIR): BrapiSpec {
  const key = resolve(dir);
  let spec = cache.get(key);
  if (!spec) cache.set(key, (spec = new BrapiSpec(key)));
  return spec;
}

/** One readable line naming the JSON path of every bad field, e.g. `body.result.data[0].programName must be string`. */
export function formatErrors(errors: ErrorObject[] | null | undefined, root = 'body'): string {
  if (!errors?.length) return '';
  const lines = errors.map((e) => {
    const path = root + jsonPath(e.instancePath);
    const p = e.params as Record<string, any>;
    if (e.keyword === 'required') return `${path}${jsonPath('/' + p.missingProperty)} is required`;
    if (e.keyword === 'additionalProperties') return `${path}${jsonPath('/' + p.additionalProperty)} is not allowed`;
    if (e.keyword === 'enum') return `${path} ${e.message}: ${JSON.stringify(p.allowedValues)}`;
    return `${path} ${e.message}`;
  });
  return [...new Set(lines)].join('; ');
}

export function jsonPath(pointerPath: string): string {
  if (!pointerPath) return '';
  return pointerPath
    .split('/')
    .slice(1)
    .map((seg) => seg.replace(/~1/g, '/').replace(/~0/g, '~'))
    .map((seg) => (/^\d+$/.test(seg) ? `[${seg}]` : /^[A-Za-z_$][\w$]*$/.test(seg) ? `.${seg}` : `[${JSON.stringify(seg)}]`))
    .join('');
}
