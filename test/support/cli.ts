// The project's command-line tools run as real processes, as a curator runs them, against the test database.
import { execFile, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { testDatabase, type TestDatabase } from './server.js';

export interface Run {
  code: number;
  /** The signal that ended the process, if one did (a test that kills it). */
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

/** tsx's loader by absolute URL, so that a CLI started from another folder finds it. */
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/** Starts a CLI as a curator would, from `cwd` (where the import writes its report by default). */
export function cliProcess(script: 'import' | 'export' | 'import-vcf' | 'import-fasta', args: string[], db: TestDatabase = testDatabase(), cwd = process.cwd()): { child: ChildProcess; done: Promise<Run> } {
  let child!: ChildProcess;
  const done = new Promise<Run>((resolve) => {
    child = execFile(
      process.execPath,
      ['--import', TSX, path.resolve(`src/cli/${script}.ts`), ...args],
      { cwd, env: { ...process.env, INIT_CWD: cwd, NEO4J_URI: db.uri, NEO4J_USER: db.user ?? '', NEO4J_PASSWORD: db.password ?? '', LOG_LEVEL: 'silent' }, maxBuffer: 64 * 1024 * 1024 },
      (err, stdout, stderr) => {
        const e = err as { code?: number; signal?: NodeJS.Signals } | null;
        resolve({ code: e ? Number(e.code ?? 1) : 0, signal: e?.signal ?? null, stdout, stderr });
      },
    );
  });
  return { child, done };
}

/** Runs a CLI to its end. */
export function cli(script: 'import' | 'export' | 'import-vcf' | 'import-fasta', args: string[], db: TestDatabase = testDatabase(), cwd = process.cwd()): Promise<Run> {
  return cliProcess(script, args, db, cwd).done;
}
