// The BrAPI fields of an entity's records come from the official response schema (src/openapi), not from a list
// of our own, so a record always has exactly the fields the spec gives it.
import { loadSpec } from '../openapi/spec.js';
import type { EntityDef } from './types.js';

const fieldCache = new Map<string, string[]>();

/** The BrAPI fields of an entity's records: the official response schema's properties, in the schema's order. */
export function schemaFields(entity: EntityDef, schema = entity.schema): string[] {
  const key = `${entity.module}/${schema}`;
  let fields = fieldCache.get(key);
  if (!fields) {
    fields = loadSpec().schemaProperties(entity.module, schema);
    if (!fields.includes(entity.idField)) throw new Error(`${schema} has no ${entity.idField} in the spec`);
    fieldCache.set(key, fields);
  }
  return fields;
}
