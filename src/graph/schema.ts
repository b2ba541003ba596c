// Uniqueness constraints on every entity's DbId and indexes on the properties filters use, created idempotently
// (`IF NOT EXISTS`) with Neo4j 5's schema commands. Point properties get point indexes, which serve area searches.
import type { Graph } from './port.js';

export interface SchemaItem {
  label: string;
  prop: string;
  unique: boolean;
  /** A `point` property (a GeoJSON position stored as a WGS-84 point): a point index instead of a range index. */
  point?: boolean;
  /**
   * A full-text (Lucene) index over these properties (strings or lists of strings), named `fulltext_<label>_<prop>`
   * (`prop` names the index, not a property). Lower-cased words, no stop words (`standard-no-stop-words`), so a name
   * is found by the start of any of its words whatever the case.
   */
  fulltext?: string[];
  /**
   * A composite range index over `prop` and these properties, in this order (named by all of them): an equality on
   * the first and a range on the next is one index seek.
   */
  composite?: string[];
}

export const fulltextIndexName = (label: string, name: string) => `fulltext_${label}_${name}`;

/** The name of the constraint (unique items) or index an item's statement creates. */
export function schemaName({ label, prop, unique, point, fulltext, composite }: SchemaItem): string {
  if (fulltext) return fulltextIndexName(label, prop);
  if (unique) return `unique_${label}_${prop}`;
  if (composite) return `index_${label}_${[prop, ...composite].join('_')}`;
  return `${point ? 'point' : 'index'}_${label}_${prop}`;
}

export function schemaStatements(items: SchemaItem[]): string[] {
  return items.map((item) => {
    const { label, prop, unique, point, fulltext, composite } = item;
    const name = schemaName(item);
    if (fulltext) {
      return `CREATE FULLTEXT INDEX ${name} IF NOT EXISTS FOR (n:${label}) ON EACH [${fulltext.map((p) => `n.${p}`).join(', ')}] ` +
        "OPTIONS {indexConfig: {`fulltext.analyzer`: 'standard-no-stop-words'}}";
    }
    if (unique) return `CREATE CONSTRAINT ${name} IF NOT EXISTS FOR (n:${label}) REQUIRE n.${prop} IS UNIQUE`;
    if (composite) return `CREATE INDEX ${name} IF NOT EXISTS FOR (n:${label}) ON (${[prop, ...composite].map((p) => `n.${p}`).join(', ')})`;
    if (point) return `CREATE POINT INDEX ${name} IF NOT EXISTS FOR (n:${label}) ON (n.${prop})`;
    return `CREATE INDEX ${name} IF NOT EXISTS FOR (n:${label}) ON (n.${prop})`;
  });
}

/** The oldest server the service runs on: its Cypher uses Neo4j 5 syntax throughout. */
export const MIN_NEO4J_MAJOR = 5;

/** Creates the missing constraints and indexes, in a transaction of their own (schema changes cannot share one with data writes). */
export async function ensureSchema(graph: Graph, items: SchemaItem[]): Promise<void> {
  const version = await graph.serverVersion();
  if (version.major < MIN_NEO4J_MAJOR) {
    throw new Error(`Neo4j ${version.version} is too old: the service needs Neo4j 5 or later (see docs/operations.md).`);
  }
  // A restart finds its schema in place: only the items whose constraint or index is missing by name are sent.
  // A missing name is still created with IF NOT EXISTS, which leaves an equivalent index of another name alone.
  // A new database gets all ~110 in one transaction: all or none, and cheaper than one each (docs/operations.md).
  const [constraints, indexes] = await Promise.all(['SHOW CONSTRAINTS', 'SHOW INDEXES']
    .map(async (show) => new Set((await graph.read<{ name: string }>(`${show} YIELD name RETURN name`)).map((r) => r.name))));
  const missing = items.filter((item) => !(item.unique ? constraints : indexes).has(schemaName(item)));
  const statements = schemaStatements(missing);
  if (statements.length) {
    await graph.transaction(async (tx) => {
      for (const statement of statements) await tx.run(statement);
    }, 'write');
  }
  // A new index is built in the background; queries planned before it is online would scan instead.
  await graph.write('CALL db.awaitIndexes(300)');
}

/** Loads at least this large make bulk writers refresh the index statistics (see below). */
export const BULK_ROWS = 1000;

/**
 * Asks Neo4j to resample the indexes whose statistics are out of date. A plan made on the statistics of a young
 * database turns per-row DbId lookups (UNWIND ... MATCH by DbId) into an index scan per row, so bulk writers call
 * this after a large write; it only schedules the sampling and returns at once.
 */
export async function refreshStatistics(graph: Graph): Promise<void> {
  await graph.write('CALL db.resampleOutdatedIndexes()');
}
