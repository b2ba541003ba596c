// A write stores every field it accepts or refuses the request naming the field (DESIGN.md): a top-level member that
// is no field of the entity's BrAPI record is refused, not dropped. BrAPI's place for data of one's own is the
// record's additionalInfo.
import { BadRequestError } from '../errors.js';
import { loadSpec } from '../openapi/spec.js';
import { schemaFields } from './schema-fields.js';
import type { EntityDef } from './types.js';

const known = new Map<EntityDef, Set<string>>();

/** The members a request record may have: those of the entity's request schema and of its record (a record sent back as read). */
function knownFields(entity: EntityDef): Set<string> {
  let fields = known.get(entity);
  if (!fields) {
    const spec = loadSpec();
    const post = spec.resolveSchema(spec.requestBodySchema('post', `/${entity.path}`));
    const item = spec.resolveSchema(post?.items) ?? post;
    fields = new Set([...schemaFields(entity), ...Object.keys(item?.properties ?? {})]);
    known.set(entity, fields);
  }
  return fields;
}

/** 400 naming the first member of `record` (at `where`, e.g. `body[0]`) that is no field of the entity. */
export function refuseUnknownFields(entity: EntityDef, record: unknown, where: string): void {
  if (record === null || typeof record !== 'object' || Array.isArray(record)) return;
  const fields = knownFields(entity);
  const unknown = Object.keys(record).filter((k) => !fields.has(k));
  if (!unknown.length) return;
  const extras = fields.has('additionalInfo') ? '; data of your own goes in additionalInfo' : '';
  throw new BadRequestError(`${unknown.map((k) => `${where}.${k}`).join(', ')}: not ${unknown.length > 1 ? 'fields' : 'a field'} of a BrAPI ${entity.schema} record, so not stored${extras}. Nothing was written.`);
}

/**
 * The record's own DbId in a body: the server makes DbIds (POST), and a PUT names its record in the path (or the
 * key of a bulk PUT's map), so a DbId that is not that one would be dropped: 400 naming it. The same DbId is fine (a
 * record sent back as read).
 */
export function refuseOtherDbId(entity: EntityDef, record: unknown, where: string, id?: string): void {
  if (record === null || typeof record !== 'object' || Array.isArray(record)) return;
  const sent = (record as Record<string, unknown>)[entity.idField];
  if (sent === undefined || sent === null || sent === id) return;
  throw new BadRequestError(id === undefined
    ? `${where}.${entity.idField}: the server makes the DbId of a new ${entity.label}; leave it out. Nothing was written.`
    : `${where}.${entity.idField} ${JSON.stringify(sent)} is not the DbId of the ${entity.label} this PUT changes (${JSON.stringify(id)}); leave it out or send that one. Nothing was written.`);
}
