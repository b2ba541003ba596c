// `npm run import-vcf -- <file.vcf[.gz]> --crop <crop> --study <studyDbId> [options]`: loads a VCF as a variant set of
// a study (src/modules/genotyping/io/importVcf.ts). The database is NEO4J_URI or the bundled Neo4j (cli/database.ts).
// Exit code 0: imported, every sample column matched; 3: imported, some columns rejected (see the report); 1: failed,
// nothing written; 2: bad usage.
import { importVcfCommand } from './commands/import-vcf.js';
import { runAsProcess } from './io.js';

await runAsProcess(importVcfCommand);
