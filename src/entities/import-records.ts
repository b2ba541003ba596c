// What a bulk importer (VCF, FASTA) writes, taken through the entity's declaration: the record's fields as a POST
// stores them (toStorage: JSON fields as JSON, derived and spatial properties added, references as relationships) and
// the internal properties the declaration lists. An importer names every one of them (null when it has no value), so
// a field added to the schema or to the declaration stops the importer, and its unit test, until it says what it
// writes; a field the entity does not declare is refused the same way. Both are programming errors, not bad input.
import { shownFields } from './cypher.js';
import { linkKey, toStorage, type NewRecord } from './presenter.js';
import { schemaFields } from './schema-fields.js';
import type { EntityDef, RefSpec } from './types.js';

const fieldCache = new WeakMap<EntityDef, string[]>();

/**
 * The fields an importer gives for a record of `entity` (the schema's, less those shown from other records: computed
 * fields and the names of referenced records), and the internal properties it declares.
 */
export function importedFields(entity: EntityDef): { fields: string[]; internal: string[] } {
  let fields = fieldCache.get(entity);
  if (!fields) {
    const shown = new Set(shownFields(entity).map(([field]) => field));
    fields = schemaFields(entity).filter((f) => !shown.has(f));
    fieldCache.set(entity, fields);
  }
  return { fields, internal: Object.keys(entity.internal ?? {}) };
}

/** Throws naming the first member of `given` outside `allowed`, or the first of `allowed` missing from `given`. */
function checkNames(entity: EntityDef, what: string, given: Record<string, unknown>, allowed: string[]) {
  for (const key of Object.keys(given)) {
    if (!allowed.includes(key)) throw new Error(`${entity.label} declares no ${what} "${key}": an importer may not write it`);
  }
  for (const key of allowed) {
    if (!Object.hasOwn(given, key)) throw new Error(`an importer of ${entity.label} misses the ${what} "${key}" (give null when it has no value)`);
  }
}

/**
 * A record to create as the declaration stores it: `record` holds every imported field of the entity (its DbId
 * included), `internal` every internal property. The plan's props hold the DbId and the internal properties too.
 */
export function importRecord(entity: EntityDef, record: Record<string, unknown>, internal: Record<string, unknown> = {}): NewRecord {
  const { fields, internal: internalNames } = importedFields(entity);
  checkNames(entity, 'field', record, fields);
  checkNames(entity, 'internal property', internal, internalNames);
  const id = record[entity.idField];
  if (typeof id !== 'string' || !id) throw new Error(`an importer of ${entity.label} gives no ${entity.idField}`);
  const plan = toStorage(entity, record, entity.label);
  Object.assign(plan.props, internal, { [entity.idField]: id });
  return { id, input: record, plan };
}

/** The properties of `importRecord`'s plan without nulls (what `SET n = properties(row)` stores). */
export function storedProps(made: NewRecord): Record<string, unknown> {
  return Object.fromEntries(Object.entries(made.plan.props).filter(([, v]) => v !== null && v !== undefined));
}

/** The reference the entity declares for `field` (its relationship type and target), for generated statements. */
export function declaredRef(entity: EntityDef, field: string): RefSpec {
  const ref = entity.refs.find((r) => linkKey(r) === field);
  if (!ref) throw new Error(`${entity.label} declares no reference "${field}"`);
  return ref;
}
