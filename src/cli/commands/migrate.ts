// npm run migrate -- [--dry-run]: brings a database that already holds data up to the current model (see
// src/migrations/). Idempotent: a second run changes nothing. Exit codes: 0 done (or nothing to do), 1 failed, 2 bad usage.
import { migrations } from '../../migrations/index.js';
import { runMigrations } from '../../migrations/migration.js';
import { runWithGraph } from '../database.js';
import { println, UsageError, type CliIo } from '../io.js';

const USAGE = 'Usage: npm run migrate -- [--dry-run]';

export async function migrateCommand(args: string[], io: CliIo): Promise<number> {
  const unknown = args.filter((a) => a !== '--dry-run');
  if (unknown.length) throw new UsageError(`Unknown argument ${unknown[0]}.`, USAGE);
  const dryRun = args.includes('--dry-run');

  return runWithGraph(io, async (graph) => {
    const outcomes = await runMigrations(graph, migrations, { dryRun });
    for (const o of outcomes) {
      const what = dryRun ? `would change ${o.pending}` : `changed ${o.changed}`;
      println(io.out, `${o.id}: ${what} (${o.description})`);
    }
    if (!outcomes.length) println(io.out, 'No migrations are defined.');
    println(io.out, dryRun ? 'Dry run: nothing was written.' : 'Done.');
    return 0;
  });
}
