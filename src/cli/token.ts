// `npm run token -- <command>`: manages opaque API tokens in the service's database (NEO4J_URI, or the bundled
// Neo4j in BRAPI_DEV_DB_DIR: the running one, else started for the command and stopped after).
//   create --user <id> --roles read,write[,admin] [--note "..."]   prints the new token once
//   revoke <tokenId>
//   list
import { parseArgs } from 'node:util';
import { parseRoles } from '../auth/actor.js';
import { createApiToken, listApiTokens, revokeApiToken } from '../auth/tokens.js';
import type { Graph } from '../graph/port.js';
import { runWithGraph } from './database.js';

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

const [command, ...args] = process.argv.slice(2);
await runWithGraph((graph) => run(graph, command, args));
