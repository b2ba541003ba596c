// `npm run token -- <command>`: manages opaque API tokens in the service's database (NEO4J_URI, or the bundled
// Neo4j in BRAPI_DEV_DB_DIR: the running one, else started for the command and stopped after).
//   create --user <id> --roles read,write[,admin] [--note "..."]   prints the new token once
//   revoke <tokenId>
//   list
import { tokenCommand } from './commands/token.js';
import { runAsProcess } from './io.js';

await runAsProcess(tokenCommand);
