// What a command-line tool reads and writes besides its files: its arguments' environment, the folder it was typed
// in, standard output and error. The tools are functions of these, so the tests can run them in the test process
// (src/cli/*.ts run them as processes, as `npm run` does).
import type { Writable } from 'node:stream';

export interface CliIo {
  out: CliStream;
  err: CliStream;
  env: NodeJS.ProcessEnv;
  /** Where the command was typed: `npm run` starts the script in the package folder and sets INIT_CWD to it. */
  cwd: string;
}

/** Standard output or error: a stream, and whether it is a terminal (progress bars redraw in place there). */
export type CliStream = Writable & { isTTY?: boolean };

/** A command: its arguments and surroundings in, its exit code out. */
export type Command = (argv: string[], io: CliIo) => Promise<number>;

/** Bad usage: exit code 2, with the problem (if any) and the usage text on standard error. */
export class UsageError extends Error {
  constructor(problem: string, readonly usage: string) {
    super(problem);
  }
}

/** Runs a command to its exit code: 2 for bad usage, 1 (with the message) for any other failure. */
export async function runCommand(command: Command, argv: string[], io: CliIo): Promise<number> {
  try {
    return await command(argv, io);
  } catch (err) {
    if (err instanceof UsageError) {
      io.err.write(`${err.message ? `${err.message}\n` : ''}${err.usage}\n`);
      return 2;
    }
    io.err.write(`${(err as Error).message}\n`);
    return 1;
  }
}

/** The entry point of `npm run <command>`: runs it on this process's arguments and streams, and exits with its code. */
export async function runAsProcess(command: Command): Promise<never> {
  const io: CliIo = { out: process.stdout, err: process.stderr, env: process.env, cwd: process.env.INIT_CWD ?? process.cwd() };
  process.exit(await runCommand(command, process.argv.slice(2), io));
}

export function println(stream: CliStream, text: string): void {
  stream.write(`${text}\n`);
}
