// npm run migrate -- [--dry-run]: brings a database that already holds data up to the current model (see
// src/migrations/). Idempotent: a second run changes nothing. Exit codes: 0 done (or nothing to do), 1 failed, 2 bad usage.
import { migrations } from '../migrations/index.js';
import { runMigrations } from '../migrations/migration.js';
import { runWithGraph } from './database.js';

const args = process.argv.slice(2);
const unknown = args.filter((a) => a !== '--dry-run');
if (unknown.length) {
  console.error(`Unknown argument ${unknown[0]}. Usage: npm run migrate -- [--dry-run]`);
  process.exit(2);
}
const dryRun = args.includes('--dry-run');

await runWithGraph(async (graph) => {
  const outcomes = await runMigrations(graph, migrations, { dryRun });
  for (const o of outcomes) {
    const what = dryRun ? `would change ${o.pending}` : `changed ${o.changed}`;
    console.log(`${o.id}: ${what} (${o.description})`);
  }
  if (!outcomes.length) console.log('No migrations are defined.');
  console.log(dryRun ? 'Dry run: nothing was written.' : 'Done.');
  return 0;
});
