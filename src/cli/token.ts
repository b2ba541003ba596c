// `npm run token -- <command>`: manages opaque API tokens in the service's database (NEO4J_URI, or the bundled
// Neo4j in BRAPI_DEV_DB_DIR: the running one, else started for the command and stopped after).
//   create --user <id> --roles read,write[,admin] [--note "..."]   prints the new token once
//   revoke <tokenId>
//   list
import { parseArgs } from 'node:util';
import { parseRoles } from '../auth/actor.js';
import { createApiToken, listApiTokens, revokeApiToken } from '../auth/tokens.js';
import { loadConfig } from '../config.js';
import { runningDevNeo4j, startDevNeo4j, type DevNeo4j } from '../devdb/launcher.js';
import { connectGraph } from '../graph/connect.js';
import type { Graph } from '../graph/port.js';
import { ensureSchema } from '../graph/schema.js';
import { schemaItems } from '../server.js';

const USAGE = 'usage: npm run token -- create --user <id> --roles read,write[,admin] [--note text] | revoke <tokenId> | list';

async function run(graph: Graph, command: string | undefined, args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { user: { type: 'string' }, roles: { type: 'string' }, note: { type: 'string' } },
  });
  if (command === 'create') {
    const { tokenId, token } = await createApiToken(graph, values.user ?? '', parseRoles(values.roles ?? ''), values.note ?? null);
    console.log(`token id: ${tokenId}\nuser:     ${values.user}\nroles:    ${values.roles}\n\n${token}\n\nKeep the token now: only its hash is stored.`);
    return 0;
  }
  if (command === 'revoke' && positionals.length === 1) {
    if (await revokeApiToken(graph, positionals[0])) return console.log(`revoked ${positionals[0]}`), 0;
    console.error(`no token has id ${positionals[0]}`);
    return 1;
  }
  if (command === 'list') {
    for (const t of await listApiTokens(graph)) {
      console.log([t.tokenId, t.userId, t.roles.join(','), t.createdAt, t.revokedAt ? `revoked ${t.revokedAt}` : 'active', t.note ?? ''].join('\t'));
    }
    return 0;
  }
  console.error(USAGE);
  return 2;
}

const config = loadConfig();
const [command, ...args] = process.argv.slice(2);
let devDb: DevNeo4j | undefined;
let uri = config.neo4j.uri ?? runningDevNeo4j(config.devDbDir);
let code = 1;
try {
  if (!uri) {
    devDb = await startDevNeo4j({ dir: config.devDbDir });
    uri = devDb.httpUrl;
  }
  const graph = connectGraph({ ...config.neo4j, uri });
  try {
    await ensureSchema(graph, schemaItems());
    code = await run(graph, command, args);
  } finally {
    await graph.close();
  }
} catch (err) {
  console.error((err as Error).message);
} finally {
  await devDb?.stop();
}
process.exit(code);
