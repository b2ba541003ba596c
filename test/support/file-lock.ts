// A lock between processes on this machine, for work two test lanes (scripts/test.ts) could otherwise do at once on
// one path, such as making a virtualenv under .tmp/. A directory is the lock: mkdir either makes it or fails.
import fs from 'node:fs';
import { setTimeout as sleep } from 'node:timers/promises';

/** A lock left by a killed process is taken over after this long (longer than any install the lock guards). */
const STALE_MS = 30 * 60_000;

export async function withFileLock<T>(lockPath: string, work: () => Promise<T>): Promise<T> {
  const dir = `${lockPath}.lock`;
  fs.mkdirSync(`${dir}/..`, { recursive: true });
  for (;;) {
    try {
      fs.mkdirSync(dir);
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const age = Date.now() - (fs.statSync(dir, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > STALE_MS) fs.rmSync(dir, { recursive: true, force: true });
      else await sleep(500);
    }
  }
  try {
    return await work();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
