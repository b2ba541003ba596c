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
