// The CPU seconds this process and everything it started have used so far (Linux /proc): its own and its live
// descendants' user + system time, plus what each of them has collected from children it has waited for (a Neo4j JVM
// stopped or killed counts once its watchdog has been reaped). On a machine shared with others, wall times swing with
// their load while CPU seconds barely do, so the test reporter measures each file by this too. Elsewhere: undefined.
import fs from 'node:fs';

/** Clock ticks per second of /proc/<pid>/stat's times (USER_HZ; 100 on Linux). */
const TICKS = 100;

interface Stat {
  ppid: number;
  ticks: number;
}

function readStat(pid: string): Stat | undefined {
  try {
    const text = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    // Fields after the command name, which sits in parentheses and may hold spaces: state, ppid, ... utime (14),
    // stime (15), cutime (16), cstime (17) in proc(5)'s numbering.
    const f = text.slice(text.lastIndexOf(')') + 2).split(' ');
    return { ppid: Number(f[1]), ticks: Number(f[11]) + Number(f[12]) + Number(f[13]) + Number(f[14]) };
  } catch {
    return undefined;
  }
}

export function treeCpuSeconds(root = process.pid): number | undefined {
  if (process.platform !== 'linux') return undefined;
  const stats = new Map<number, Stat>();
  for (const name of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    const stat = readStat(name);
    if (stat) stats.set(Number(name), stat);
  }
  const children = new Map<number, number[]>();
  for (const [pid, { ppid }] of stats) children.set(ppid, [...(children.get(ppid) ?? []), pid]);
  let ticks = 0;
  for (const stack = [root]; stack.length;) {
    const pid = stack.pop()!;
    ticks += stats.get(pid)?.ticks ?? 0;
    stack.push(...(children.get(pid) ?? []));
  }
  return ticks / TICKS;
}
