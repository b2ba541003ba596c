// The one interface the rest of the service uses to reach Neo4j (implemented over Bolt in bolt-transport.ts): rows
// are plain JS objects keyed by column, integers are numbers, and transaction() commits when its function resolves
// and rolls back when it throws.

export type Params = Record<string, unknown>;
export type Row = Record<string, unknown>;

/** Something Cypher can be run against: the graph itself (auto-commit) or an open transaction. */
export interface Runner {
  run<T extends Row = Row>(cypher: string, params?: Params): Promise<T[]>;
}

export interface ServerVersion {
  /** Full version string, e.g. "5.26.30". */
  version: string;
  major: number;
  minor: number;
  edition: string;
}

export interface ReadOptions {
  /**
   * Read on the cluster's primary, which has every committed write: for what a client reads right after writing it
   * through another replica of the service (a saved search's results). Default: any member, causally after this
   * instance's own writes.
   */
  primary?: boolean;
}

export interface Graph {
  /** One read statement in read mode (an auto-commit transaction, retried on transient errors): one round trip. */
  read<T extends Row = Row>(cypher: string, params?: Params, options?: ReadOptions): Promise<T[]>;
  /** One write statement in a write transaction: one round trip. */
  write<T extends Row = Row>(cypher: string, params?: Params): Promise<T[]>;
  /**
   * Runs work in one transaction: commit on success, rollback on any error (which is rethrown). Statements of one
   * transaction run one after another. `work` must only touch the database: the Bolt driver may retry it on
   * transient errors.
   */
  transaction<T>(work: (tx: Runner) => Promise<T>, mode?: 'read' | 'write'): Promise<T>;
  serverVersion(): Promise<ServerVersion>;
  /** Cheap liveness probe of the database, used by the readiness endpoint. */
  ping(): Promise<void>;
  /** Statements sent to the database since start (tests prove "one round trip per page" with it). */
  readonly roundTrips: number;
  close(): Promise<void>;
}

export function parseVersion(version: string, edition = 'unknown'): ServerVersion {
  const [major, minor] = version.split('.').map((p) => parseInt(p, 10));
  return { version, major: major || 0, minor: minor || 0, edition };
}

/** Asks the server its version and edition. */
export async function detectVersion(graph: Pick<Graph, 'read'>): Promise<ServerVersion> {
  const [row] = await graph.read<{ version: string; edition: string }>(
    'CALL dbms.components() YIELD versions, edition RETURN versions[0] AS version, edition',
  );
  return parseVersion(row.version, row.edition);
}
