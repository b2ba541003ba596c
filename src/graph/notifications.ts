// Neo4j 5 attaches notifications to results: deprecations (a syntax the next major version removes) and performance
// warnings (a cartesian product, an unbounded variable-length pattern). Nothing shows them unless we look, so every
// distinct (statement, notification) pair is logged once, and kept so the test suite can fail on any deprecation.
import type { ResultSummary } from 'neo4j-driver';

export interface SeenNotification {
  code: string;
  title: string;
  description: string;
  severity: string;
  category: string;
  statement: string;
}

const seen = new Map<string, SeenNotification>();
let sink: (n: SeenNotification) => void = () => undefined;

/**
 * Notifications that only describe the data, not the statement: an unknown label or property on a young database,
 * an index that already exists at start-up. Logged at debug level; every other one is a warning.
 */
export function isRoutine(n: Pick<SeenNotification, 'code'>): boolean {
  return /Unknown(Label|PropertyKey|RelationshipType)Warning$|IndexOrConstraintAlreadyExists$/.test(n.code);
}

/** Where first sightings go (the service's logger). */
export function onNotification(log: (n: SeenNotification) => void): void {
  sink = log;
}

export function reportNotifications(statement: string, summary: ResultSummary): void {
  for (const n of summary.notifications ?? []) {
    const key = `${n.code}\u0000${statement}`;
    if (seen.has(key)) continue;
    const record: SeenNotification = {
      code: n.code,
      title: n.title,
      description: n.description,
      severity: n.rawSeverityLevel,
      category: String(n.category ?? ''),
      statement,
    };
    seen.set(key, record);
    sink(record);
  }
}

/** Every distinct notification seen by this process so far. */
export function seenNotifications(): SeenNotification[] {
  return [...seen.values()];
}

export function isDeprecation(n: SeenNotification): boolean {
  return n.code.includes('Deprecat') || n.category === 'DEPRECATION';
}
