// OpenAPI 3.0 schema objects -> JSON Schema (draft-07, as understood by ajv 8).
//
// - Every object property accepts null (see below).
// - `nullable: true` becomes a type union with 'null'; for $ref / enum / composition
//   schemas (where a type union would not be enough) the schema is wrapped as
//   `anyOf: [<schema>, {type: 'null'}]`.
// - OpenAPI-only keywords (example, xml, externalDocs, discriminator, x-*) are dropped.
// - `$ref: '#/components/schemas/X'` is rewritten to `brapi-<Module>#/components/schemas/X`
//   so every module's components live under their own $id in a single Ajv instance.
// - A `$ref` with siblings keeps only the `$ref` (OpenAPI 3.0 ignores siblings of $ref).

export type JsonSchema = Record<string, any>;

/** The $id under which a module's components are registered in ajv. */
export const moduleId = (module: string): string => `brapi-${module}`;

const DROPPED = new Set(['example', 'examples', 'xml', 'externalDocs', 'discriminator', 'nullable']);
const SCHEMA_KEYS = new Set(['items', 'additionalProperties', 'not', 'additionalItems', 'contains', 'propertyNames', 'if', 'then', 'else']);
const SCHEMA_ARRAYS = new Set(['allOf', 'anyOf', 'oneOf']);
const SCHEMA_MAPS = new Set(['properties', 'patternProperties', 'definitions']);

/** Rewrite a local OpenAPI ref (`#/components/...`) to the module-qualified form. */
export function rewriteRef(ref: string, module: string): string {
  return ref.startsWith('#/') ? moduleId(module) + ref : ref;
}

export interface ConvertOptions {
  /**
   * Leave out `required` (request bodies): the v2.1 release had no required lists, and clients (BRAVA among them)
   * post records without the members the later files require.
   */
  dropRequired?: boolean;
}

/** Convert one OpenAPI 3.0 schema object (recursively) to JSON Schema. */
export function convertSchema(schema: unknown, module: string, options: ConvertOptions = {}): JsonSchema {
  if (schema === null || typeof schema !== 'object' || Array.isArray(schema)) return schema as JsonSchema;
  const src = schema as JsonSchema;
  let out: JsonSchema;
  if (typeof src.$ref === 'string') {
    out = { $ref: rewriteRef(src.$ref, module) };
  } else {
    out = {};
    for (const [key, value] of Object.entries(src)) {
      if (DROPPED.has(key) || key.startsWith('x-')) continue;
      if (key === 'required' && options.dropRequired && Array.isArray(value)) continue;
      const convert = (s: unknown) => convertSchema(s, module, options);
      if (SCHEMA_KEYS.has(key) && value !== null && typeof value === 'object') {
        out[key] = Array.isArray(value) ? value.map(convert) : convert(value);
      } else if (SCHEMA_ARRAYS.has(key) && Array.isArray(value)) {
        out[key] = value.map(convert);
      } else if (key === 'properties' && value !== null && typeof value === 'object') {
        // Every property accepts null. BrAPI responses carry every field, null when empty (BRAVA's schemas say so),
        // but these files never say `nullable`; and their `required` lists come from the branch after the v2.1
        // release (the v2.1 tag had none), so a required member must be present but may still be null.
        out[key] = Object.fromEntries(Object.entries(value).map(([k, s]) => [k, makeNullable(convert(s))]));
      } else if (SCHEMA_MAPS.has(key) && value !== null && typeof value === 'object') {
        out[key] = Object.fromEntries(Object.entries(value).map(([k, s]) => [k, convert(s)]));
      } else {
        out[key] = value; // enum, required, type, format, default, description, ...
      }
    }
  }
  // A whole number beyond 2^53 cannot be carried exactly by a JSON number here: refused rather than stored rounded.
  if (out.type === 'integer') {
    out.minimum ??= -Number.MAX_SAFE_INTEGER;
    out.maximum ??= Number.MAX_SAFE_INTEGER;
  }
  return src.nullable === true ? makeNullable(out) : out;
}

function makeNullable(schema: JsonSchema): JsonSchema {
  const composite = '$ref' in schema || 'enum' in schema || 'const' in schema ||
    'allOf' in schema || 'anyOf' in schema || 'oneOf' in schema;
  if (composite) return { anyOf: [schema, { type: 'null' }] };
  if (typeof schema.type === 'string') return { ...schema, type: [schema.type, 'null'] };
  if (Array.isArray(schema.type)) {
    return schema.type.includes('null') ? schema : { ...schema, type: [...schema.type, 'null'] };
  }
  return schema; // no type constraint: null is already accepted
}

/** Every `format` value used anywhere in a (raw) OpenAPI document. */
export function collectFormats(node: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(node)) node.forEach((n) => collectFormats(n, into));
  else if (node !== null && typeof node === 'object') {
    for (const [k, v] of Object.entries(node)) {
      if (k === 'format' && typeof v === 'string') into.add(v);
      else collectFormats(v, into);
    }
  }
  return into;
}
