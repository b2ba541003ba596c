// What the file commands (import, import-vcf, import-fasta) share. Bad usage is exit 2 with the usage text. Paths are
// read from where the command was typed (io.cwd: `npm run` starts the script in the package folder and sets INIT_CWD
// to the folder the curator was in). The report goes to that folder too, as the input's folder may be read-only (a
// shared drive, a mounted dataset).
import fs from 'node:fs';
import path from 'node:path';
import { println, UsageError, type CliIo } from './io.js';
import { progress } from './progress.js';

export interface FileCommand {
  /** The input file, resolved. */
  file: string;
  usage(problem: string): never;
  /** Writes the report as JSON (default ./<file name>.import-report.json) and prints the summary and where it is. */
  writeReport(report: unknown, summary: string): void;
}

export function fileCommand(io: CliIo, usageText: string, positionals: string[], options: { help?: boolean; report?: string }): FileCommand {
  const usage = (problem: string): never => {
    throw new UsageError(problem, usageText);
  };
  const here = io.cwd;
  const file = path.resolve(here, positionals[0] ?? '');
  if (options.help || positionals.length !== 1) usage('');
  if (!fs.existsSync(file)) usage(`no such file: ${file}`);
  const reportFile = path.resolve(here, options.report ?? `${path.basename(file)}.import-report.json`);
  return {
    file,
    usage,
    writeReport(report, summary) {
      fs.writeFileSync(reportFile, JSON.stringify(report, null, 2) + '\n');
      println(io.out, `${summary}\nreport: ${path.relative(here, reportFile) || reportFile}`);
    },
  };
}

/** Runs an import that reports the bytes it has read, with a progress bar over the file's size. */
export async function withByteProgress<T>(io: CliIo, file: string, dryRun: boolean, run: (onProgress: (done: number) => void) => Promise<T>): Promise<T> {
  const bar = progress(dryRun ? 'checking (bytes)' : 'importing (bytes)', fs.statSync(file).size, io.err);
  try {
    return await run((done) => bar.update(done));
  } finally {
    bar.finish();
  }
}

/** The summary's line for what killed imports had left staged and this one removed first (none: no line). */
export function removedStagingLine(r: { imports: number; variants: number; blocks: number }): string[] {
  if (!r.imports) return [];
  const what = [r.variants || !r.blocks ? `${r.variants} variants` : '', r.blocks ? `${r.blocks} sequence blocks` : ''].filter(Boolean).join(', ');
  return [`  first removed what ${r.imports} killed import(s) had left staged: ${what}`];
}
