// `npm run token -- <command>`: manages opaque API tokens in the service's database (NEO4J_URI, or the bundled
// Neo4j in BRAPI_DEV_DB_DIR: the running one, else started for the command and stopped after).
//   create --user <id> --roles read,write[,admin] [--note "..."]   prints the new token once
//   revoke <tokenId>
//   list
import { parseArgs } from 'node:util';
import { parseRoles } from '../../auth/actor.js';
import { createApiToken, listApiTokens, revokeApiToken } from '../../auth/tokens.js';
import type { Graph } from '../../graph/port.js';
import { runWithGraph } from '../database.js';
import { println, type CliIo } from '../io.js';

const USAGE = 'usage: npm run token -- create --user <id> --roles read,write[,admin] [--note text] | revoke <tokenId> | list';

async function run(io: CliIo, graph: Graph, command: string | undefined, args: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args,
    allowPositionals: true,
    options: { user: { type: 'string' }, roles: { type: 'string' }, note: { type: 'string' } },
  });
  if (command === 'create') {
    const { tokenId, token } = await createApiToken(graph, values.user ?? '', parseRoles(values.roles ?? ''), values.note ?? null);
    println(io.out, `token id: ${tokenId}\nuser:     ${values.user}\nroles:    ${values.roles}\n\n${token}\n\nKeep the token now: only its hash is stored.`);
    return 0;
  }
  if (command === 'revoke' && positionals.length === 1) {
    if (await revokeApiToken(graph, positionals[0])) return println(io.out, `revoked ${positionals[0]}`), 0;
    println(io.err, `no token has id ${positionals[0]}`);
    return 1;
  }
  if (command === 'list') {
    for (const t of await listApiTokens(graph)) {
      println(io.out, [t.tokenId, t.userId, t.roles.join(','), t.createdAt, t.revokedAt ? `revoked ${t.revokedAt}` : 'active', t.note ?? ''].join('\t'));
    }
    return 0;
  }
  println(io.err, USAGE);
  return 2;
}

export async function tokenCommand([command, ...args]: string[], io: CliIo): Promise<number> {
  return runWithGraph(io, (graph) => run(io, graph, command, args));
}
