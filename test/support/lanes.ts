// Which test files use which lane of scripts/test.ts. The lane beside the shared demo load takes the unit tests and
// the files that start every database and service they use themselves: it starts no Neo4j or service of its own, so
// it can begin while the demo store loads, when one core is otherwise idle (docs/testing.md).
import path from 'node:path';

/** Integration files that never use the lane's Neo4j or service: the shared extra Neo4j and their own services. */
export const OWN_DATABASE_FILES = ['test/integration/demo-start.test.ts', 'test/integration/fault.test.ts', 'test/integration/shutdown.test.ts'];

/** Set by scripts/test.ts on the lane beside the demo load: it starts no Neo4j or service of its own. */
export const NO_LANE_SERVER_ENV = 'TEST_NO_LANE_SERVER';

/** A file under test/unit: it needs no database. */
export function isUnitFile(file: string): boolean {
  return toPosix(file).startsWith('test/unit/');
}

/** A file the lane beside the demo load can take: a unit test, or one of OWN_DATABASE_FILES. */
export function needsNoLaneServer(file: string): boolean {
  return isUnitFile(file) || OWN_DATABASE_FILES.includes(toPosix(file));
}

/** The file's path from the repository's root, with forward slashes. */
function toPosix(file: string): string {
  return path.relative(process.cwd(), path.resolve(file)).split(path.sep).join('/');
}
