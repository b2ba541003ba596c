// `npm run import -- <file> [options]`: loads a pedigree file through the same transactional upload as POST /pedigree.
// The database is NEO4J_URI or the bundled Neo4j (see cli/database.ts). Exit code 0: imported, nothing rejected;
// 3: imported, some rows rejected (see the report); 1: failed, nothing more written; 2: bad usage.
import fs from 'node:fs';
import os from 'node:os';
import { parseArgs } from 'node:util';
import { ROLES } from '../auth/actor.js';
import { importPedigreeFile, type FileImportReport } from '../modules/germplasm/pedigree/io/importFile.js';
import { FORMATS, type FileFormat } from '../modules/germplasm/pedigree/io/readers.js';
import { runWithGraph } from './database.js';
import { progress } from './progress.js';

const USAGE = `usage: npm run import -- <file> [options]
  --format soybase|helium|csv|brapi   default: from the file name and first lines
  --dry-run                           check everything, write nothing
  --report <file>                     default: <file>.import-report.json
  --batch-size <n>                    nodes per transaction (default 2000)
  --id-prefix <text>                  prefix of new germplasm DbIds (default g-)
  --no-create-parents                 reject rows whose parents are neither lines of the file nor in the database
  --columns name=<col>,female=<col>,male=<col>   CSV column names (default: recognised headers)
  --delimiter <char>                  CSV delimiter (default ,)
  --user <id>                         recorded as the creator of new germplasm (default: <os user>@cli)`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    format: { type: 'string' },
    'dry-run': { type: 'boolean', default: false },
    report: { type: 'string' },
    'batch-size': { type: 'string', default: '2000' },
    'id-prefix': { type: 'string' },
    'no-create-parents': { type: 'boolean', default: false },
    columns: { type: 'string' },
    delimiter: { type: 'string' },
    user: { type: 'string' },
    help: { type: 'boolean', default: false },
  },
});

const file = positionals[0];
const batchSize = Number(values['batch-size']);
const problem =
  values.help || positionals.length !== 1 ? '' :
  !fs.existsSync(file) ? `no such file: ${file}` :
  values.format && !(FORMATS as readonly string[]).includes(values.format) ? `unknown format ${values.format}` :
  !Number.isInteger(batchSize) || batchSize < 1 ? '--batch-size must be a positive integer' :
  null;
if (problem !== null) {
  if (problem) console.error(problem);
  console.error(USAGE);
  process.exit(2);
}

const columns = Object.fromEntries((values.columns ?? '').split(',').filter(Boolean).map((pair) => pair.split('=').map((s) => s.trim())));
const reportFile = values.report ?? `${file}.import-report.json`;

await runWithGraph(async (graph) => {
  let bar: ReturnType<typeof progress> | undefined;
  const report = await importPedigreeFile(graph, file, {
    format: values.format as FileFormat | undefined,
    dryRun: values['dry-run'],
    batchSize,
    idPrefix: values['id-prefix'],
    createParents: !values['no-create-parents'],
    columns,
    delimiter: values.delimiter,
    actor: { userId: values.user ?? `${os.userInfo().username}@cli`, roles: new Set(ROLES) },
    onBatch: (done, total) => {
      bar ??= progress(values['dry-run'] ? 'checking' : 'importing', total);
      bar.update(done);
    },
  });
  bar?.finish();
  fs.writeFileSync(reportFile, JSON.stringify(report, null, 2) + '\n');
  console.log(summary(report) + `\nreport: ${reportFile}`);
  return report.rejected.length ? 3 : 0;
});

function summary(r: FileImportReport): string {
  const lines = [
    `${r.dryRun ? 'dry run (nothing written): ' : ''}${r.file} (${r.format}): ${r.records} records in ${r.seconds.toFixed(1)} s`,
    `  ${r.existing} germplasm already in the database, ${r.created} ${r.dryRun ? 'would be ' : ''}created, ${r.linked} parent relationships ${r.dryRun ? 'would be ' : ''}written`,
    `  ${r.rejected.length} rejected${r.rejected.length ? ':' : ''}`,
  ];
  for (const x of r.rejected.slice(0, 20)) lines.push(`  - ${x.at.join(', ')}: ${x.germplasmName ?? x.germplasmDbId ?? ''}: ${x.reason}`);
  if (r.rejected.length > 20) lines.push(`  ... and ${r.rejected.length - 20} more in the report`);
  return lines.join('\n');
}
