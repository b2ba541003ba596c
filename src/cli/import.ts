// `npm run import -- <file> --crop <crop> [options]`: loads a pedigree file through the same transactional upload as
// POST /pedigree. The database is NEO4J_URI or the bundled Neo4j (see cli/database.ts). Exit code 0: imported,
// nothing rejected; 3: imported, some rows rejected (see the report); 1: failed, nothing more written; 2: bad usage.
import { importCommand } from './commands/import.js';
import { runAsProcess } from './io.js';

await runAsProcess(importCommand);
