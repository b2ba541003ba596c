// `npm run import-fasta -- <file.fa[.gz]> --reference-set <referenceSetDbId|name> [options]`: stores an assembly's
// sequences on the references of a reference set (src/modules/genotyping/io/importFasta.ts), for
// GET /references/{referenceDbId}/bases. The database is NEO4J_URI or the bundled Neo4j (cli/database.ts).
// Exit code 0: imported, every record named a reference; 3: imported, some records skipped (see the report);
// 1: failed, nothing written; 2: bad usage.
import { importFastaCommand } from './commands/import-fasta.js';
import { runAsProcess } from './io.js';

await runAsProcess(importFastaCommand);
