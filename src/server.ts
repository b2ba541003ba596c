// Starts everything the service needs, in order, and stops it in reverse: the bundled Neo4j (when NEO4J_URI is
// unset), the graph connection and schema, the HTTP server, and then the demo data (on an empty database, or again
// over an incomplete one), during which data calls answer 503.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from './app.js';
import type { Config } from './config.js';
import { loadDemoData } from './demo/load.js';
import { DemoProgress } from './demo/progress.js';
import { beginDemoMarker, holdsData, readDemoMarker, removeIncompleteDemo } from './demo/state.js';
import { startDevNeo4j, type DevNeo4j } from './devdb/launcher.js';
import { registerAdminToken } from './auth/tokens.js';
import { setPurdyLevels } from './modules/germplasm/pedigree/pedigree-string.js';
import { GERMPLASM_NAME_INDEX } from './modules/extensions/germplasm-suggestions/query.js';
import { entities } from './modules/registry.js';
import { warmUp } from './modules/warm-up.js';
import { connectGraph } from './graph/connect.js';
import { preloadCypher } from './graph/cypher-files.js';
import { isRoutine, onNotification } from './graph/notifications.js';
import type { Graph } from './graph/port.js';
import { ensureSchema, type SchemaItem } from './graph/schema.js';
import type { Logger } from './logger.js';
import { loadSpec } from './openapi/spec.js';
import { settleSearches } from './search/saved.js';
import { stopWorkers } from './work/pool.js';
import { vendorSpecification } from './modules/genotyping/lab/specification.js';

export interface RunningServer {
  url: string;
  baseUrl: string;
  config: Config;
  graph: Graph;
  devDb?: DevNeo4j;
  server: http.Server;
  /**
   * Settles when the demo data is whole (at once when there is none to load); rejects with the reason a load failed.
   * The service listens meanwhile, answering data calls with 503.
   */
  demoLoaded: Promise<void>;
  /** Whether this start loads the demo data after listening. */
  demoLoading: boolean;
  stop(): Promise<void>;
}

export function schemaItems(): SchemaItem[] {
  return [
    ...entities.flatMap((e) => [
      { label: e.label, prop: e.idField, unique: true },
      ...e.indexes.map((prop) => ({ label: e.label, prop, unique: false })),
      // Area searches: the point index finds Points by bounding box; the range index lists the (few) Polygons.
      ...(e.geo ?? []).flatMap((field) => [
        { label: e.label, prop: `${field}Point`, unique: false, point: true },
        { label: e.label, prop: `${field}Ring`, unique: false },
      ]),
      // Range filters on date-times compare the UTC form.
      ...(e.instants ?? []).map((field) => ({ label: e.label, prop: `${field}Utc`, unique: false })),
    ]),
    // Name suggestions (the germplasm-suggestions extension): words of names, synonyms, accession numbers, DbIds.
    GERMPLASM_NAME_INDEX,
    // The demo load's marker (src/demo/state.ts): one per database.
    { label: 'DemoData', prop: 'name', unique: true },
    // The one lock node pedigree writers take (cypher/germplasm/pedigree/lock.cypher); unique so MERGE is safe.
    { label: 'PedigreeLock', prop: 'name', unique: true },
    // Pedigree history (commands/recordPedigreeChanges.ts): a curator finds one write's entries by its change id.
    { label: 'PedigreeChange', prop: 'changeId', unique: false },
    // Saved searches (src/search/saved.ts), found by id and purged by expiry.
    { label: 'SavedSearch', prop: 'searchResultsDbId', unique: true },
    { label: 'SavedSearch', prop: 'expiresAt', unique: false },
    // API tokens (src/auth/tokens.ts), found by the hash of the bearer token and revoked by id.
    { label: 'ApiToken', prop: 'tokenHash', unique: true },
    { label: 'ApiToken', prop: 'tokenId', unique: true },
    // A VCF import's variants before it commits (src/modules/genotyping/io/importVcf.ts), found by their import.
    { label: 'StagedVariant', prop: 'importId', unique: false },
    // Orders of the genotyping lab (src/modules/genotyping/lab/orders.ts), found by their order or submission id.
    { label: 'VendorOrder', prop: 'orderId', unique: true },
    { label: 'VendorOrder', prop: 'submissionId', unique: true },
    // Reference sequences (src/modules/genotyping/references/): a range of bases reads the blocks it spans by one
    // index seek; a FASTA import's blocks before it commits are found by their import.
    { label: 'SequenceBlock', prop: 'referenceDbId', unique: false, composite: ['index'] },
    { label: 'StagedSequenceBlock', prop: 'importId', unique: false },
  ];
}

/** Whether an empty database receives the demo data: a production database named by NEO4J_URI only when asked. */
export function demoDataWanted(config: Pick<Config, 'demoData'>, bundled: boolean): boolean {
  return config.demoData === 'always' || (config.demoData === 'bundled' && bundled);
}

/** The database holds a demo load that did not finish, and this start may not load the demo again. */
export class IncompleteDemoError extends Error {
  constructor(step: string | null, startedAt: string) {
    super(`The database holds an incomplete demo load (started ${startedAt}, stopped during: ${step ?? 'an unknown step'}). ` +
      'It is not served as if it were whole. Start with BRAPI_DEMO_DATA=true to remove it and load the demo again ' +
      '(API tokens are kept), or empty the database.');
  }
}

/** What this start does about the demo: nothing, load it into an empty database, or load it again over a broken one. */
async function demoPlan(graph: Graph, wanted: boolean, logger: Logger): Promise<'none' | 'load' | 'reload'> {
  const marker = await readDemoMarker(graph);
  if (marker?.state === 'complete') return 'none';
  if (marker) {
    if (!wanted) throw new IncompleteDemoError(marker.step, marker.startedAt);
    logger.warn(`The database holds an incomplete demo load (started ${marker.startedAt}, stopped during: ${marker.step}): ` +
      'removing it and loading the demo again; data calls answer 503 until it is complete');
    return 'reload';
  }
  return wanted && !(await holdsData(graph)) ? 'load' : 'none';
}

/**
 * Told the graph connection and the HTTP server before the start sends its first statement, so that a test can watch
 * what a start sends and whether it already listens. Nothing in the service passes one.
 */
export type StartObserver = (start: { graph: Graph; server: http.Server }) => void;

export async function startServer(config: Config, logger: Logger, observe?: StartObserver): Promise<RunningServer> {
  loadSpec();
  preloadCypher();
  // A lab description that does not fit the schema stops the start, not the first GET /vendor/specifications.
  vendorSpecification(config.vendorSpecificationFile);
  setPurdyLevels(config.purdyLevels);
  let devDb: DevNeo4j | undefined;
  let uri = config.neo4j.uri;
  if (!uri) {
    devDb = await startDevNeo4j({
      dir: config.devDbDir,
      // npm start prefers Neo4j's usual ports, so Neo4j Browser's saved connection keeps working between runs.
      httpPort: config.devDbPorts.http,
      boltPort: config.devDbPorts.bolt,
      clientTimeoutMs: config.neo4j.timeoutMs,
      startTimeoutMs: config.devDbStartTimeoutMs,
      jvmOptions: config.devDbJvmOptions,
      log: (line) => logger.info(line),
    });
    uri = devDb.boltUrl;
  }
  const graph = connectGraph({ ...config.neo4j, uri });
  onNotification((n) => logger.log(isRoutine(n) ? 'debug' : 'warn', 'Neo4j notification',
    { code: n.code, title: n.title, description: n.description, statement: n.statement }));
  const server = http.createServer();
  observe?.({ graph, server });
  let demo: DemoProgress | undefined;
  let demoLoaded: Promise<void> = Promise.resolve();
  let demoGraph: Graph | undefined;
  const warm = async () => {
    const warming = performance.now();
    const calls = await warmUp(graph);
    logger.info('planned the statements of a first visit', { calls, ms: Math.round(performance.now() - warming) });
  };
  const loadDemo = async (plan: 'load' | 'reload', progress: DemoProgress) => {
    // The demo is not a request: its transactions (the SoyBase pedigree is one) get their own, longer limit.
    const demoDb = demoGraph = connectGraph({ ...config.neo4j, uri, timeoutMs: config.demoTimeoutMs });
    try {
      if (plan === 'reload') {
        progress.enter('removing the incomplete demo load');
        await beginDemoMarker(demoDb, 'removing the incomplete demo load');
        logger.info('removed the incomplete demo load', { nodes: await removeIncompleteDemo(demoDb) });
      }
      await loadDemoData(demoDb, logger, (step) => progress.enter(step));
      // Again on the loaded data: the plans made on an empty database are replanned once its statistics change.
      progress.enter('planning the statements of a first visit');
      await warm();
      progress.complete();
    } catch (err) {
      const message = `${(err as Error).message} (during: ${progress.step}). Nothing half-loaded is served: the next start ` +
        'removes what this one wrote and loads the demo again. On a slow or busy machine, give each demo transaction ' +
        `more time with BRAPI_DEMO_TIMEOUT_MS (now ${config.demoTimeoutMs}).`;
      progress.fail(message);
      throw new Error(`The demo data could not be loaded: ${message}`);
    } finally {
      await demoDb.close();
    }
  };
  const stop = async () => {
    const closed = new Promise<void>((resolve) => {
      server.close(() => resolve());
      // Idle keep-alive connections would hold close() open; in-flight requests still finish.
      server.closeIdleConnections();
      setTimeout(() => server.closeAllConnections(), 10_000).unref();
    });
    // A fit in a worker thread can have minutes to go: it is ended (its request answers 503), not waited for.
    await stopWorkers();
    await closed;
    // Searches still running write their snapshot before the connection closes.
    await settleSearches();
    // A demo load still running is cut off, not waited for (on a slow machine it has minutes to go): its open
    // transaction rolls back with the connection, and the next start finds the marker and loads the demo again.
    void demoGraph?.close().catch(() => undefined);
    await graph.close();
    await devDb?.stop();
  };
  try {
    const version = await graph.serverVersion();
    logger.info('connected to Neo4j', { uri, version: version.version, edition: version.edition });
    await ensureSchema(graph, schemaItems());
    if (config.auth.disabled) logger.warn('authentication is DISABLED (BRAPI_AUTH_DISABLED=true): anyone can change any data; use only for local development');
    const plan = await demoPlan(graph, demoDataWanted(config, devDb !== undefined), logger);
    // The marker goes first, before anything else is written (the admin token included): a start killed after this
    // finds it and loads again; one killed before finds an empty database.
    if (plan === 'load') await beginDemoMarker(graph, 'starting');
    demo = new DemoProgress(plan !== 'none');
    if (config.auth.adminToken) await registerAdminToken(graph, config.auth.adminToken);
    // Before listening, so that a breeder's first view after a restart does not wait for Neo4j's planning.
    await warm();
    const { app } = createApp({ graph, config, logger, neo4jBrowserUrl: devDb?.browserUrl, demo });
    server.on('request', app.callback());
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, config.host, () => resolve());
    });
    if (plan !== 'none') {
      demoLoaded = loadDemo(plan, demo);
      // Handled here too, so that a caller that never awaits it does not crash the process; awaiting it still throws.
      demoLoaded.catch(() => undefined);
    }
  } catch (err) {
    await stop().catch(() => undefined);
    throw err;
  }
  const { port } = server.address() as AddressInfo;
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const url = `http://${host}:${port}`;
  return { url, baseUrl: url + config.basePath, config, graph, devDb, server, demoLoaded, demoLoading: demo?.phase !== 'complete', stop };
}
