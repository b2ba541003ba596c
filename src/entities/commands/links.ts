import { BadRequestError } from '../../errors.js';
import type { Runner } from '../../graph/port.js';
import { missingTargetsQuery, relinkQuery } from '../cypher.js';
import { linkKey, type StoragePlan } from '../presenter.js';
import type { EntityDef } from '../types.js';

/**
 * Writes the reference relationships of the given records (id -> plan). Every referenced DbId must exist:
 * otherwise a 400 names them, and the caller's transaction rolls back.
 */
export async function writeLinks(tx: Runner, entity: EntityDef, plans: Array<{ id: string; plan: StoragePlan }>) {
  for (const ref of entity.refs) {
    const links = plans
      .filter(({ plan }) => Object.hasOwn(plan.links, linkKey(ref)))
      .map(({ id, plan }) => ({ id, targets: plan.links[linkKey(ref)] }));
    if (!links.length) continue;
    const ids = [...new Set(links.flatMap((l) => l.targets))];
    if (ids.length) {
      const [{ missing }] = await tx.run<{ missing: string[] }>(missingTargetsQuery(ref.target), { ids });
      if (missing.length) {
        throw new BadRequestError(`${ref.field} refers to unknown ${ref.target.idProp}: ${missing.join(', ')}`);
      }
    }
    await tx.run(relinkQuery(entity, ref), { links });
  }
}
