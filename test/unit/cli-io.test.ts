// The command-line tools as functions (src/cli/commands): bad usage is exit 2 with the usage text on standard error,
// before any database is opened, and nothing reaches the test process's own streams or exit.
import { expect } from 'chai';
import { Writable } from 'node:stream';
import { exportCommand } from '../../src/cli/commands/export.js';
import { importCommand } from '../../src/cli/commands/import.js';
import { migrateCommand } from '../../src/cli/commands/migrate.js';
import { runCommand, type Command } from '../../src/cli/io.js';

async function run(command: Command, argv: string[]) {
  const text = { out: '', err: '' };
  const stream = (key: 'out' | 'err') => new Writable({ write(chunk, _enc, done) { text[key] += String(chunk); done(); } });
  // No database may be reached: an unreachable address would fail (exit 1), not be a usage error.
  const env = { NEO4J_URI: 'bolt://127.0.0.1:1', NEO4J_TIMEOUT_MS: '1000' };
  const code = await runCommand(command, argv, { out: stream('out'), err: stream('err'), env, cwd: process.cwd() });
  return { code, ...text };
}

describe('command-line tools as functions', () => {
  it('import without a file: exit 2 and its usage', async () => {
    const r = await run(importCommand, []);
    expect(r).to.include({ code: 2, out: '' });
    expect(r.err).to.match(/^usage: npm run import -- <file> --crop <crop>/);
  });

  it('import of a missing file: exit 2 naming it', async () => {
    const r = await run(importCommand, ['/nonexistent/pedigree.tsv', '--crop', 'Soybean']);
    expect(r.code).to.equal(2);
    expect(r.err).to.match(/^no such file: \/nonexistent\/pedigree\.tsv\nusage:/);
  });

  it('export with an unknown format: exit 2, the problem, then the usage', async () => {
    const r = await run(exportCommand, ['Williams 82', '--format', 'xml']);
    expect(r.code).to.equal(2);
    expect(r.err).to.match(/^unknown format xml\nusage: npm run export/);
  });

  it('migrate with an unknown argument: exit 2', async () => {
    const r = await run(migrateCommand, ['--force']);
    expect(r.code).to.equal(2);
    expect(r.err).to.equal('Unknown argument --force.\nUsage: npm run migrate -- [--dry-run]\n');
  });

  it('an unknown option: exit 1 with the parser\'s message, as an uncaught error ends the process', async () => {
    const r = await run(exportCommand, ['Williams 82', '--colour']);
    expect(r.code).to.equal(1);
    expect(r.err).to.match(/Unknown option '--colour'/);
  });

  it('a database that does not answer: exit 1 with the message', async () => {
    const r = await run(migrateCommand, ['--dry-run']);
    expect(r.code).to.equal(1);
    expect(r.err).to.not.equal('');
  });
});
