// What a lane does before its first file that uses the database and after its last file: the same for a plain mocha
// (test/setup.ts's root hooks) and a lane of scripts/test.ts (test/support/lane-runner.ts).
import { isDeprecation, seenNotifications } from '../../src/graph/notifications.js';
import { stopExtraNeo4j } from './extra-neo4j.js';
import { startTestServer, stopTestServer } from './server.js';

let started = false;

/** Starts the lane's Neo4j and service with the demo data (once). */
export async function startLane(): Promise<void> {
  if (started) return;
  await startTestServer();
  started = true;
}

/** Stops what the lane started, and fails on any deprecation Neo4j reported meanwhile. */
export async function endLane(): Promise<void> {
  // The second Neo4j that some tests share (test/support/extra-neo4j.ts), if one of them started it.
  await stopExtraNeo4j();
  if (started) await stopTestServer();
  started = false;
  // A deprecated syntax works today and breaks on the next Neo4j: the suite fails on any it saw.
  const deprecated = seenNotifications().filter(isDeprecation);
  if (deprecated.length) {
    throw new Error(`Neo4j reported ${deprecated.length} deprecation(s):\n` +
      deprecated.map((n) => `- ${n.code}: ${n.description}\n  in: ${n.statement.replace(/\s+/g, ' ').slice(0, 300)}`).join('\n'));
  }
}
