// JWT bearer tokens, verified with `jose` against a shared secret, a public key or a local JWKS file; issuer,
// audience and expiry are always checked. The user is the `sub` claim, the roles come from a configurable claim.
import fs from 'node:fs';
import { createPublicKey } from 'node:crypto';
import { createLocalJWKSet, errors, jwtVerify, type JWTVerifyGetKey } from 'jose';
import type { JwtConfig } from '../config.js';
import { UnauthorizedError } from '../errors.js';
import { parseRoles, type Actor } from './actor.js';

export type JwtVerifier = (token: string) => Promise<Actor>;

/** Three base64url segments: a compact JWS. Opaque tokens never look like this. */
export const looksLikeJwt = (token: string) => /^[\w-]+\.[\w-]+\.[\w-]*$/.test(token);

/** The verifier for the configured key, or undefined when JWTs are not configured. Bad key files fail at start. */
export function jwtVerifier(config: JwtConfig): JwtVerifier | undefined {
  let key: Uint8Array | ReturnType<typeof createPublicKey> | JWTVerifyGetKey;
  if (config.secret) key = new TextEncoder().encode(config.secret);
  else if (config.publicKeyFile) key = createPublicKey(fs.readFileSync(config.publicKeyFile, 'utf8'));
  else if (config.jwksFile) key = createLocalJWKSet(JSON.parse(fs.readFileSync(config.jwksFile, 'utf8')));
  else return undefined;
  const options = { issuer: config.issuer, audience: config.audience, requiredClaims: ['exp', 'sub'] };
  return async (token) => {
    let payload;
    try {
      ({ payload } = await jwtVerify(token, key as Parameters<typeof jwtVerify>[1], options));
    } catch (err) {
      throw new UnauthorizedError(reason(err), 'invalid_token');
    }
    let roles;
    try {
      roles = parseRoles(payload[config.rolesClaim]);
    } catch (err) {
      throw new UnauthorizedError(`The token's ${config.rolesClaim} claim is not usable: ${(err as Error).message}`, 'invalid_token');
    }
    return { userId: String(payload.sub), roles: new Set(roles) };
  };
}

/** A reason a client can act on, without echoing the token. */
function reason(err: unknown): string {
  if (err instanceof errors.JWTExpired) return 'The token has expired.';
  if (err instanceof errors.JWTClaimValidationFailed) return `The token's "${err.claim}" claim is not accepted (${err.reason}).`;
  if (err instanceof errors.JWSSignatureVerificationFailed || err instanceof errors.JWKSNoMatchingKey) return 'The token signature does not verify.';
  if (err instanceof errors.JOSEAlgNotAllowed) return 'The token is signed with an algorithm this server does not accept.';
  return 'The token is not a valid JWT.';
}
