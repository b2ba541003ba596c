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
} catch (err) {
  logger.error('failed to start', { error: (err as Error).message });
  console.error((err as Error).message);
  process.exit(1);
}
