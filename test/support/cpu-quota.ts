// A share of one core for the processes a test starts: a cgroup (v1 cpu controller) whose CFS quota caps everything in
// it, children included, at `cores` of CPU time. Half a core this way starves a start as much as a core shared with a
// CPU burner does (CFS gives the burner about half), without the burner's CPU, which the rest of the suite would lose.
// Linux only, and only where the cgroup file system is writable (root on the CI machines); callers fall back to a
// burner elsewhere.
import fs from 'node:fs';
import path from 'node:path';

const CPU_CGROUP = '/sys/fs/cgroup/cpu';
const PERIOD_US = 100_000;

export interface CpuQuota {
  /** The file a process writes its PID to, to join the cgroup (the processes it starts afterwards are in it too). */
  readonly procs: string;
  /** How many periods the quota held its processes back so far (cpu.stat nr_throttled): above 0 once they wanted more. */
  throttled(): number;
  /** Removes the cgroup once its processes have ended. */
  remove(): void;
}

/** A cgroup capped at `cores` of CPU, or undefined where none can be made here. */
export function cpuQuota(name: string, cores: number): CpuQuota | undefined {
  if (process.platform !== 'linux' || !fs.existsSync(path.join(CPU_CGROUP, 'cpu.cfs_quota_us'))) return undefined;
  const dir = path.join(CPU_CGROUP, `${name}-${process.pid}`);
  const remove = () => {
    try {
      fs.rmdirSync(dir);
    } catch {
      // never made, or a process still in it
    }
  };
  try {
    fs.mkdirSync(dir);
    fs.writeFileSync(path.join(dir, 'cpu.cfs_period_us'), String(PERIOD_US));
    fs.writeFileSync(path.join(dir, 'cpu.cfs_quota_us'), String(Math.round(PERIOD_US * cores)));
  } catch {
    remove();
    return undefined;
  }
  return {
    procs: path.join(dir, 'cgroup.procs'),
    throttled: () => Number(/^nr_throttled (\d+)$/m.exec(fs.readFileSync(path.join(dir, 'cpu.stat'), 'utf8'))?.[1] ?? 0),
    remove,
  };
}
