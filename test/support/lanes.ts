// Which test files run in the lane beside the shared demo load (scripts/test.ts): the unit tests, and the files that
// start every database and service they use themselves. That lane starts no Neo4j or service of its own, so it can
// begin while the demo store loads, when one core is otherwise idle (docs/testing.md).

/** Integration files that never use the lane's Neo4j or service: the shared extra Neo4j and their own services. */
export const OWN_DATABASE_FILES = ['test/integration/demo-start.test.ts', 'test/integration/fault.test.ts', 'test/integration/shutdown.test.ts'];

/** Set by scripts/test.ts on the lane beside the demo load: its root hooks (test/setup.ts) start nothing. */
export const NO_LANE_SERVER_ENV = 'TEST_NO_LANE_SERVER';
