// `npm run import-vcf -- <file.vcf[.gz]> --crop <crop> --study <studyDbId> [options]`: loads a VCF as a variant set of
// a study (src/modules/genotyping/io/importVcf.ts). The database is NEO4J_URI or the bundled Neo4j (cli/database.ts).
// Exit code 0: imported, every sample column matched; 3: imported, some columns rejected (see the report); 1: failed,
// nothing written; 2: bad usage.
import { parseArgs } from 'node:util';
import { importVcf, type VcfImportReport } from '../../modules/genotyping/io/importVcf.js';
import { runWithGraph } from '../database.js';
import { fileCommand, removedStagingLine, withByteProgress } from '../file-command.js';
import type { CliIo } from '../io.js';

const USAGE = `usage: npm run import-vcf -- <file.vcf[.gz]> --crop <crop> --study <studyDbId> [options]
  --crop <name>               crop of the genotyped material: a sample column that names no sample of the study is
                              matched to a germplasm of this crop by name (else accession number, PUI or synonym);
                              a name that fits several is rejected
  --study <studyDbId>         the study the variant set belongs to (its samples are matched first, by sampleName)
  --variant-set-id <id>       DbId of the new variant set (default: generated)
  --variant-set-name <name>   default: the file name without .vcf
  --reference-set <name>      the assembly the positions are on (default: the ##reference line, else one named
                              after the variant set); its contigs become references, shared by later imports on it
  --lenient                   import a file whose first line is not ##fileformat=VCFv4.x (refused without it,
                              as bcftools refuses it)
  --dry-run                   check everything, write nothing; the report says what would be imported
  --report <file>             default: ./<file name>.import-report.json
  --batch-size <n>            variants per staging transaction (default 500)
exit codes: 0 imported, every sample column matched; 3 imported, some columns rejected (see the report);
1 failed, nothing written; 2 bad usage`;

export async function importVcfCommand(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      crop: { type: 'string' },
      study: { type: 'string' },
      'variant-set-id': { type: 'string' },
      'variant-set-name': { type: 'string' },
      'reference-set': { type: 'string' },
      'dry-run': { type: 'boolean', default: false },
      lenient: { type: 'boolean', default: false },
      report: { type: 'string' },
      'batch-size': { type: 'string', default: '500' },
      help: { type: 'boolean', default: false },
    },
  });

  const { file, usage, writeReport } = fileCommand(io, USAGE, positionals, values);
  const batchSize = Number(values['batch-size']);
  if (!values.crop?.trim()) usage('--crop is required: sample names are matched only to germplasm of that crop (e.g. --crop Soybean)');
  if (!values.study?.trim()) usage('--study is required: the variant set belongs to a study');
  if (!Number.isInteger(batchSize) || batchSize < 1) usage('--batch-size must be a positive integer');

  return runWithGraph(io, async (graph) => {
    const report = await withByteProgress(io, file, values['dry-run'], (onProgress) =>
      importVcf(graph, file, {
        crop: values.crop!,
        studyDbId: values.study!.trim(),
        variantSetDbId: values['variant-set-id'],
        variantSetName: values['variant-set-name'],
        referenceSet: values['reference-set'],
        dryRun: values['dry-run'],
        lenient: values.lenient,
        batchSize,
        onProgress,
      }));
    writeReport(report, summary(report));
    return report.rejected.length ? 3 : 0;
  });
}

function summary(r: VcfImportReport): string {
  const would = r.dryRun ? 'would be ' : '';
  const lines = [
    `${r.dryRun ? 'dry run (nothing written): ' : ''}${r.file} (${r.crop}, study ${r.studyDbId}): ${r.variants} variants x ${r.matched.length} call sets in ${r.seconds.toFixed(1)} s`,
    `  variant set ${r.variantSetDbId} "${r.variantSetName}" ${would}created: ${r.calls} calls (${r.missingCalls} missing) on ${r.contigs.length} contigs of ${r.referenceSetName} (${r.referenceSetDbId})`,
    `  ${r.matched.filter((m) => m.by === 'sampleName').length} columns matched to samples of the study, ${r.matched.filter((m) => m.by !== 'sampleName').length} to germplasm (a new sample each)`,
    `  ${r.rejected.length} of ${r.sampleColumns} sample columns rejected${r.rejected.length ? ':' : ''}`,
  ];
  lines.push(...removedStagingLine(r.removedStaging));
  for (const x of r.rejected.slice(0, 20)) lines.push(`  - column ${x.column + 1} "${x.name}": ${x.reason}${x.candidates ? ` (${x.candidates.slice(0, 5).join(', ')})` : ''}`);
  if (r.rejected.length > 20) lines.push(`  ... and ${r.rejected.length - 20} more in the report`);
  return lines.join('\n');
}
