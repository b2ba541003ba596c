// A lock between processes on this machine, for work two test lanes (scripts/test.ts) could otherwise do at once on
// one path, such as making a virtualenv under .tmp/. A directory is the lock: mkdir either makes it or fails. It
// holds its owner's PID, so a lock left by a process that is gone (killed, or ended while a timed-out test still held
// it) is taken over at once.
import fs from 'node:fs';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

/** A lock left by a killed process is taken over after this long (longer than any install the lock guards). */
const STALE_MS = 30 * 60_000;

export async function withFileLock<T>(lockPath: string, work: () => Promise<T>): Promise<T> {
  const dir = `${lockPath}.lock`;
  fs.mkdirSync(path.dirname(dir), { recursive: true });
  for (;;) {
    try {
      fs.mkdirSync(dir);
      fs.writeFileSync(`${dir}/pid`, String(process.pid));
      break;
    } catch (e) {
      if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
      const age = Date.now() - (fs.statSync(dir, { throwIfNoEntry: false })?.mtimeMs ?? Date.now());
      if (age > STALE_MS || ownerGone(dir)) fs.rmSync(dir, { recursive: true, force: true });
      else await sleep(500);
    }
  }
  try {
    return await work();
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

/** Whether the lock's owner has ended (a lock still being made, without its PID yet, is not taken). */
function ownerGone(dir: string): boolean {
  let pid: number;
  try {
    pid = Number(fs.readFileSync(`${dir}/pid`, 'utf8').trim());
  } catch {
    return false;
  }
  if (!Number.isInteger(pid) || pid <= 0) return false;
  try {
    process.kill(pid, 0);
    return false;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'ESRCH';
  }
}
