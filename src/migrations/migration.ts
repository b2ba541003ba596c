// Model changes for databases that already hold data (a production database, or a store made before the change).
// Each migration finds the records that lack the change and changes only those, so running it again changes nothing;
// `pending` counts them without writing, which is what a dry run shows.
import type { Graph } from '../graph/port.js';

export interface Migration {
  /** Stable name, recorded in the database when applied. */
  id: string;
  description: string;
  /** Records that still need the change. */
  pending(graph: Graph): Promise<number>;
  /** Changes them; returns how many it changed. */
  apply(graph: Graph): Promise<number>;
}

export interface MigrationOutcome {
  id: string;
  description: string;
  pending: number;
  changed: number;
}

/** Runs (or, dry, only counts) each migration in order; an applied one is recorded as a :Migration node. */
export async function runMigrations(graph: Graph, migrations: Migration[], { dryRun = false } = {}): Promise<MigrationOutcome[]> {
  const outcomes: MigrationOutcome[] = [];
  for (const m of migrations) {
    const pending = await m.pending(graph);
    const changed = dryRun || pending === 0 ? 0 : await m.apply(graph);
    if (!dryRun) {
      await graph.write(
        'MERGE (r:Migration {id: $id}) SET r.description = $description, r.lastRunAt = $at, r.changed = coalesce(r.changed, 0) + $changed',
        { id: m.id, description: m.description, at: new Date().toISOString(), changed },
      );
    }
    outcomes.push({ id: m.id, description: m.description, pending, changed });
  }
  return outcomes;
}
