// Uniqueness constraints on every entity's DbId and indexes on the properties filters use, created idempotently in
// the syntax of the connected server's version (3.x, 4.x and 5.x each differ, see DESIGN.md).
import type { Graph, ServerVersion } from './port.js';

export interface SchemaItem {
  label: string;
  prop: string;
  unique: boolean;
}

export function schemaStatements(version: ServerVersion, items: SchemaItem[]): string[] {
  return items.map(({ label, prop, unique }) => {
    const name = `${unique ? 'unique' : 'index'}_${label}_${prop}`;
    if (version.major <= 3) {
      // 3.x has no IF NOT EXISTS, but creating an existing index or constraint is a no-op there.
      return unique ? `CREATE CONSTRAINT ON (n:${label}) ASSERT n.${prop} IS UNIQUE` : `CREATE INDEX ON :${label}(${prop})`;
    }
    if (!unique) return `CREATE INDEX ${name} IF NOT EXISTS FOR (n:${label}) ON (n.${prop})`;
    // FOR ... REQUIRE arrived in 4.4; 4.0-4.3 only know ON ... ASSERT.
    const modern = version.major >= 5 || version.minor >= 4;
    return modern
      ? `CREATE CONSTRAINT ${name} IF NOT EXISTS FOR (n:${label}) REQUIRE n.${prop} IS UNIQUE`
      : `CREATE CONSTRAINT ${name} IF NOT EXISTS ON (n:${label}) ASSERT n.${prop} IS UNIQUE`;
  });
}

/** Schema changes cannot share a transaction with data writes, so each runs on its own. */
export async function ensureSchema(graph: Graph, items: SchemaItem[]): Promise<void> {
  const version = await graph.serverVersion();
  for (const statement of schemaStatements(version, items)) await graph.write(statement);
}

/** Loads at least this large make bulk writers refresh the index statistics (see below). */
export const BULK_ROWS = 1000;

/**
 * Asks Neo4j to resample the indexes whose statistics are out of date (3.1 to 5.x). A plan made on the statistics
 * of a young database turns per-row DbId lookups (UNWIND ... MATCH by DbId) into an index scan per row: on 3.1,
 * linking 1,000 pedigree relationships right after loading 20,000 germplasm took 32 s instead of 0.3 s. Bulk
 * writers call this after a large write; it only schedules the sampling and returns at once.
 */
export async function refreshStatistics(graph: Graph): Promise<void> {
  await graph.write('CALL db.resampleOutdatedIndexes()');
}
