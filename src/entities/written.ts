// A create's answer from what it wrote, without reading the records back: a new node's stored properties are the
// ones its plan set, and a node without relationships shows nothing more from the graph. Worth it on bulk creates:
// POST /germplasm of 1,000 records read every one back (one statement, a projection per record) to answer what the
// request had just sent.
import type { NewRecord, StoredRecord } from './presenter.js';
import type { EntityDef } from './types.js';

/**
 * The records as stored, when what the write set is all they show: no reference written (a link shows its target's
 * DbId and name), no computed field or afterCreate hook (both depend on or change the graph), a fromGraph read
 * whose value for a node without relationships is declared, and strings Bolt carries unchanged (a lone UTF-16
 * surrogate would be stored as U+FFFD). Otherwise null: the caller reads the records back.
 */
export function writtenRecords(entity: EntityDef, plans: NewRecord[]): StoredRecord[] | null {
  if (entity.computed && Object.keys(entity.computed).length) return null;
  if (entity.afterCreate) return null;
  if (entity.fromGraph && !Object.hasOwn(entity.fromGraph, 'unlinked')) return null;
  const records: StoredRecord[] = [];
  for (const { id, plan } of plans) {
    if (plan.computed || plan.embedded) return null;
    for (const targets of Object.values(plan.links)) if (targets.length) return null;
    for (const value of Object.values(plan.props)) if (!carriedUnchanged(value)) return null;
    const stored: StoredRecord = { props: { ...plan.props, [entity.idField]: id }, refs: {} };
    if (entity.fromGraph) stored.fromGraph = entity.fromGraph.unlinked;
    records.push(stored);
  }
  return records;
}

/** With the u flag a surrogate pair is one code point: only an unpaired half matches. */
const LONE_SURROGATE = /\p{Surrogate}/u;

export function carriedUnchanged(value: unknown): boolean {
  if (typeof value === 'string') return !LONE_SURROGATE.test(value);
  if (Array.isArray(value)) return value.every((v) => typeof v !== 'string' || !LONE_SURROGATE.test(v));
  return true;
}
