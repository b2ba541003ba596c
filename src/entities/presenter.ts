// Stored node -> BrAPI record, and BrAPI record -> stored properties. The field list is the official schema's
// (src/openapi), so every schema field is present (null when empty) and internal properties never leak.
import { BadRequestError } from '../errors.js';
import { schemaFields } from './registry.js';
import { refKey } from './cypher.js';
import type { EntityDef } from './types.js';

export interface StoredRecord {
  props: Record<string, unknown>;
  refs: Record<string, { id: unknown; name: unknown } | null>;
}

export function present(entity: EntityDef, stored: StoredRecord): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const refValues = new Map<string, unknown>();
  entity.refs.forEach((ref, i) => {
    const target = stored.refs[refKey(i)];
    refValues.set(ref.field, target?.id ?? null);
    if (ref.nameField) refValues.set(ref.nameField, target?.name ?? null);
  });
  for (const field of schemaFields(entity)) {
    if (refValues.has(field)) {
      out[field] = refValues.get(field);
      continue;
    }
    const value = stored.props[field];
    out[field] = value === undefined || value === null ? null
      : entity.jsonFields.includes(field) ? JSON.parse(value as string) : value;
  }
  return out;
}

export interface StoragePlan {
  /** Properties to SET (null removes a property). */
  props: Record<string, unknown>;
  /** Reference field -> target DbId (null unlinks), only for reference fields present in the input. */
  links: Record<string, string | null>;
}

/** Converts a request record; only schema fields are taken (others are ignored), the DbId is never taken. */
export function toStorage(entity: EntityDef, raw: Record<string, unknown>, where: string): StoragePlan {
  const input = entity.normalize ? entity.normalize(raw) : raw;
  const props: Record<string, unknown> = {};
  const links: Record<string, string | null> = {};
  const refFields = new Map(entity.refs.map((r) => [r.field, r]));
  const nameFields = new Set(entity.refs.map((r) => r.nameField));
  for (const field of schemaFields(entity)) {
    if (!Object.hasOwn(input, field) || field === entity.idField || nameFields.has(field)) continue;
    const value = input[field];
    if (refFields.has(field)) {
      if (value !== null && typeof value !== 'string') throw new BadRequestError(`${where}.${field} must be a string.`);
      links[field] = value;
    } else if (entity.jsonFields.includes(field)) {
      props[field] = value === null ? null : JSON.stringify(value);
    } else if (isStorableScalar(value)) {
      props[field] = value;
    } else {
      throw new BadRequestError(`${where}.${field} must be a string, number, boolean or a list of strings.`);
    }
  }
  if (entity.derive) {
    // Derived properties are recomputed from the JSON members they index, when those are in the input.
    const decoded = Object.fromEntries(entity.jsonFields.filter((f) => Object.hasOwn(input, f)).map((f) => [f, input[f]]));
    if (Object.keys(decoded).length) Object.assign(props, entity.derive(decoded));
  }
  return { props, links };
}

function isStorableScalar(value: unknown): boolean {
  if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return true;
  return Array.isArray(value) && value.every((v) => typeof v === 'string')
    || Array.isArray(value) && value.every((v) => typeof v === 'number');
}
