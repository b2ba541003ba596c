// Makes the bundled Neo4j's class archive (class-archive.ts) when it is missing: a throwaway Neo4j is started with
// -XX:ArchiveClassesAtExit, asked a few statements of the kinds the service sends (so the Cypher planner's and
// runtime's classes are in it too), and stopped; the JVM writes the archive as it exits (half a minute of CPU, once
// per JVM and classpath). It writes under a temporary name, renamed only after the JVM ended by itself, so a start
// never maps half an archive. Any failure is logged and leaves starts as they were.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { classArchivePath } from './class-archive.js';
import { javaCommand, neo4jClasspath, startDevNeo4j } from './launcher.js';

/** What the throwaway Neo4j is asked, over its HTTP API (no driver needed here). */
const STATEMENTS = [
  'CREATE INDEX archive_probe IF NOT EXISTS FOR (n:ArchiveProbe) ON (n.i)',
  'UNWIND range(1, 1000) AS i CREATE (:ArchiveProbe {i: i, s: toString(i)})',
  'MATCH (a:ArchiveProbe), (b:ArchiveProbe {i: a.i + 1}) WHERE a.i < 100 MERGE (b)-[:PARENT {parentType: "FEMALE"}]->(a)',
  'MATCH (n:ArchiveProbe) WHERE n.i > $x AND n.s STARTS WITH "1" RETURN n.i ORDER BY n.i SKIP 1 LIMIT 10',
  'MATCH p = (:ArchiveProbe {i: 50})-[:PARENT*1..20]->(a) RETURN a.i, length(p), count { (a)<--() } AS c',
  'MATCH (n:ArchiveProbe) WITH n.i % 7 AS k, collect(n.s) AS s RETURN k, size(s)',
  'MATCH (n:ArchiveProbe) DETACH DELETE n',
];

/** Makes the archive unless it exists; resolves with its path, or undefined when none could be made. */
export async function buildClassArchive(log: (line: string) => void = () => undefined): Promise<string | undefined> {
  let java: ReturnType<typeof javaCommand>;
  let classpath: string;
  let archive: string;
  try {
    java = javaCommand();
    classpath = neo4jClasspath(log);
    archive = classArchivePath(java.version, classpath);
  } catch (err) {
    log(`The bundled Neo4j's classes were not archived: ${(err as Error).message}`);
    return undefined;
  }
  if (fs.existsSync(archive)) return archive;
  const started = Date.now();
  log(`Archiving the bundled Neo4j's classes for faster starts (once; ${path.basename(archive)})`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'brapi-neo4j-classes-'));
  const tmp = `${archive}.${process.pid}.tmp`;
  try {
    const db = await startDevNeo4j({ dir, classArchive: false, jvmOptions: [`-XX:ArchiveClassesAtExit=${tmp}`] });
    try {
      for (const statement of STATEMENTS) {
        const res = await fetch(`${db.httpUrl}/db/neo4j/tx/commit`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ statements: [{ statement, parameters: { x: 10 } }] }),
        });
        const body = (await res.json()) as { errors?: Array<{ message: string }> };
        if (body.errors?.length) throw new Error(`${statement}: ${body.errors[0].message}`);
      }
    } finally {
      // The archive is written as the JVM exits: give it minutes on a busy machine rather than the usual 30 s.
      if (!(await db.stop(600_000))) fs.rmSync(tmp, { force: true });
    }
    if (!fs.existsSync(tmp)) throw new Error('the JVM wrote no archive (see its logs/console.log)');
    // Mapped whole by a JVM that must use it and checks its regions' checksums, or never used: a start on a damaged
    // archive would end in a fatal error.
    const check = spawnSync(java.cmd, ['-Xshare:on', '-XX:+VerifySharedSpaces', `-XX:SharedArchiveFile=${tmp}`, '-cp', classpath, '-version'],
      { cwd: dir, encoding: 'utf8' });
    if (check.status !== 0) throw new Error(`the JVM could not map the archive it wrote: ${(check.stdout + check.stderr).slice(0, 500)}`);
    fs.renameSync(tmp, archive);
    log(`Neo4j's classes archived in ${((Date.now() - started) / 1000).toFixed(1)} s (${(fs.statSync(archive).size / 1e6).toFixed(0)} MB)`);
    return archive;
  } catch (err) {
    log(`The bundled Neo4j's classes were not archived (starts go on without): ${(err as Error).message}`);
    return undefined;
  } finally {
    fs.rmSync(tmp, { force: true });
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
