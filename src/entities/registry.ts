// Every entity the service serves, in one list. Labels, relationship types and property names used in Cypher come
// only from these declarations.
import { loadSpec } from '../openapi/spec.js';
import { programEntity } from '../modules/core/programs/programs.entity.js';
import { germplasmEntity } from '../modules/germplasm/germplasm/germplasm.entity.js';
import type { EntityDef } from './types.js';

export const entities: EntityDef[] = [programEntity, germplasmEntity];

const fieldCache = new Map<EntityDef, string[]>();

/** The BrAPI fields of an entity's records: the official response schema's properties, in the schema's order. */
export function schemaFields(entity: EntityDef): string[] {
  let fields = fieldCache.get(entity);
  if (!fields) {
    fields = loadSpec().schemaProperties(entity.module, entity.schema);
    if (!fields.includes(entity.idField)) throw new Error(`${entity.schema} has no ${entity.idField} in the spec`);
    fieldCache.set(entity, fields);
  }
  return fields;
}
