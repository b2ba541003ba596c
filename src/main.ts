// `npm start`: the service with demo data, on the bundled Neo4j when NEO4J_URI is unset.
import { loadConfig } from './config.js';
import { frontDoorLinks } from './front/routes.js';
import { createLogger } from './logger.js';
import { startServer } from './server.js';

const config = loadConfig();
const logger = createLogger(config.logLevel);

try {
  const running = await startServer(config, logger);
  const links = frontDoorLinks(running.url, config.basePath, running.devDb?.browserUrl);
  const lines = [
    `Start here:          ${running.url}/`,
    `BrAPI v2.1 base URL: ${running.baseUrl}`,
    `  serverinfo:        ${links.api}`,
    `API documentation:   ${links.docs}`,
    `Pedigree viewer:     ${links.viewer}`,
  ];
  if (running.devDb) lines.push(`Neo4j Browser:       ${running.devDb.browserUrl}  (connect to ${running.devDb.boltUrl}, no password)`);
  if (running.demoLoading) lines.push('Demo data:           loading; data calls answer 503 until it is complete (the front door shows how far)');
  console.log(lines.join('\n'));
  let stopping = false;
  const shutdown = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    logger.info('shutting down', { signal });
    await running.stop();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  running.demoLoaded.then(
    () => { if (running.demoLoading && !stopping) console.log('Demo data:           loaded; every call answers'); },
    async (err: Error) => {
      if (stopping) return;
      // A start that cannot finish says why and stops, rather than serving 503s for ever.
      logger.error('failed to load the demo data', { error: err.message });
      console.error(err.message);
      stopping = true;
      await running.stop();
      process.exit(1);
    },
  );
} catch (err) {
  logger.error('failed to start', { error: (err as Error).message });
  console.error((err as Error).message);
  process.exit(1);
}
