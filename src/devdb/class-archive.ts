// Class-data sharing for the bundled Neo4j (the JVM's AppCDS; dynamic archives since Java 13). A Neo4j start loads,
// parses and verifies about 16,000 classes; with an archive of them the JVM maps them instead, which takes a third
// less CPU to ready (docs/operations.md has the figures). The archive is only valid for the JVM build and the jars it
// was made with, so its name is a hash of both (each jar's size and time included); it sits under .data/ beside the
// classpath cache. buildClassArchive (build-class-archive.ts) makes it; the test runner and CI call that first.
// A start without an archive runs as before, and one the JVM rejects anyway is ignored by the JVM with one warning
// line in logs/console.log: nothing here can fail a start.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const DATA = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../.data');

/** Where the archive for this JVM (its `-version` text) and classpath is, made or not. */
export function classArchivePath(javaVersion: string, classpath: string): string {
  const hash = crypto.createHash('sha256').update(javaVersion).update('\0').update(classpath);
  for (const jar of classpath.split(path.delimiter)) {
    const stat = fs.statSync(jar, { throwIfNoEntry: false });
    hash.update(`\0${stat?.size}:${stat?.mtimeMs}`);
  }
  return path.join(DATA, `neo4j-classes-${hash.digest('hex').slice(0, 16)}.jsa`);
}

/** The archive to map for this JVM and classpath, if it has been made. */
export function classArchive(javaVersion: string, classpath: string): string | undefined {
  const file = classArchivePath(javaVersion, classpath);
  return fs.existsSync(file) ? file : undefined;
}
