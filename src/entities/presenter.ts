// Stored node -> BrAPI record, and BrAPI record -> stored properties. The field list is the official schema's
// (src/openapi), so every schema field is present (null when empty) and internal properties never leak.
import { randomUUID } from 'node:crypto';
import { BadRequestError } from '../errors.js';
import { schemaFields } from './schema-fields.js';
import { computedKey, refKey } from './cypher.js';
import { spatialProps } from './geojson.js';
import { utcInstant } from './filters.js';
import { completeMembers } from './members.js';
import type { EntityDef, RefSpec } from './types.js';

interface Target {
  i: number | null;
  id: unknown;
  name: unknown;
  /** The target as stored, for an embedded reference. */
  record?: StoredRecord;
  /** The members a reference inside a JSON field shows from its target (RefSpec.shows). */
  shows?: Record<string, unknown>;
}

export interface StoredRecord {
  props: Record<string, unknown>;
  refs: Record<string, Target | Target[] | null>;
  /** Values of the entity's computed fields, by computedKey. */
  computed?: Record<string, unknown>;
  /** The value of the entity's `fromGraph` read. */
  fromGraph?: unknown;
}

/**
 * A reference's target as a record shows it: an embedded reference the target's whole record, others its DbId. (A
 * function of the module, not a closure per record: under tsx every closure is named as it is made.)
 */
function shown(ref: EntityDef['refs'][number], t: Target): unknown {
  return ref.embed && t.record ? present(ref.embed, t.record) : t.id;
}

/** A stored record as the entity's record schema (or another of its schemas, e.g. the list summary). */
export function present(entity: EntityDef, stored: StoredRecord, schema = entity.schema): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  const refValues = new Map<string, unknown>();
  entity.refs.forEach((ref, i) => {
    if (ref.key && !ref.embed) return;
    const target = stored.refs[refKey(i)];
    if (Array.isArray(target)) {
      const ordered = [...target].sort((a, b) => (a.i ?? 0) - (b.i ?? 0));
      refValues.set(ref.field, ordered.length ? ordered.map((t) => shown(ref, t)) : null);
      if (ref.nameField) refValues.set(ref.nameField, ordered.length ? ordered.map((t) => t.name) : null);
      return;
    }
    refValues.set(ref.field, target ? shown(ref, target) ?? null : null);
    if (ref.nameField) refValues.set(ref.nameField, target?.name ?? null);
  });
  Object.keys(entity.computed ?? {}).forEach((field, i) => refValues.set(field, stored.computed?.[computedKey(i)] ?? null));
  for (const field of schemaFields(entity, schema)) {
    if (refValues.has(field)) {
      out[field] = refValues.get(field);
      continue;
    }
    const value = stored.props[field];
    out[field] = value === undefined || value === null ? null
      : entity.jsonFields.includes(field) ? completeMembers(entity.module, schema, field, fromGraph(entity, stored, field, JSON.parse(value as string))) : value;
  }
  if (entity.fromGraph && stored.fromGraph !== undefined) entity.fromGraph.show(out, stored.fromGraph, stored.props);
  return out;
}

/**
 * A JSON field as stored, with the members its references show (RefSpec.shows) taken from the linked targets: the
 * graph, not the request, says what a referenced record is called now. A member the graph has no value for stays
 * as sent; an object whose DbId is linked to nothing (an older record) stays as sent.
 */
function fromGraph(entity: EntityDef, stored: StoredRecord, field: string, value: unknown): unknown {
  entity.refs.forEach((ref, i) => {
    if (ref.field !== field || !ref.key || ref.embed || !ref.shows) return;
    const found = stored.refs[refKey(i)];
    const targets = new Map((Array.isArray(found) ? found : found ? [found] : []).map((t) => [t.id, t.shows ?? {}]));
    const key = ref.key;
    const withTarget = (member: unknown) => {
      if (member === null || typeof member !== 'object' || Array.isArray(member)) return member;
      const shows = targets.get((member as Record<string, unknown>)[key]);
      if (!shows) return member;
      const known = Object.entries(shows).filter(([, v]) => v !== null && v !== undefined);
      return { ...(member as Record<string, unknown>), ...Object.fromEntries(known) };
    };
    value = Array.isArray(value) ? value.map(withTarget) : withTarget(value);
  });
  return value;
}

export interface StoragePlan {
  /** Properties to SET (null removes a property). */
  props: Record<string, unknown>;
  /** linkKey(ref) -> target DbIds in order (empty unlinks), only for reference fields present in the input. */
  links: Record<string, string[]>;
  /** Computed fields the request names -> the value it gives (checked against the graph after the write). */
  computed?: Record<string, unknown>;
  /** linkKey(ref) -> new records of an embedded reference's entity (nested objects without a DbId), to create first. */
  embedded?: Record<string, NewRecord[]>;
  /** Where the record sits in the request (`body[0]`, `body`), for messages about it after the write. */
  where?: string;
}

/** A record to create: its DbId, the request record (after onCreate) and its storage plan. */
export interface NewRecord {
  id: string;
  input: Record<string, unknown>;
  plan: StoragePlan;
}

/** Converts a request record; only schema fields are taken (others are ignored), the DbId is never taken. */
export function toStorage(entity: EntityDef, raw: Record<string, unknown>, where: string): StoragePlan {
  const input = entity.normalize ? entity.normalize(raw) : raw;
  entity.validate?.(input, where);
  const props: Record<string, unknown> = {};
  const links: Record<string, string[]> = {};
  const refsOf = (field: string) => entity.refs.filter((r) => r.field === field);
  const nameFields = nameFieldsOf(entity);
  const computed: Record<string, unknown> = {};
  const embedded: Record<string, NewRecord[]> = {};
  for (const field of schemaFields(entity)) {
    if (!Object.hasOwn(input, field) || field === entity.idField) continue;
    const value = input[field];
    // A referenced record's name (a program's leadPersonName) is shown from that record: like a computed field, it is
    // checked against what the graph shows once the links are written, so a different one is refused, not dropped.
    if (nameFields.has(field) || (entity.computed && Object.hasOwn(entity.computed, field))) {
      if (value !== null) computed[field] = value;
      continue;
    }
    const refs = refsOf(field);
    for (const ref of refs) {
      const target = ref.embed;
      // A nested object without its DbId is a new record of the embedded entity, under a fresh DbId.
      const create = target && ((member: Record<string, unknown>, at: string) => {
        const made = newRecord(target, member, at);
        (embedded[linkKey(ref)] ??= []).push(made);
        return made.id;
      });
      links[linkKey(ref)] = targetIds(ref, value, `${where}.${field}`, create);
    }
    if (refs.some((ref) => !ref.key || ref.embed)) continue;
    if (entity.jsonFields.includes(field)) {
      props[field] = value === null ? null : JSON.stringify(value);
    } else if (isStorableScalar(value)) {
      props[field] = value;
    } else {
      throw new BadRequestError(`${where}.${field} must be a string, number, boolean or a list of strings.`);
    }
  }
  if (entity.derive) {
    // Derived properties are recomputed from the JSON members (and deriveFrom fields) they index, when those are in the input.
    const sources = deriveSourcesOf(entity);
    const decoded = Object.fromEntries(sources.filter((f) => Object.hasOwn(input, f)).map((f) => [f, input[f]]));
    if (Object.keys(decoded).length) Object.assign(props, entity.derive(decoded));
  }
  for (const field of entity.geo ?? []) if (Object.hasOwn(input, field)) Object.assign(props, spatialProps(field, input[field]));
  for (const field of entity.instants ?? []) if (Object.hasOwn(input, field)) props[`${field}Utc`] = utcInstant(input[field]);
  const plan: StoragePlan = Object.keys(computed).length ? { props, links, computed, where } : { props, links, where };
  if (Object.keys(embedded).length) plan.embedded = embedded;
  return plan;
}

// Per entity, made once: toStorage runs for every record of a bulk write.
const nameFieldSets = new WeakMap<EntityDef, Set<string | undefined>>();
const deriveSources = new WeakMap<EntityDef, string[]>();

/** The fields that show a referenced record's name (a program's leadPersonName). */
function nameFieldsOf(entity: EntityDef): Set<string | undefined> {
  let names = nameFieldSets.get(entity);
  if (!names) nameFieldSets.set(entity, (names = new Set(entity.refs.map((r) => r.nameField))));
  return names;
}

/** The JSON members (and deriveFrom fields) an entity's derived properties are computed from. */
function deriveSourcesOf(entity: EntityDef): string[] {
  let sources = deriveSources.get(entity);
  if (!sources) deriveSources.set(entity, (sources = [...entity.jsonFields, ...(entity.deriveFrom ?? [])]));
  return sources;
}

/** A record to create under a new DbId (onCreate applied), as createEntities plans one. */
export function newRecord(entity: EntityDef, record: Record<string, unknown>, where: string, id: string = randomUUID()): NewRecord {
  const input = entity.onCreate ? entity.onCreate(record) : record;
  return { id, input, plan: toStorage(entity, input, where) };
}

/** Where a plan keeps one reference's targets: a field can hold several key references (contentMixture). */
export function linkKey(ref: RefSpec): string {
  return ref.key ? `${ref.field}.${ref.key}` : ref.field;
}

/**
 * The DbIds a reference field names: a string, a list of strings, or objects carrying the DbId under `key` (an
 * object without it names nothing, unless `create` makes a new record of it and gives its DbId).
 */
function targetIds(ref: RefSpec, value: unknown, where: string, create?: (member: Record<string, unknown>, at: string) => string): string[] {
  if (value === null) return [];
  const members = ref.many ? value : [value];
  if (!Array.isArray(members)) throw new BadRequestError(`${where} must be a list.`);
  return members.flatMap((member, i) => {
    const at = ref.many ? `${where}[${i}]` : where;
    if (!ref.key) {
      if (typeof member !== 'string') throw new BadRequestError(`${at} must be a string.`);
      return [member];
    }
    if (member === null) return [];
    if (typeof member !== 'object' || Array.isArray(member)) throw new BadRequestError(`${at} must be an object.`);
    const id = (member as Record<string, unknown>)[ref.key];
    if (id === undefined || id === null) return create ? [create(member as Record<string, unknown>, at)] : [];
    if (typeof id !== 'string') throw new BadRequestError(`${at}.${ref.key} must be a string.`);
    return [id];
  });
}

function isStorableScalar(value: unknown): boolean {
  if (value === null || ['string', 'number', 'boolean'].includes(typeof value)) return true;
  return Array.isArray(value) && value.every((v) => typeof v === 'string')
    || Array.isArray(value) && value.every((v) => typeof v === 'number');
}
