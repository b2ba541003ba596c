// Bolt transport on the official neo4j-driver: the production path (Neo4j 5 and later). Kept thin on purpose: it
// cannot be exercised on our machines (no current-Bolt server installs here), so it only runs the same Cypher as
// the HTTP transport and converts values the way the HTTP endpoint returns them.
import neo4j, { type Driver, type ManagedTransaction } from 'neo4j-driver';
import { DatabaseUnavailableError, fromNeo4jCode } from '../errors.js';
import { detectVersion, type Graph, type Params, type Row, type Runner, type ServerVersion } from './port.js';

export interface BoltTransportOptions {
  url: string;
  user?: string;
  password?: string;
  database?: string;
  timeoutMs?: number;
}

export class BoltGraph implements Graph {
  private readonly driver: Driver;
  private version?: Promise<ServerVersion>;
  roundTrips = 0;

  constructor(private readonly opts: BoltTransportOptions) {
    const auth = opts.user ? neo4j.auth.basic(opts.user, opts.password ?? '') : undefined;
    // Integers as JS numbers, like the HTTP endpoint's JSON (our DbIds are strings; counts stay below 2^53).
    this.driver = neo4j.driver(opts.url, auth, { disableLosslessIntegers: true });
  }

  read<T extends Row = Row>(cypher: string, params: Params = {}): Promise<T[]> {
    return this.transaction((tx) => tx.run<T>(cypher, params), 'read');
  }

  write<T extends Row = Row>(cypher: string, params: Params = {}): Promise<T[]> {
    return this.transaction((tx) => tx.run<T>(cypher, params), 'write');
  }

  async transaction<T>(work: (tx: Runner) => Promise<T>, mode: 'read' | 'write' = 'write'): Promise<T> {
    const session = this.driver.session({ database: this.opts.database, defaultAccessMode: mode === 'read' ? 'READ' : 'WRITE' });
    const config = { timeout: this.opts.timeoutMs ?? 30_000 };
    const body = (mtx: ManagedTransaction) =>
      work({
        run: async <R extends Row>(cypher: string, params: Params = {}) => {
          this.roundTrips++;
          const result = await mtx.run(cypher, params);
          return result.records.map((record) => toPlain(record.toObject()) as R);
        },
      });
    try {
      return await (mode === 'read' ? session.executeRead(body, config) : session.executeWrite(body, config));
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

function mapDriverError(err: unknown): Error {
  if (err instanceof neo4j.Neo4jError) {
    if (err.code === 'ServiceUnavailable' || err.code === 'SessionExpired') return new DatabaseUnavailableError();
    return fromNeo4jCode(err.code, err.message);
  }
  return err as Error;
}

/** Nodes and relationships become their property maps, as in the HTTP endpoint's "row" format. */
function toPlain(value: unknown): unknown {
  if (value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map(toPlain);
  if (neo4j.isNode(value as never) || neo4j.isRelationship(value as never)) {
    return toPlain((value as { properties: object }).properties);
  }
  return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, toPlain(v)]));
}
