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

/** 503: the service is up but its data is not whole yet (the demo data loading); clients may retry. */
export class NotReadyError extends HttpError {
  readonly status = 503;
  constructor(message: string, retryAfterSeconds = 5) {
    super(message);
    this.headers = { 'Retry-After': String(retryAfterSeconds) };
  }
}

/** 503: the service cannot take this work now (its computations all busy and queued, or it is stopping); retry later. */
export class BusyError extends HttpError {
  readonly status = 503;
  constructor(message: string, retryAfterSeconds = 30) {
    super(message);
    this.headers = { 'Retry-After': String(retryAfterSeconds) };
  }
}

/** The typed errors made from a message alone, by class name: one thrown in a worker thread keeps its class here. */
const BY_NAME: Record<string, new (message: string) => HttpError> = {
  BadRequestError, ForbiddenError, NotFoundError, NotAcceptableError, ConflictError, PayloadTooLargeError,
};

/** The error named `name` with `message` (a plain Error, a 500, for any other name). */
export function errorNamed(name: string, message: string): Error {
  const Class = BY_NAME[name];
  return Class ? new Class(message) : new Error(message);
}

/** A Cypher statement failed in the database (not the client's fault unless mapped otherwise). */
export class DatabaseError extends Error {
  constructor(readonly code: string, message: string) {
    super(`${code}: ${message}`);
  }
}

/**
 * True when a Neo4j error is the request's own doing however Neo4j classifies it (a transaction over its memory
 * limit is "transient"): the transport must not retry it.
 */
export function isRequestLimit(code: string, message: string): boolean {
  const mapped = fromNeo4jCode(code, message);
  return mapped instanceof HttpError && mapped.status < 500;
}

/** Maps a Neo4j status code to the error the client should see (one place for every transport). */
export function fromNeo4jCode(code: string, message: string): Error {
  if (code === 'Neo.ClientError.Schema.ConstraintValidationFailed') {
    return new ConflictError('A record with this identifier already exists.');
  }
  // The engine's limits, which the request broke by its size: a client error with a reason, never a 500.
  const tooLarge = /Property value is too large to index[\s\S]*?schema=\(:(\w+) \{([\w, ]+)\}\)[\s\S]*?property size: (\d+)/.exec(message);
  if (tooLarge) {
    return new BadRequestError(`${tooLarge[2]} is too long for the database to index on ${tooLarge[1]} (${tooLarge[3]} bytes; `
      + 'an indexed text property takes at most about 8,000 bytes); nothing was written.');
  }
  if (/Property value is too large to index/.test(message)) {
    return new BadRequestError('A text value is too long for the database to index (at most about 8,000 bytes); nothing was written.');
  }
  // Neo4j 5 reports one transaction over its own limit as a transient error, but retrying cannot help it.
  if (code === 'Neo.ClientError.General.TransactionOutOfMemoryError' || /db\.memory\.transaction\.max threshold reached/.test(message)) {
    return new PayloadTooLargeError('The request needs more memory in one transaction than the database allows '
      + '(db.memory.transaction.max); nothing was written. Send it in smaller parts.');
  }
  // A statement past its time limit (the client's or the database's): the database is too busy or the work too long.
  if (code.startsWith('Neo.ClientError.Transaction.TransactionTimedOut')) {
    return new DatabaseUnavailableError('The database did not answer within the service\'s statement time limit (NEO4J_TIMEOUT_MS); try again shortly.');
  }
  if (code.startsWith('Neo.TransientError.') || code === 'Neo.ClientError.Cluster.NotALeader'
    || code === 'Neo.ClientError.General.DatabaseUnavailable' || code.startsWith('Neo.ClientError.Database.')) {
    return new DatabaseUnavailableError();
  }
  return new DatabaseError(code, message);
}
