// The database a command-line tool works on: NEO4J_URI, else the bundled Neo4j in BRAPI_DEV_DB_DIR (the running
// one, else started for the command and stopped after it).
import { loadConfig } from '../config.js';
import { runningDevNeo4j, startDevNeo4j, type DevNeo4j } from '../devdb/launcher.js';
import { connectGraph } from '../graph/connect.js';
import type { Graph } from '../graph/port.js';
import { ensureSchema } from '../graph/schema.js';
import { setPurdyLevels } from '../modules/germplasm/pedigree/pedigree-string.js';
import { schemaItems } from '../server.js';
import { println, type CliIo } from './io.js';

/** Runs `work` against the database and returns the exit code it returns (1, with the message, if it throws). */
export async function runWithGraph(io: CliIo, work: (graph: Graph) => Promise<number>): Promise<number> {
  const config = loadConfig(io.env);
  // The export writes pedigree strings as the service shows them.
  setPurdyLevels(config.purdyLevels);
  let devDb: DevNeo4j | undefined;
  let uri = config.neo4j.uri ?? runningDevNeo4j(config.devDbDir);
  let code = 1;
  try {
    if (!uri) {
      devDb = await startDevNeo4j({
        dir: config.devDbDir, startTimeoutMs: config.devDbStartTimeoutMs, jvmOptions: config.devDbJvmOptions, log: (line) => console.error(line) });
      uri = devDb.boltUrl;
    }
    const graph = connectGraph({ ...config.neo4j, uri });
    try {
      await ensureSchema(graph, schemaItems());
      code = await work(graph);
    } finally {
      await graph.close();
    }
  } catch (err) {
    println(io.err, (err as Error).message);
  } finally {
    await devDb?.stop();
  }
  return code;
}
