// `npm run import-fasta -- <file.fa[.gz]> --reference-set <referenceSetDbId|name> [options]`: stores an assembly's
// sequences on the references of a reference set (src/modules/genotyping/io/importFasta.ts), for
// GET /references/{referenceDbId}/bases. The database is NEO4J_URI or the bundled Neo4j (cli/database.ts).
// Exit code 0: imported, every record named a reference; 3: imported, some records skipped (see the report);
// 1: failed, nothing written; 2: bad usage.
import { parseArgs } from 'node:util';
import { importFasta, type FastaImportReport } from '../../modules/genotyping/io/importFasta.js';
import { runWithGraph } from '../database.js';
import { fileCommand, removedStagingLine, withByteProgress } from '../file-command.js';
import type { CliIo } from '../io.js';

const USAGE = `usage: npm run import-fasta -- <file.fa[.gz]> --reference-set <referenceSetDbId or name> [options]
  --reference-set <id|name>   the assembly the sequences belong to (a VCF import made it; GET /referencesets lists
                              them): each FASTA record is matched to its reference by name (the header's first word)
  --create-references         make a reference of the set for a record that names none (default: skip the record
                              and report it)
  --dry-run                   check everything, write nothing; the report says what would be stored
  --report <file>             default: ./<file name>.import-report.json
Sequences may hold only IUPAC nucleotide codes (ACGTMRWSYKVHDBN, either case; stored upper case). A record's length
must equal its reference's length when the reference has one (else it becomes its length), and its MD5 the reference's
md5checksum when it has one; a reference that has a sequence already gets the new one.
exit codes: 0 imported, every record named a reference; 3 imported, some records skipped (see the report);
1 failed, nothing written; 2 bad usage`;

export async function importFastaCommand(argv: string[], io: CliIo): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      'reference-set': { type: 'string' },
      'create-references': { type: 'boolean', default: false },
      'dry-run': { type: 'boolean', default: false },
      report: { type: 'string' },
      help: { type: 'boolean', default: false },
    },
  });

  const { file, usage, writeReport } = fileCommand(io, USAGE, positionals, values);
  if (!values['reference-set']?.trim()) usage('--reference-set is required: the sequences are those of a reference set\'s references');

  return runWithGraph(io, async (graph) => {
    const report = await withByteProgress(io, file, values['dry-run'], (onProgress) =>
      importFasta(graph, file, {
        referenceSet: values['reference-set']!.trim(),
        createReferences: values['create-references'],
        dryRun: values['dry-run'],
        onProgress,
      }));
    writeReport(report, summary(report));
    return report.records.some((r) => r.status === 'skipped') ? 3 : 0;
  });
}

function summary(r: FastaImportReport): string {
  const would = r.dryRun ? 'would be ' : '';
  const kept = r.records.filter((x) => x.status !== 'skipped');
  const skipped = r.records.filter((x) => x.status === 'skipped');
  const lines = [
    `${r.dryRun ? 'dry run (nothing written): ' : ''}${r.file} -> ${r.referenceSetName} (${r.referenceSetDbId}): ${r.bases} bases of ${kept.length} references ${would}stored in ${r.seconds.toFixed(1)} s`,
  ];
  for (const x of kept) {
    const notes = [x.status === 'created' ? 'reference created' : '', x.lengthSet ? 'length set' : '', x.replaced ? 'replaces the stored sequence' : ''].filter(Boolean);
    lines.push(`  ${x.name} -> ${x.referenceDbId}: ${x.length} bases, ${x.blocks} blocks, md5 ${x.md5checksum}${notes.length ? ` (${notes.join(', ')})` : ''}`);
  }
  if (skipped.length) lines.push(`  ${skipped.length} records skipped, naming no reference of the set (--create-references makes them): ${skipped.slice(0, 20).map((x) => x.name).join(', ')}${skipped.length > 20 ? ', ...' : ''}`);
  if (r.missing.length) lines.push(`  ${r.missing.length} references of the set have no record in the file: ${r.missing.slice(0, 20).join(', ')}${r.missing.length > 20 ? ', ...' : ''}`);
  lines.push(...removedStagingLine(r.removedStaging));
  return lines.join('\n');
}
