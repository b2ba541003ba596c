// Typed errors. Code anywhere throws these; one middleware (src/http/middleware/errors.ts) turns them into a
// plain-text HTTP response. Anything that is not an HttpError becomes a generic 500.

export abstract class HttpError extends Error {
  abstract readonly status: number;
  /** Extra response headers, e.g. Allow or Retry-After. */
  headers: Record<string, string> = {};
}

/** 400: a query parameter or body member is wrong. The message names it. */
export class BadRequestError extends HttpError {
  readonly status = 400;
}

/** 401: no usable bearer token. The challenge names the RFC 6750 error code when a token was sent but is bad. */
export class UnauthorizedError extends HttpError {
  readonly status = 401;
  constructor(message: string, error?: 'invalid_token' | 'invalid_request') {
    super(message);
    this.headers = { 'WWW-Authenticate': error ? `Bearer realm="brapi", error="${error}"` : 'Bearer realm="brapi"' };
  }
}

export class ForbiddenError extends HttpError {
  readonly status = 403;
}

export class NotFoundError extends HttpError {
  readonly status = 404;
}

export class MethodNotAllowedError extends HttpError {
  readonly status = 405;
  constructor(allowed: string[]) {
    super(`Method not allowed here. Allowed: ${allowed.join(', ')}`);
    this.headers = { Allow: allowed.join(', ') };
  }
}

/** 409: the write conflicts with existing data (e.g. a DbId that already exists). */
/** The call cannot answer in any format the Accept header allows. */
export class NotAcceptableError extends HttpError {
  readonly status = 406;
}

export class ConflictError extends HttpError {
  readonly status = 409;
}

export class PayloadTooLargeError extends HttpError {
  readonly status = 413;
}

/** 503: the database cannot be reached or timed out; clients may retry. */
export class DatabaseUnavailableError extends HttpError {
  readonly status = 503;
  constructor(message = 'The database is unavailable; try again shortly.', retryAfterSeconds = 5) {
    super(message);
    this.headers = { 'Retry-After': String(retryAfterSeconds) };
  }
}

/** A Cypher statement failed in the database (not the client's fault unless mapped otherwise). */
export class DatabaseError extends Error {
  constructor(readonly code: string, message: string) {
    super(`${code}: ${message}`);
  }
}

/** Maps a Neo4j status code to the error the client should see (one place for every transport). */
export function fromNeo4jCode(code: string, message: string): Error {
  if (code === 'Neo.ClientError.Schema.ConstraintValidationFailed') {
    return new ConflictError('A record with this identifier already exists.');
  }
  if (code.startsWith('Neo.TransientError.') || code === 'Neo.ClientError.Cluster.NotALeader'
    || code === 'Neo.ClientError.General.DatabaseUnavailable' || code.startsWith('Neo.ClientError.Database.')) {
    return new DatabaseUnavailableError();
  }
  return new DatabaseError(code, message);
}
