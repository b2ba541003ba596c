// JVM options the suite gives the bundled Neo4j JVMs it starts (after the launcher's own, so they win there).

// The lanes' Neo4j (test/support/server.ts): the serial collector instead of Neo4j's G1. On a 512m heap and 2 shared
// cores G1's worker and concurrent threads and its heavier write barriers cost more than they save; measured
// 2026-11-28 on this machine (load 9 to 21), 12 ordinary integration files in three lanes, alternated A B B A: the
// lanes' three JVMs took 0.91 of their CPU seconds, the whole run 0.92 (docs/testing.md). It keeps C1 then C2, with
// C2 inlining less deeply and smaller methods: a lane's Neo4j plans hundreds of statements once each, and the JIT
// spent much of its CPU compiling planner code that then ran a few times (docs/testing.md has the measurements).
export const LANE_NEO4J_JVM_OPTIONS = ['-XX:-UseG1GC', '-XX:+UseSerialGC', '-XX:MaxInlineLevel=6', '-XX:InlineSmallCode=1000', '-XX:FreqInlineSize=100'];

// The short-lived bundled Neo4j JVMs: the shared demo store's load and the extra Neo4j (test/support/extra-neo4j.ts).
// C1 only, no C2: most of such a JVM's CPU went to C2 compiling code it then hardly ran. Not for the lanes' Neo4j,
// which plans new statements for minutes: there C1 alone made planner-heavy files cost twice the CPU and one test time
// out (docs/testing.md has both measurements). They keep G1: the serial collector made the demo load no cheaper.
export const SHORT_LIVED_NEO4J_JVM_OPTIONS = ['-XX:TieredStopAtLevel=1'];
