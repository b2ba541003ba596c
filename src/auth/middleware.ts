// Authentication and the role policy, for every BrAPI call: the bearer token (opaque API token or JWT) becomes
// ctx.state.actor; writes need the write role, reads need the read role only when reads are private. Ownership of
// the records a write changes is checked where the write happens (ownership.ts), inside its transaction.
import type { Middleware } from 'koa';
import type { AuthConfig } from '../config.js';
import { ForbiddenError, UnauthorizedError } from '../errors.js';
import type { Graph } from '../graph/port.js';
import { declaredAccess, type AccessOf } from '../http/routes.js';
import type { BrapiContextExtras, BrapiState } from '../http/types.js';
import { ANONYMOUS, UNRESTRICTED, hasRole, type Actor, type Role } from './actor.js';
import { jwtVerifier, looksLikeJwt } from './jwt.js';
import { findApiToken } from './tokens.js';

const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);

/** Identifies the caller and checks the role the matched route declares (src/http/routes.ts). */
export function authenticate(config: AuthConfig, accessOf: AccessOf): Middleware<BrapiState, BrapiContextExtras> {
  const verifyJwt = jwtVerifier(config.jwt);
  return async function authenticate(ctx, next) {
    if (config.disabled) {
      ctx.state.actor = UNRESTRICTED;
      return next();
    }
    const actor = await actorOf(ctx.get('authorization'), ctx.services.graph, verifyJwt);
    ctx.state.actor = actor;
    // No declared route answers (a 404 or 405 follows): the method decides, so nothing unknown passes as a read.
    const access = declaredAccess(ctx, accessOf) ?? (READ_METHODS.has(ctx.method) ? 'read' : 'write');
    const needed: Role | null = access === 'write' ? 'write' : config.privateReads ? 'read' : null;
    if (needed && !hasRole(actor, needed)) {
      if (actor.userId === null) throw new UnauthorizedError(`This call needs a bearer token with the ${needed} role.`);
      throw new ForbiddenError(`User "${actor.userId}" does not have the ${needed} role this call needs.`);
    }
    await next();
  };
}

async function actorOf(header: string, graph: Graph, verifyJwt: ReturnType<typeof jwtVerifier>): Promise<Actor> {
  if (!header) return ANONYMOUS;
  const [, token] = /^Bearer +(\S+) *$/i.exec(header) ?? [];
  if (!token) throw new UnauthorizedError('The Authorization header must be "Bearer <token>".', 'invalid_request');
  if (looksLikeJwt(token)) {
    if (!verifyJwt) throw new UnauthorizedError('This server does not accept JWTs; use an API token.', 'invalid_token');
    return verifyJwt(token);
  }
  const actor = await findApiToken(graph, token);
  if (!actor) throw new UnauthorizedError('The token is unknown or has been revoked.', 'invalid_token');
  return actor;
}
