// Hand-written Cypher lives in cypher/**/*.cypher, loaded once at startup and addressed by its path without the
// extension (e.g. "core/commoncropnames"). Files keep `//` comments so each one runs as-is in Neo4j Browser.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../cypher');
let loaded: Map<string, string> | undefined;

function load(): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) walk(full);
      else if (entry.name.endsWith('.cypher')) {
        files.set(path.relative(ROOT, full).replace(/\\/g, '/').replace(/\.cypher$/, ''), fs.readFileSync(full, 'utf8'));
      }
    }
  };
  walk(ROOT);
  return files;
}

/** The text of cypher/<name>.cypher; a missing name is a programming error and stops the caller. */
export function cypher(name: string): string {
  loaded ??= load();
  const text = loaded.get(name);
  if (text === undefined) throw new Error(`No Cypher file cypher/${name}.cypher`);
  return text;
}

/** Loads every file now, so a broken install fails at startup rather than on first use. */
export function preloadCypher(): number {
  loaded = load();
  return loaded.size;
}
