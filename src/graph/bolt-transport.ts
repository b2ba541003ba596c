// The one transport: Bolt through the official neo4j-driver, to Neo4j 5 (the bundled server, a production server,
// or a cluster / Aura over neo4j://). Reads run in read mode (a single read as an auto-commit transaction) and writes
// in write transactions, so on a cluster reads go to secondaries and a write hidden in a read path fails (Neo4j
// refuses writes in read mode even on a single server). Every session shares one bookmark manager, so what this
// instance wrote is visible to its next read on any cluster member (causal consistency within the instance).
import neo4j, { Session, type BookmarkManager, type Driver, type ManagedTransaction, type ResultSummary } from 'neo4j-driver';
import { DatabaseUnavailableError, fromNeo4jCode, isRequestLimit } from '../errors.js';
import { reportNotifications } from './notifications.js';
import { toCypherParams } from './params.js';
import { detectVersion, type Graph, type Params, type ReadOptions, type Row, type Runner, type ServerVersion } from './port.js';

export interface BoltTransportOptions {
  url: string;
  user?: string;
  password?: string;
  database?: string;
  timeoutMs?: number;
}

/** Raised when a statement run as a read on the primary changed the graph: a programming error. */
export class WriteInReadError extends Error {}

/** What statementObserver is told for a commit. */
export const COMMIT = 'COMMIT';

export class BoltGraph implements Graph {
  private readonly driver: Driver;
  readonly bookmarks: BookmarkManager = neo4j.bookmarkManager();
  private version?: Promise<ServerVersion>;
  roundTrips = 0;
  /**
   * Told the text and duration of every statement, and of every transaction's commit as COMMIT (the benchmark's
   * per-statement profile: a large write's commit, when Neo4j writes its records and index entries, takes as long as
   * some of its statements).
   */
  statementObserver?: (cypher: string, ms: number, dbHits?: number) => void;
  /**
   * The benchmark's profile pass: every statement is sent as `PROFILE <statement>` and its observer is told the
   * statement's database hits (the sum over its plan). Never set by the service.
   */
  profile = false;

  private readonly timeoutMs: number;
  /** How long transient failures are retried (the driver's maxTransactionRetryTime). */
  private readonly retryMs: number;

  constructor(private readonly opts: BoltTransportOptions) {
    const auth = opts.user ? neo4j.auth.basic(opts.user, opts.password ?? '') : undefined;
    const timeout = opts.timeoutMs ?? 30_000;
    this.timeoutMs = timeout;
    this.retryMs = Math.min(timeout, 5_000);
    this.driver = neo4j.driver(opts.url, auth, {
      // Integers come back as JS numbers (our DbIds are strings; counts stay below 2^53); parameters go the other
      // way through toCypherParams, so whole numbers reach Cypher as integers.
      disableLosslessIntegers: true,
      // A database that is away must answer 503 within the request's budget, not after the driver's 60 s defaults.
      connectionAcquisitionTimeout: timeout,
      connectionTimeout: Math.min(timeout, 10_000),
      maxTransactionRetryTime: this.retryMs,
      // Every result is read whole into memory (run() returns its rows), so the server may send it in one go
      // instead of waiting for a pull per 1,000 rows.
      fetchSize: -1,
    });
  }

  read<T extends Row = Row>(cypher: string, params: Params = {}, options: ReadOptions = {}): Promise<T[]> {
    if (options.primary) return this.readOnPrimary<T>(cypher, params);
    return this.autoCommitRead<T>(cypher, params);
  }

  /**
   * One read statement as an auto-commit transaction in a read session: one round trip, where a read transaction
   * function takes two (its COMMIT is another), which for RETURN 1 was 2.8 ms against 3.9 ms on this machine. It is
   * read-only and routed like a read transaction; what the driver would retry (a transient error, a cluster member
   * gone), it retries here the same way, for as long as the driver would.
   */
  private async autoCommitRead<T extends Row>(cypher: string, params: Params): Promise<T[]> {
    const started = Date.now();
    for (let attempt = 0; ; attempt++) {
      const session = this.session('read');
      try {
        return await this.runStatement<T>(session, cypher, params);
      } catch (err) {
        if (!neo4j.isRetryableError(err) || Date.now() - started >= this.retryMs) throw mapDriverError(err);
      } finally {
        await session.close();
      }
      // As the driver's transaction functions: 1 s doubled each time, 20 % jitter.
      await new Promise((resolve) => setTimeout(resolve, 1000 * 2 ** attempt * (0.8 + Math.random() * 0.4)));
    }
  }

  write<T extends Row = Row>(cypher: string, params: Params = {}): Promise<T[]> {
    return this.transaction((tx) => tx.run<T>(cypher, params), 'write');
  }

  /**
   * A read that must see every write committed anywhere before it (a saved search read from another replica than
   * the one that saved it): it runs on the primary, the one member that has them all. It goes in write mode to be
   * routed there, so we check ourselves that it changed nothing.
   */
  private readOnPrimary<T extends Row>(cypher: string, params: Params): Promise<T[]> {
    return this.execute((tx) => tx.run<T>(cypher, params), 'write', (summary) => {
      if (summary.counters.containsUpdates()) throw new WriteInReadError(`A primary read changed the graph: ${cypher.slice(0, 80)}`);
    });
  }

  transaction<T>(work: (tx: Runner) => Promise<T>, mode: 'read' | 'write' = 'write'): Promise<T> {
    return this.execute(work, mode);
  }

  private session(mode: 'read' | 'write'): Session {
    return this.driver.session({
      database: this.opts.database,
      defaultAccessMode: mode === 'read' ? neo4j.session.READ : neo4j.session.WRITE,
      bookmarkManager: this.bookmarks,
    });
  }

  /**
   * One statement on a transaction or (auto-commit) a session: counted, observed, its notifications reported.
   * `queue`: the transaction's, whose statements may be sent before the one before answers (a pipeline, see
   * pipeline.ts); each is timed from when it could start, the end of the one before, not from when it was sent.
   */
  private async runStatement<R extends Row>(on: ManagedTransaction | Session, cypher: string, params: Params, check?: (summary: ResultSummary) => void, queue = { lastDone: 0 }): Promise<R[]> {
    this.roundTrips++;
    const sent = performance.now();
    const text = this.profile ? `PROFILE ${cypher}` : cypher;
    const pending = on instanceof Session ? on.run(text, toCypherParams(params), { timeout: this.timeoutMs }) : on.run(text, toCypherParams(params));
    const result = await pending.catch((err: unknown) => {
      // Thrown as the client's error, so that neither the driver nor autoCommitRead retries what would fail the
      // same way again.
      throw err instanceof neo4j.Neo4jError && isRequestLimit(err.code, err.message) ? fromNeo4jCode(err.code, err.message) : err;
    });
    const done = performance.now();
    this.statementObserver?.(cypher, done - Math.max(sent, queue.lastDone), this.profile ? dbHits(result.summary.profile) : undefined);
    queue.lastDone = done;
    reportNotifications(cypher, result.summary);
    check?.(result.summary);
    return result.records.map((record) => toPlain(record.toObject()) as R);
  }

  private async execute<T>(work: (tx: Runner) => Promise<T>, mode: 'read' | 'write', check?: (summary: ResultSummary) => void): Promise<T> {
    const session = this.session(mode);
    const config = { timeout: this.timeoutMs };
    let worked = 0;
    const body = async (mtx: ManagedTransaction) => {
      const queue = { lastDone: 0 };
      const result = await work({ run: <R extends Row>(cypher: string, params: Params = {}) => this.runStatement<R>(mtx, cypher, params, check, queue) });
      worked = performance.now();
      return result;
    };
    try {
      const result = await (mode === 'read' ? session.executeRead(body, config) : session.executeWrite(body, config));
      this.statementObserver?.(COMMIT, performance.now() - worked);
      return result;
    } catch (err) {
      throw mapDriverError(err);
    } finally {
      await session.close();
    }
  }

  serverVersion(): Promise<ServerVersion> {
    this.version ??= detectVersion(this);
    return this.version;
  }

  async ping(): Promise<void> {
    await this.read('RETURN 1 AS ok');
  }

  close(): Promise<void> {
    return this.driver.close();
  }
}

/** The database hits of a profiled plan, summed over its operators. */
function dbHits(plan: ResultSummary['profile']): number {
  if (!plan) return 0;
  return plan.dbHits + plan.children.reduce((n, child) => n + dbHits(child as ResultSummary['profile']), 0);
}

function mapDriverError(err: unknown): Error {
  if (err instanceof neo4j.Neo4jError) {
    // The driver's own failures to reach a server (no Neo4j status code): refused, dropped, or no connection in time.
    if (err.code === 'ServiceUnavailable' || err.code === 'SessionExpired' || /Connection acquisition timed out/i.test(err.message)) {
      return new DatabaseUnavailableError();
    }
    return fromNeo4jCode(err.code, err.message);
  }
  return err as Error;
}

/**
 * Nodes and relationships become their property maps; temporal values their ISO strings. Lists and maps are the
 * driver's fresh copies for this result, so they are converted in place: a page of pedigree rows holds tens of
 * thousands of values, and copying every list cost as much as the query.
 */
function toPlain(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  // Byte arrays (packed genotype calls) stay as they are.
  if (ArrayBuffer.isView(value)) return value;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const v = value[i];
      if (v !== null && typeof v === 'object') value[i] = toPlain(v);
    }
    return value;
  }
  if (Object.getPrototypeOf(value) === Object.prototype) {
    const map = value as Record<string, unknown>;
    for (const k of Object.keys(map)) {
      const v = map[k];
      if (v !== null && typeof v === 'object') map[k] = toPlain(v);
    }
    return map;
  }
  if (neo4j.isNode(value as never) || neo4j.isRelationship(value as never)) {
    return toPlain({ ...(value as { properties: object }).properties });
  }
  if (neo4j.isDateTime(value as never) || neo4j.isDate(value as never) || neo4j.isLocalDateTime(value as never)
    || neo4j.isTime(value as never) || neo4j.isLocalTime(value as never) || neo4j.isDuration(value as never)) {
    return String(value);
  }
  if (neo4j.isPoint(value as never)) {
    const p = value as { x: number; y: number; z?: number; srid: number };
    return p.z === undefined ? { x: p.x, y: p.y, srid: p.srid } : { x: p.x, y: p.y, z: p.z, srid: p.srid };
  }
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toPlain(v)]));
}
