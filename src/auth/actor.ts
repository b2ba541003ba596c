// Who is calling, as the auth middleware found out from the bearer token, and what they may do.

/** Roles nest: write includes read, admin includes write. */
export const ROLES = ['read', 'write', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export interface Actor {
  /** The user the token belongs to; null for an anonymous caller (no token) and when auth is disabled. */
  userId: string | null;
  roles: ReadonlySet<Role>;
}

export const ANONYMOUS: Actor = { userId: null, roles: new Set() };
/** Auth disabled (BRAPI_AUTH_DISABLED=true, local development only): everyone may do everything. */
export const UNRESTRICTED: Actor = { userId: null, roles: new Set(ROLES) };

export function hasRole(actor: Actor, role: Role): boolean {
  return ROLES.slice(ROLES.indexOf(role)).some((r) => actor.roles.has(r));
}

/** Role names from a token or the CLI; unknown names are an error rather than silently dropped. */
export function parseRoles(raw: unknown): Role[] {
  const names = Array.isArray(raw) ? raw : typeof raw === 'string' ? raw.split(/[\s,]+/) : [];
  const roles = names.filter((r): r is string => typeof r === 'string' && r !== '');
  const unknown = roles.filter((r) => !(ROLES as readonly string[]).includes(r));
  if (unknown.length) throw new Error(`Unknown role(s) ${unknown.join(', ')}; roles are ${ROLES.join(', ')}.`);
  return roles as Role[];
}
