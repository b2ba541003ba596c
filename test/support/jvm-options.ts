// JVM options for the short-lived bundled Neo4j JVMs the suite starts itself: the shared demo store's load and the
// extra Neo4j (test/support/extra-neo4j.ts). C1 only, no C2: most of such a JVM's CPU went to C2 compiling code it then
// hardly ran. Not for the lanes' Neo4j, which plans new statements for minutes: there C1 alone made planner-heavy files
// cost twice the CPU and one test time out (docs/testing.md has both measurements).
export const SHORT_LIVED_NEO4J_JVM_OPTIONS = ['-XX:TieredStopAtLevel=1'];
