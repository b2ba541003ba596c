// `npm run import -- <file> --crop <crop> [options]`: loads a pedigree file through the same transactional upload as
// POST /pedigree. The database is NEO4J_URI or the bundled Neo4j (see cli/database.ts). Exit code 0: imported,
// nothing rejected; 3: imported, some rows rejected (see the report); 1: failed, nothing more written; 2: bad usage.
import os from 'node:os';
import { parseArgs } from 'node:util';
import { ROLES } from '../../auth/actor.js';
import { importPedigreeFile, type FileImportReport } from '../../modules/germplasm/pedigree/io/importFile.js';
import { detectFormat, FORMATS, UNSEXED_POLICIES, type FileFormat, type UnsexedPolicy } from '../../modules/germplasm/pedigree/io/readers.js';
import { runWithGraph } from '../database.js';
import { fileCommand } from '../file-command.js';
import type { CliIo } from '../io.js';
import { progress } from '../progress.js';

const USAGE = `usage: npm run import -- <file> --crop <crop> [options]
  --crop <name>                       crop of the file (required except for BrAPI JSON): names are matched only to
                                      its germplasm (by name, else accession number, PUI or synonym), and what the
                                      import creates belongs to it
  --genus <name> --species <name>     genus and species of the germplasm the import creates
  --allow-wide-crosses                keep parent relationships between crops (otherwise rejected)
  --replace-parent-types              write the file's parent types over different stored ones; by default a parent
                                      without a sex keeps the FEMALE/MALE/SELF/CLONAL type stored for it, and a row
                                      that would change a known type, or whose parents do not go with the stored
                                      ones, is reported as a conflict and not written
  --format soybase|helium|csv|brapi   default: from the file name and first lines
  --dry-run                           check everything, write nothing; the report counts what would change
  --report <file>                     default: ./<file name>.import-report.json
  --batch-size <n>                    nodes per transaction (default 2000)
  --id-prefix <text>                  prefix of new germplasm DbIds (default g-)
  --no-create-parents                 reject rows whose parents are neither lines of the file nor in the database
  --columns <role>=<column>,...       which columns hold the line (name or child) and its parents (female, male;
                                      or parent and parentType, one row per parent): header names, or positions
                                      from 1 with --no-header (e.g. --no-header --columns parent=1,child=2)
  --no-header                         the first row is data, not column names
  --unsexed-parents population|ordered  parents without a sex (Helium OTHER, a parent column without a type):
                                      POPULATION (default), or for a line with exactly two, first FEMALE, second MALE
  --delimiter <char>                  CSV delimiter (default ,)
  --user <id>                         recorded as the creator of new germplasm (default: <os user>@cli)
exit codes: 0 imported, nothing rejected; 3 imported, some rows rejected (see the report); 1 failed, nothing more
written; 2 bad usage`;

export async function importCommand(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      crop: { type: 'string' },
      genus: { type: 'string' },
      species: { type: 'string' },
      'allow-wide-crosses': { type: 'boolean', default: false },
      'replace-parent-types': { type: 'boolean', default: false },
      format: { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      report: { type: 'string' },
      'batch-size': { type: 'string', default: '2000' },
      'id-prefix': { type: 'string' },
      'no-create-parents': { type: 'boolean', default: false },
      columns: { type: 'string' },
      'no-header': { type: 'boolean', default: false },
      'unsexed-parents': { type: 'string', default: 'population' },
      delimiter: { type: 'string' },
      user: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });

  const { file, usage, writeReport } = fileCommand(io, USAGE, positionals, values);
  const batchSize = Number(values['batch-size']);
  const problem =
    values.format && !(FORMATS as readonly string[]).includes(values.format) ? `unknown format ${values.format}` :
    !Number.isInteger(batchSize) || batchSize < 1 ? '--batch-size must be a positive integer' :
    !(UNSEXED_POLICIES as readonly string[]).includes(values['unsexed-parents']!) ? `--unsexed-parents must be one of ${UNSEXED_POLICIES.join(', ')}` :
    values.crop !== undefined && !values.crop.trim() ? '--crop must name a crop' :
    null;
  if (problem !== null) usage(problem);
  const format = (values.format as FileFormat | undefined) ?? (await detectFormat(file).catch((err: Error) => usage(err.message)));
  if (format !== 'brapi' && !values.crop) usage('--crop is required: names are matched only to germplasm of the crop the file is about (e.g. --crop Soybean)');

  const columns = Object.fromEntries((values.columns ?? '').split(',').filter(Boolean).map((pair) => pair.split('=').map((s) => s.trim())));

  return runWithGraph(io, async (graph) => {
    let bar: ReturnType<typeof progress> | undefined;
    const report = await importPedigreeFile(graph, file, {
      format,
      dryRun: values['dry-run'],
      batchSize,
      idPrefix: values['id-prefix'],
      createParents: !values['no-create-parents'],
      crop: values.crop?.trim(),
      genus: values.genus,
      species: values.species,
      allowWideCrosses: values['allow-wide-crosses'],
      replaceParentTypes: values['replace-parent-types'],
      columns,
      header: !values['no-header'],
      unsexed: values['unsexed-parents'] as UnsexedPolicy,
      delimiter: values.delimiter,
      actor: { userId: values.user ?? `${os.userInfo().username}@cli`, roles: new Set(ROLES) },
      onBatch: (done, total) => {
        bar ??= progress(values['dry-run'] ? 'checking' : 'importing', total, io.err);
        bar.update(done);
      },
    });
    bar?.finish();
    writeReport(report, summary(report));
    return report.rejected.length || report.conflicts.length ? 3 : 0;
  });
}

function summary(r: FileImportReport): string {
  const would = r.dryRun ? 'would be ' : '';
  const n = r.names;
  const lines = [
    `${r.dryRun ? 'dry run (nothing written): ' : ''}${r.file} (${r.format}${r.crop ? `, ${r.crop}` : ''}): ${r.records} records in ${r.seconds.toFixed(1)} s`,
    `  ${n.names} names: ${n.existing} existing${r.matchedOtherwise.length ? ` (${r.matchedOtherwise.length} matched by accession number, PUI or synonym)` : ''}, ${n.created} ${would}created, ${n.ambiguous} ambiguous, ${n.onlyInRejectedRows} only in rejected rows` +
      ` (these add up to the file's ${n.names} distinct names${n.rejectedOnly.length ? '; see names.rejectedOnly' : ''})`,
    `  ${r.linked} parent relationships ${would}written: ${r.added} added, ${r.typeChanged} parent types changed${r.typeChanged ? ' (see typeChanges)' : ''}; ${r.unchanged} already stored as given`,
  ];
  if (r.keptStoredSex) lines.push(`  ${r.keptStoredSex} parents given without a sex (POPULATION) ${r.dryRun ? 'would keep' : 'kept'} the known type stored for them (kept stored sex; see keptTypes)`);
  if (r.conflicts.length) {
    lines.push(`  ${r.conflicts.length} conflicts: rows not written because their parents do not go with the stored ones${r.conflicts.length > 20 ? ' (all in the report)' : ''}:`);
    const set = (refs: FileImportReport['conflicts'][number]['stored']) => refs.map((p) => `${p.germplasmName} ${p.parentType}`).join(', ');
    for (const c of r.conflicts.slice(0, 20)) lines.push(`  - ${c.at.join(', ')}: ${c.germplasmName ?? c.germplasmDbId}: stored ${set(c.stored)}; file ${set(c.given)}`);
  }
  if (r.otherCrops.length) lines.push(`  ${r.otherCrops.length} names known only outside ${r.crop} ${r.dryRun ? 'would be' : 'were'} made new ${r.crop} germplasm (see otherCrops)`);
  if (r.unsexedParents.count) lines.push(`  ${r.unsexedParents.count} parents without a sex, ${would}stored as ${r.unsexedParents.storedAs === 'population' ? 'POPULATION' : 'FEMALE and MALE in file order where a line has two'}${r.keptStoredSex ? ' where no other type is stored for them' : ''}`);
  if (r.wideCrosses.length) lines.push(`  ${r.wideCrosses.length} parent relationships between crops kept (--allow-wide-crosses)`);
  if (r.merged.length) lines.push(`  ${r.merged.length} repeated rows merged (see merged)`);
  lines.push(`  ${r.rejected.length} rejected${r.rejected.length ? ':' : ''}`);
  for (const x of r.rejected.slice(0, 20)) lines.push(`  - ${x.at.join(', ')}: ${x.germplasmName ?? x.germplasmDbId ?? ''}: ${x.reason}`);
  if (r.rejected.length > 20) lines.push(`  ... and ${r.rejected.length - 20} more in the report`);
  return lines.join('\n');
}
