// npm run migrate -- [--dry-run]: brings a database that already holds data up to the current model (see
// src/migrations/). Idempotent: a second run changes nothing. Exit codes: 0 done (or nothing to do), 1 failed, 2 bad usage.
import { migrateCommand } from './commands/migrate.js';
import { runAsProcess } from './io.js';

await runAsProcess(migrateCommand);
