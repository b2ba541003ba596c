// Starts everything the service needs, in order, and stops it in reverse: the bundled Neo4j (when NEO4J_URI is
// unset), the graph connection and schema, the demo data (on an empty database), and the HTTP server.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from './app.js';
import type { Config } from './config.js';
import { loadDemoData, isEmpty } from './demo/load.js';
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
import { vendorSpecification } from './modules/genotyping/vendor/specification.js';

export interface RunningServer {
  url: string;
  baseUrl: string;
  config: Config;
  graph: Graph;
  devDb?: DevNeo4j;
  server: http.Server;
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
    // Orders of the genotyping lab (src/modules/genotyping/vendor/orders.ts), found by their order or submission id.
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
      log: (line) => logger.info(line),
    });
    uri = devDb.boltUrl;
  }
  const graph = connectGraph({ ...config.neo4j, uri });
  onNotification((n) => logger.log(isRoutine(n) ? 'debug' : 'warn', 'Neo4j notification',
    { code: n.code, title: n.title, description: n.description, statement: n.statement }));
  const server = http.createServer();
  observe?.({ graph, server });
  const stop = async () => {
    await new Promise<void>((resolve) => {
      server.close(() => resolve());
      // Idle keep-alive connections would hold close() open; in-flight requests still finish.
      server.closeIdleConnections();
      setTimeout(() => server.closeAllConnections(), 10_000).unref();
    });
    // Searches still running write their snapshot before the connection closes.
    await settleSearches();
    await graph.close();
    await devDb?.stop();
  };
  try {
    const version = await graph.serverVersion();
    logger.info('connected to Neo4j', { uri, version: version.version, edition: version.edition });
    await ensureSchema(graph, schemaItems());
    if (config.auth.disabled) logger.warn('authentication is DISABLED (BRAPI_AUTH_DISABLED=true): anyone can change any data; use only for local development');
    if (demoDataWanted(config, devDb !== undefined) && (await isEmpty(graph))) await loadDemoData(graph, logger);
    // After the demo load, which only fills an empty database.
    if (config.auth.adminToken) await registerAdminToken(graph, config.auth.adminToken);
    // Before listening, so that a breeder's first view after a restart does not wait for Neo4j's planning.
    const warming = performance.now();
    const calls = await warmUp(graph);
    logger.info('planned the statements of a first visit', { calls, ms: Math.round(performance.now() - warming) });
    const { app } = createApp({ graph, config, logger, neo4jBrowserUrl: devDb?.browserUrl });
    server.on('request', app.callback());
    await new Promise<void>((resolve, reject) => {
      server.once('error', reject);
      server.listen(config.port, config.host, () => resolve());
    });
  } catch (err) {
    await stop().catch(() => undefined);
    throw err;
  }
  const { port } = server.address() as AddressInfo;
  const host = config.host === '0.0.0.0' || config.host === '::' ? '127.0.0.1' : config.host;
  const url = `http://${host}:${port}`;
  return { url, baseUrl: url + config.basePath, config, graph, devDb, server, stop };
}
