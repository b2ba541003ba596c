// A seed lot's `amount` is its current balance; recording a transaction moves seed between lots.
import type { Actor } from '../../../auth/actor.js';
import { assertCanModify } from '../../../auth/ownership.js';
import { BadRequestError } from '../../../errors.js';
import type { Runner } from '../../../graph/port.js';
import { lockLots, setBalances } from './queries.js';
import { seedLotEntity as lots } from './seedlots.entity.js';

/**
 * A seed lot's `amount` is its current balance (spec: "increased by seed production and decreased by planting or
 * trading"), so a transaction takes its amount from the FROM lot and adds it to the TO lot, and both lots'
 * lastUpdated ("including transactions") becomes now. A transaction in other units than its lot, or one that would
 * leave a lot below zero, is a 400 and rolls the whole request back. A lot with no amount yet counts as empty.
 * Moving seed changes both lots, so the actor must be allowed to change them (403 otherwise).
 */
export async function moveSeed(tx: Runner, records: Array<Record<string, unknown>>, actor?: Actor) {
  const sides = [['fromSeedLotDbId', -1], ['toSeedLotDbId', 1]] as const;
  const lotIds = [...new Set(records.flatMap((r) => sides.map(([field]) => r[field]).filter((v): v is string => typeof v === 'string')))];
  if (!lotIds.length) return;
  await assertCanModify(tx, actor, lots.label, lots.idField, lotIds);
  const state = await lockLots(tx, lotIds, new Date().toISOString());
  const balance = new Map(state.map((s) => [s.id, { ...s, changed: false }]));
  records.forEach((record, i) => {
    if (typeof record.amount !== 'number') return;
    const units = typeof record.units === 'string' ? record.units : null;
    for (const [field, sign] of sides) {
      const lot = balance.get(record[field] as string);
      if (!lot) continue;
      if (units !== null && lot.units !== null && units !== lot.units) {
        throw new BadRequestError(`body[${i}].units "${units}" differ from the units "${lot.units}" of seed lot "${lot.id}" (${field}).`);
      }
      lot.amount = (lot.amount ?? 0) + sign * record.amount;
      lot.units ??= units;
      lot.changed = true;
    }
  });
  const changed = [...balance.values()].filter((lot) => lot.changed);
  const overdrawn = changed.filter((lot) => (lot.amount as number) < 0);
  if (overdrawn.length) {
    throw new BadRequestError(`These transactions take more than seed lot ${overdrawn.map((l) => `"${l.id}"`).join(', ')} holds.`);
  }
  await setBalances(tx, changed.map(({ id, amount, units }) => ({ id, amount, units })));
}
