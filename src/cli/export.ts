// `npm run export -- <germplasm DbId or name>... [options]`: writes a pedigree slice (what GET /pedigree answers
// for the same germplasm and depths) as Helium or BrAPI JSON. With --all, the whole pedigree.
import { exportCommand } from './commands/export.js';
import { runAsProcess } from './io.js';

await runAsProcess(exportCommand);
