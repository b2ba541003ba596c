// Every created record remembers its creator (the `createdBy` property, never shown in BrAPI records). Changing a
// record needs its creator or an admin; records without a creator (demo data, imports, writes made with auth
// disabled) belong to no user, so only admins change them.
import { ForbiddenError } from '../errors.js';
import type { Runner } from '../graph/port.js';
import { hasRole, type Actor } from './actor.js';

/** The property holding a record's creator. */
export const CREATED_BY = 'createdBy';

/** The creator to store on records the actor creates (null when anonymous or auth is disabled). */
export const creatorOf = (actor: Actor | undefined) => actor?.userId ?? null;

/**
 * Throws 403 naming the records among `ids` that the actor may not change. Runs inside the write's transaction, so
 * the check and the write see the same data. `label` and `idProp` come from the registry, never from a request.
 */
export async function assertCanModify(tx: Runner, actor: Actor | undefined, label: string, idProp: string, ids: string[]) {
  // No actor: an internal caller (demo loader, import CLI) that has no user to check.
  if (!actor || hasRole(actor, 'admin') || !ids.length) return;
  const rows = await tx.run<{ id: string }>(
    `UNWIND $ids AS id MATCH (n:\`${label}\` {\`${idProp}\`: id}) WHERE n.${CREATED_BY} IS NULL OR n.${CREATED_BY} <> $user RETURN id`,
    { ids, user: actor.userId },
  );
  if (rows.length) {
    const named = rows.slice(0, 10).map((r) => `"${r.id}"`).join(', ') + (rows.length > 10 ? ` and ${rows.length - 10} more` : '');
    throw new ForbiddenError(`User "${actor.userId}" may not change ${label} ${named}: only its creator or an admin can.`);
  }
}
