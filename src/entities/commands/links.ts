import type { Actor } from '../../auth/actor.js';
import { CREATED_BY, creatorOf } from '../../auth/ownership.js';
import { BadRequestError } from '../../errors.js';
import type { Runner } from '../../graph/port.js';
import { computedMismatchQuery, createQuery, missingTargetsQuery, relinkQuery, shownFields, shownMismatchQuery } from '../cypher.js';
import { linkKey, type NewRecord, type StoragePlan } from '../presenter.js';
import type { EntityDef, RefSpec } from '../types.js';

/**
 * Writes the reference relationships of the given records (id -> plan). Every referenced DbId must exist:
 * otherwise a 400 names them, and the caller's transaction rolls back.
 */
export async function writeLinks(tx: Runner, entity: EntityDef, plans: Array<{ id: string; plan: StoragePlan }>, actor?: Actor) {
  for (const ref of entity.refs) {
    const links = plans
      .filter(({ plan }) => Object.hasOwn(plan.links, linkKey(ref)))
      .map(({ id, plan }) => ({ id, targets: plan.links[linkKey(ref)] }));
    if (!links.length) continue;
    // New records of an embedded reference's entity (nested objects without a DbId) exist before they are linked.
    const created = plans.flatMap(({ plan }) => plan.embedded?.[linkKey(ref)] ?? []);
    if (ref.embed && created.length) await insertRecords(tx, ref.embed, created, actor);
    const ids = [...new Set(links.flatMap((l) => l.targets))];
    if (ids.length) {
      const [{ missing }] = await tx.run<{ missing: string[] }>(missingTargetsQuery(ref.target), { ids });
      if (missing.length) {
        throw new BadRequestError(`${ref.field} refers to unknown ${ref.target.idProp}: ${missing.join(', ')}`);
      }
    }
    await tx.run(relinkQuery(entity, ref), { links });
    if (ref.key && ref.shows && !ref.embed) await checkShown(tx, ref, plans);
  }
  await checkComputed(tx, entity, plans);
}

/**
 * A reference inside a JSON field shows members of its target on every answer (a contact's name and email, a cross
 * parent's germplasmName), whatever was stored: a request that sends one with another value is refused, naming it,
 * rather than answered with the target's (the value would be dropped without a word).
 */
async function checkShown(tx: Runner, ref: RefSpec, plans: Array<{ id: string; plan: StoragePlan }>) {
  const key = ref.key!;
  const rows: Array<{ target: string; member: string; value: unknown; at: string }> = [];
  for (const { plan } of plans) {
    const json = plan.props[ref.field];
    if (typeof json !== 'string') continue;
    const value: unknown = JSON.parse(json);
    (Array.isArray(value) ? value : [value]).forEach((item, i) => {
      if (item === null || typeof item !== 'object') return;
      const target = (item as Record<string, unknown>)[key];
      if (typeof target !== 'string') return;
      for (const member of Object.keys(ref.shows ?? {})) {
        const sent = (item as Record<string, unknown>)[member];
        const at = `${plan.where ? `${plan.where}.` : ''}${ref.field}${Array.isArray(value) ? `[${i}]` : ''}.${member}`;
        if (sent !== undefined && sent !== null) rows.push({ target, member, value: sent, at });
      }
    });
  }
  if (!rows.length) return;
  const [wrong] = await tx.run<{ at: string; target: string; value: unknown; actual: unknown }>(shownMismatchQuery(ref), { rows });
  if (wrong) {
    throw new BadRequestError(`${wrong.at} ${JSON.stringify(wrong.value)} is not what ${ref.target.label} "${wrong.target}" has (${JSON.stringify(wrong.actual)}): it is shown from that record; leave it out or send that value.`);
  }
}

/**
 * Creates records and their links inside the caller's transaction, then runs the entity's afterCreate hook. The
 * actor (absent for internal loaders) is remembered as the creator.
 */
export async function insertRecords(tx: Runner, entity: EntityDef, plans: NewRecord[], actor?: Actor) {
  const createdBy = creatorOf(actor);
  const rows = plans.map(({ id, plan }) => withoutNulls({ ...plan.props, [CREATED_BY]: createdBy, [entity.idField]: id }));
  await tx.run(createQuery(entity), { rows });
  await writeLinks(tx, entity, plans, actor);
  await entity.afterCreate?.(tx, plans.map((p) => p.input), plans.map((p) => p.id), actor);
}

function withoutNulls(props: Record<string, unknown>) {
  return Object.fromEntries(Object.entries(props).filter(([, v]) => v !== null && v !== undefined));
}

/** A computed field a request names must agree with what the graph now shows (e.g. a sample's trial, its study's). */
async function checkComputed(tx: Runner, entity: EntityDef, plans: Array<{ id: string; plan: StoragePlan }>) {
  for (const [field, expr] of shownFields(entity)) {
    const rows = plans.filter(({ plan }) => plan.computed && Object.hasOwn(plan.computed, field)).map(({ id, plan }) => ({ id, value: plan.computed?.[field] }));
    if (!rows.length) continue;
    const [wrong] = await tx.run<{ value: unknown; actual: unknown }>(computedMismatchQuery(entity, expr), { rows });
    if (wrong) {
      throw new BadRequestError(
        `${field} ${JSON.stringify(wrong.value)} is not the one this ${entity.label} has through its references (${JSON.stringify(wrong.actual)}); leave it out or send that value.`,
      );
    }
  }
}
