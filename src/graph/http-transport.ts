// Neo4j's HTTP transactional Cypher endpoint: /db/data/transaction on 3.x, /db/<database>/tx on 4.x and 5.x.
// It is how the service reaches the bundled 3.1.1 server (whose Bolt v1 current drivers no longer speak) and any
// server reachable only over HTTP(S).
import { DatabaseUnavailableError, fromNeo4jCode } from '../errors.js';
import { detectVersion, type Graph, type Params, type Row, type Runner, type ServerVersion } from './port.js';

interface Statement {
  statement: string;
  parameters: Params;
}

interface TxResponse {
  results: Array<{ columns: string[]; data: Array<{ row: unknown[] }> }>;
  errors: Array<{ code: string; message: string }>;
  commit?: string;
}

export interface HttpTransportOptions {
  url: string;
  user?: string;
  password?: string;
  database?: string;
  timeoutMs?: number;
}

export class HttpGraph implements Graph {
  private readonly base: string;
  private readonly headers: Record<string, string>;
  private txPath?: Promise<string>;
  private version?: Promise<ServerVersion>;
  roundTrips = 0;

  constructor(private readonly opts: HttpTransportOptions) {
    this.base = opts.url.replace(/\/+$/, '');
    this.headers = { 'content-type': 'application/json', accept: 'application/json; charset=UTF-8' };
    if (opts.user) {
      this.headers.authorization = 'Basic ' + Buffer.from(`${opts.user}:${opts.password ?? ''}`).toString('base64');
    }
  }

  read<T extends Row = Row>(cypher: string, params: Params = {}): Promise<T[]> {
    return this.autoCommit<T>(cypher, params);
  }

  write<T extends Row = Row>(cypher: string, params: Params = {}): Promise<T[]> {
    return this.autoCommit<T>(cypher, params);
  }

  async transaction<T>(work: (tx: Runner) => Promise<T>): Promise<T> {
    const root = await this.transactionPath();
    // The transaction is opened by its first statement (saving a round trip) and then addressed by the Location
    // the server returned, so statements are queued: two in flight at once would open two transactions. A failed
    // statement makes the server roll the transaction back itself; after that, nothing more may run or commit.
    let location: string | undefined;
    let failure: unknown;
    let queue: Promise<unknown> = Promise.resolve();
    const send = async <R extends Row>(cypher: string, params: Params): Promise<R[]> => {
      if (failure) throw failure;
      try {
        const { body, headers } = await this.post(location ?? root, [{ statement: cypher, parameters: params }]);
        if (!location) location = headers.get('location') ?? undefined;
        return toRows<R>(body)[0] ?? [];
      } catch (err) {
        failure = err;
        throw err;
      }
    };
    const tx: Runner = {
      run: <R extends Row>(cypher: string, params: Params = {}) => {
        const result = queue.then(() => send<R>(cypher, params));
        queue = result.catch(() => undefined);
        return result;
      },
    };
    let result: T;
    try {
      result = await work(tx);
      await queue;
      if (failure) throw failure;
    } catch (err) {
      if (location && !failure) await this.request('DELETE', location).catch(() => undefined);
      throw err;
    }
    if (location) await this.post(`${location}/commit`, []);
    return result;
  }

  serverVersion(): Promise<ServerVersion> {
    this.version ??= detectVersion(this);
    return this.version;
  }

  async ping(): Promise<void> {
    await this.read('RETURN 1 AS ok');
  }

  async close(): Promise<void> {
    // fetch keeps no state that needs closing.
  }

  private async autoCommit<T extends Row>(cypher: string, parameters: Params): Promise<T[]> {
    const { body } = await this.post(`${await this.transactionPath()}/commit`, [{ statement: cypher, parameters }]);
    return toRows<T>(body)[0] ?? [];
  }

  /** The transaction endpoint for this server: asked once from the discovery document. */
  private transactionPath(): Promise<string> {
    this.txPath ??= (async () => {
      const res = await this.request('GET', '/');
      const discovery = (await res.json()) as { transaction?: string; data?: string };
      if (discovery.transaction) {
        // 4.x / 5.x advertise a template such as http://host:7474/db/{databaseName}/tx
        const url = new URL(discovery.transaction.replace('{databaseName}', this.opts.database ?? 'neo4j'));
        return url.pathname;
      }
      return '/db/data/transaction';
    })();
    this.txPath.catch(() => (this.txPath = undefined));
    return this.txPath;
  }

  private async post(pathOrUrl: string, statements: Statement[]) {
    const res = await this.request('POST', pathOrUrl, JSON.stringify({ statements }));
    const body = (await res.json()) as TxResponse;
    if (body.errors?.length) {
      const [{ code, message }] = body.errors;
      throw fromNeo4jCode(code, message);
    }
    return { body, headers: res.headers };
  }

  private async request(method: string, pathOrUrl: string, body?: string): Promise<Response> {
    const url = pathOrUrl.startsWith('http') ? pathOrUrl : this.base + pathOrUrl;
    this.roundTrips++;
    let res: Response;
    try {
      res = await fetch(url, {
        method,
        headers: this.headers,
        body,
        signal: AbortSignal.timeout(this.opts.timeoutMs ?? 30_000),
      });
    } catch (err) {
      throw new DatabaseUnavailableError(`The database did not answer (${(err as Error).name}).`);
    }
    if (res.status === 401 || res.status === 403) {
      throw new DatabaseUnavailableError('The database refused our credentials (check NEO4J_USER/NEO4J_PASSWORD).');
    }
    if (res.status >= 500) throw new DatabaseUnavailableError(`The database answered HTTP ${res.status}.`);
    return res;
  }
}

function toRows<T extends Row>(body: TxResponse): T[][] {
  return body.results.map(({ columns, data }) =>
    data.map(({ row }) => Object.fromEntries(columns.map((c, i) => [c, row[i]])) as T),
  );
}
