// The project's command-line tools against the test database: in the test process (what a command does, without
// compiling it again in a new process each time), or as a real process, as a curator runs it (`cliProcess`,
// `cliAsProcess`): each tool keeps at least one test of the latter, and a test that kills the process needs it.
import { execFile, type ChildProcess } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';
import { Writable } from 'node:stream';
import { pathToFileURL } from 'node:url';
import { exportCommand } from '../../src/cli/commands/export.js';
import { importFastaCommand } from '../../src/cli/commands/import-fasta.js';
import { importVcfCommand } from '../../src/cli/commands/import-vcf.js';
import { importCommand } from '../../src/cli/commands/import.js';
import { migrateCommand } from '../../src/cli/commands/migrate.js';
import { tokenCommand } from '../../src/cli/commands/token.js';
import { runCommand, type CliStream, type Command } from '../../src/cli/io.js';
import { testDatabase, type TestDatabase } from './server.js';

export interface Run {
  code: number;
  /** The signal that ended the process, if one did (a test that kills it); null in the test process. */
  signal: NodeJS.Signals | null;
  stdout: string;
  stderr: string;
}

const COMMANDS = {
  import: importCommand,
  export: exportCommand,
  'import-vcf': importVcfCommand,
  'import-fasta': importFastaCommand,
  migrate: migrateCommand,
  token: tokenCommand,
} satisfies Record<string, Command>;

export type Script = keyof typeof COMMANDS;

/** tsx's loader by absolute URL, so that a CLI started from another folder finds it. */
const TSX = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;

/**
 * A process is not given a time limit by the test: it ends by itself (its database calls have their own timeouts),
 * however slow a loaded machine makes it. This limit only keeps a command that hangs from holding the suite forever.
 */
const HUNG_AFTER_MS = 15 * 60_000;

/** The environment a command gets: the test database, nothing logged. */
function envFor(db: TestDatabase, extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  return { ...process.env, NEO4J_URI: db.uri, NEO4J_USER: db.user ?? '', NEO4J_PASSWORD: db.password ?? '', LOG_LEVEL: 'silent', ...extra };
}

/** Runs a CLI to its end in the test process, typed in `cwd` (where an import writes its report by default). */
export async function cli(script: Script, args: string[], db: TestDatabase = testDatabase(), cwd = process.cwd(), env?: NodeJS.ProcessEnv): Promise<Run> {
  const out = collector();
  const err = collector();
  const code = await runCommand(COMMANDS[script], args, { out: out.stream, err: err.stream, env: env ?? envFor(db), cwd });
  return { code, signal: null, stdout: out.text(), stderr: err.text() };
}

/**
 * Starts a CLI as a curator would, from `cwd`. Pass the test's context (`this`) as `test`: its mocha timeout is
 * suspended until the process ends, then starts afresh for the rest of the test.
 */
export function cliProcess(script: Script, args: string[], db: TestDatabase = testDatabase(), cwd = process.cwd(), opts: { test?: Mocha.Context; env?: NodeJS.ProcessEnv } = {}): { child: ChildProcess; done: Promise<Run> } {
  let child!: ChildProcess;
  const limit = opts.test?.timeout();
  opts.test?.timeout(0);
  const done = new Promise<Run>((resolve) => {
    child = execFile(
      process.execPath,
      ['--import', TSX, path.resolve(`src/cli/${script}.ts`), ...args],
      { cwd, env: { ...(opts.env ?? envFor(db)), INIT_CWD: cwd }, maxBuffer: 64 * 1024 * 1024, timeout: HUNG_AFTER_MS, killSignal: 'SIGKILL' },
      (err, stdout, stderr) => {
        const e = err as { code?: number; signal?: NodeJS.Signals } | null;
        resolve({ code: e ? Number(e.code ?? 1) : 0, signal: e?.signal ?? null, stdout, stderr });
      },
    );
  }).finally(() => {
    if (opts.test && limit !== undefined) opts.test.timeout(limit);
  });
  return { child, done };
}

/** Runs a CLI as a process to its end (see cliProcess for `test`). */
export function cliAsProcess(script: Script, args: string[], db: TestDatabase = testDatabase(), cwd = process.cwd(), opts: { test?: Mocha.Context; env?: NodeJS.ProcessEnv } = {}): Promise<Run> {
  return cliProcess(script, args, db, cwd, opts).done;
}

/** A stream that keeps what is written to it. */
function collector(): { stream: CliStream; text(): string } {
  const chunks: Buffer[] = [];
  const stream = new Writable({
    write(chunk, encoding, done) {
      chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk, encoding));
      done();
    },
  });
  return { stream, text: () => Buffer.concat(chunks).toString('utf8') };
}
