// Opaque API tokens: random, shown once, stored only as a SHA-256 hash with a user and roles (:ApiToken). A hash
// without salt is enough here: the tokens are 256 random bits, not passwords.
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import type { Graph } from '../graph/port.js';
import { cypher } from '../graph/cypher-files.js';
import { parseRoles, type Actor, type Role } from './actor.js';

export const hashToken = (token: string) => createHash('sha256').update(token, 'utf8').digest('hex');

export interface NewToken {
  tokenId: string;
  /** The bearer token; not stored, so it cannot be shown again. */
  token: string;
}

export async function createApiToken(graph: Graph, userId: string, roles: Role[], note: string | null = null): Promise<NewToken> {
  if (!userId) throw new Error('A token needs a user.');
  if (!roles.length) throw new Error('A token needs at least one role.');
  const token = `brapi_${randomBytes(32).toString('base64url')}`;
  const tokenId = randomUUID();
  await graph.write(cypher('auth/create-token'), { tokenId, tokenHash: hashToken(token), userId, roles, note, now: new Date().toISOString() });
  return { tokenId, token };
}

/** True when the token existed (revoking twice is harmless). */
export async function revokeApiToken(graph: Graph, tokenId: string): Promise<boolean> {
  return (await graph.write(cypher('auth/revoke-token'), { tokenId, now: new Date().toISOString() })).length > 0;
}

export async function listApiTokens(graph: Graph) {
  return graph.read<{ tokenId: string; userId: string; roles: string[]; note: string | null; createdAt: string; revokedAt: string | null }>(
    cypher('auth/list-tokens'),
  );
}

/** The user behind a live opaque token, or null. */
export async function findApiToken(graph: Graph, token: string): Promise<Actor | null> {
  const [row] = await graph.read<{ userId: string; roles: string[] }>(cypher('auth/find-token'), { tokenHash: hashToken(token) });
  return row ? { userId: row.userId, roles: new Set(parseRoles(row.roles)) } : null;
}

/** BRAPI_ADMIN_TOKEN: the configured token becomes an admin token (user `admin`). */
export async function registerAdminToken(graph: Graph, token: string): Promise<void> {
  await graph.write(cypher('auth/register-admin-token'), {
    tokenHash: hashToken(token),
    tokenId: randomUUID(),
    userId: 'admin',
    now: new Date().toISOString(),
  });
}
