// Two versions of the service side by side on one Neo4j holding the demo data, for a change to the pedigree read
// path: `npx tsx bench/paired-reads.ts BEFORE_DIR [ROUNDS]`, where BEFORE_DIR is a checkout of the earlier commit
// (for example `git archive <commit> | tar -x -C .tmp/before`, with node_modules linked). Each service runs in a
// process of its own (`src/main.ts` of its checkout); the slices of the slices section (SoyBase's probes at depths 1,
// 5, 10 and full tree) and the full tree of Williams 82 are asked of both, alternated request by request, the order
// swapped each round, so that the machine's load weighs on both alike. Reported per case: p50 of each side, the
// after / before ratio of the p50s and the median of the per-round ratios, the CPU time of each service process per
// request (from /proc), and the sha256 of every answer, which must be the same on both sides (the run fails
// otherwise). PAIRED_BOLT=bolt://... uses a Neo4j that already holds the demo data instead of a fresh one. Written to bench/results/read-paired.{json,md} (or the name given as the third argument).
import { spawn, type ChildProcess } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { soybaseDataset } from './datasets.js';
import { freshDatabase, stopAll } from './db.js';
import { timedGet } from './http-get.js';
import { machine, writeResults } from './report.js';
import { SHAPES } from './slices.js';
import { percentile, round, summarize, type Summary } from './stats.js';

const here = path.dirname(fileURLToPath(import.meta.url));
const AFTER_DIR = path.join(here, '..');

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
    s.on('error', reject);
  });
}

interface Service {
  name: string;
  base: string;
  proc: ChildProcess;
}

async function startService(name: string, dir: string, boltUrl: string, demoData: boolean): Promise<Service> {
  const port = await freePort();
  const proc = spawn(process.execPath, ['--import', 'tsx', 'src/main.ts'], {
    cwd: dir,
    env: { ...process.env, NEO4J_URI: boltUrl, PORT: String(port), HOST: '127.0.0.1', BRAPI_DEMO_DATA: String(demoData), LOG_LEVEL: 'error', NEO4J_TIMEOUT_MS: '600000' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = `http://127.0.0.1:${port}`;
  for (const started = Date.now(); ; ) {
    if (proc.exitCode !== null) throw new Error(`the ${name} service stopped (${proc.exitCode})`);
    const ok = await timedGet(`${url}/ready`).then((a) => a.status === 200, () => false);
    if (ok) break;
    if (Date.now() - started > 600_000) throw new Error(`the ${name} service did not get ready`);
    await new Promise((r) => setTimeout(r, 1000));
  }
  return { name, base: `${url}/brapi/v2`, proc };
}

/** CPU time (user + system) of a process so far, in ms. */
function cpuMs(pid: number): number {
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
}

interface Case {
  name: string;
  paths: string[];
}

export interface PairedCase {
  name: string;
  requests: number;
  before: Summary;
  after: Summary;
  ratioP50: number;
  ratioPerRound: { median: number; min: number; max: number };
  cpuPerRequest: { before: number; after: number; ratio: number };
  sha256: string;
}

async function main() {
  const beforeDir = path.resolve(process.argv[2] ?? '');
  if (!process.argv[2] || !fs.existsSync(path.join(beforeDir, 'src/main.ts'))) throw new Error('usage: tsx bench/paired-reads.ts BEFORE_DIR [ROUNDS] [NAME]');
  const rounds = Number(process.argv[3] ?? 10);
  const name = process.argv[4] ?? 'read-paired';
  // PAIRED_BOLT: a Neo4j that already holds the demo data (its version of the demo data: the same for both sides).
  const given = process.env.PAIRED_BOLT;
  const boltUrl = given ?? (await freshDatabase()).db.boltUrl;
  const services: Service[] = [];
  try {
    if (!given) console.log('loading the demo data through the earlier service');
    services.push(await startService('before', beforeDir, boltUrl, !given));
    services.push(await startService('after', AFTER_DIR, boltUrl, false));
    const [before, after] = services;
    const probes = soybaseDataset().probes;
    const cases: Case[] = SHAPES.map((s) => ({ name: `SoyBase probes, ${s.name}`, paths: probes.map((id) => `/pedigree?germplasmDbId=${encodeURIComponent(id)}&${s.query}`) }));
    cases.push({ name: 'Williams 82, full tree (pageSize 5000)', paths: Array(4).fill('/pedigree?germplasmDbId=soy-williams-82&includeFullTree=true&pageSize=5000') });
    const out: PairedCase[] = [];
    // PAIRED_ONLY=text: only the cases whose name holds it.
    for (const c of cases.filter((x) => x.name.includes(process.env.PAIRED_ONLY ?? ''))) {
      // Warm-up: plans, JIT; and the answers' checksums, which must agree.
      const digest = crypto.createHash('sha256');
      for (let i = 0; i < 3; i++) {
        for (const p of c.paths) {
          const [a, b] = [await timedGet(before.base + p), await timedGet(after.base + p)];
          if (a.status !== 200 || b.status !== 200) throw new Error(`${p}: ${a.status} / ${b.status}`);
          const [ha, hb] = [a.body, b.body].map((x) => crypto.createHash('sha256').update(x).digest('hex'));
          if (ha !== hb) throw new Error(`the answers to ${p} differ: ${ha} / ${hb}`);
          if (i === 0) digest.update(ha);
        }
      }
      const t = { before: [] as number[], after: [] as number[] };
      const cpu = { before: 0, after: 0 };
      const perRound: number[] = [];
      for (let r = 0; r < rounds; r++) {
        const round_ = { before: [] as number[], after: [] as number[] };
        for (const [i, p] of c.paths.entries()) {
          const order = (r + i) % 2 === 0 ? [before, after] : [after, before];
          for (const s of order) {
            const key = s.name as 'before' | 'after';
            const c0 = cpuMs(s.proc.pid!);
            const answer = await timedGet(s.base + p);
            cpu[key] += cpuMs(s.proc.pid!) - c0;
            if (answer.status !== 200) throw new Error(`${s.name} ${p}: ${answer.status}`);
            t[key].push(answer.ms);
            round_[key].push(answer.ms);
          }
        }
        perRound.push(percentile(round_.after, 0.5) / percentile(round_.before, 0.5));
      }
      const [sb, sa] = [summarize(t.before), summarize(t.after)];
      const n = t.before.length;
      out.push({
        name: c.name, requests: n, before: sb, after: sa, ratioP50: round(sa.p50 / sb.p50, 3),
        ratioPerRound: { median: round(percentile(perRound, 0.5), 3), min: round(Math.min(...perRound), 3), max: round(Math.max(...perRound), 3) },
        cpuPerRequest: { before: round(cpu.before / n), after: round(cpu.after / n), ratio: round(cpu.after / cpu.before, 3) },
        sha256: digest.digest('hex').slice(0, 16),
      });
      const o = out[out.length - 1];
      console.log(`${c.name}: p50 ${sb.p50} -> ${sa.p50} ms (${o.ratioP50}; per round ${o.ratioPerRound.median}), CPU ${o.cpuPerRequest.before} -> ${o.cpuPerRequest.after} ms/GET, sha256 ${o.sha256}`);
    }
    const m = machine();
    const text = [
      `# Pedigree reads, before and after, paired (${new Date().toISOString()})`,
      '',
      `Node ${m.node}, ${m.cpus} CPUs (${m.cpuModel}), ${m.memoryGb} GB, load average at the end ${m.loadAverageAtEnd.join(' ')}. ` +
        `Before: ${path.relative(AFTER_DIR, beforeDir)}; after: this checkout. Both services on one Neo4j with the demo data, each in a process ` +
        `of its own; ${rounds} rounds, the two alternated request by request, order swapped each round. ms per GET (p50 / p95); ` +
        'CPU: the service process\'s user + system time per GET (/proc, 10 ms ticks summed over all requests); sha256: of every answer, the same on both sides.',
      '',
      '| case | GETs per side | before p50 / p95 | after p50 / p95 | after / before (p50) | per round: median (min..max) | CPU ms / GET before -> after (ratio) | sha256 |',
      '|---|---:|---|---|---:|---|---|---|',
      ...out.map((o) => `| ${o.name} | ${o.requests} | ${o.before.p50} / ${o.before.p95} | ${o.after.p50} / ${o.after.p95} | ${o.ratioP50} | ` +
        `${o.ratioPerRound.median} (${o.ratioPerRound.min}..${o.ratioPerRound.max}) | ${o.cpuPerRequest.before} -> ${o.cpuPerRequest.after} (${o.cpuPerRequest.ratio}) | ${o.sha256} |`),
      '',
    ].join('\n');
    const written = writeResults(name, { date: new Date().toISOString(), machine: m, rounds, cases: out }, text);
    console.log('\n' + text);
    console.log(`written ${written.md}`);
  } finally {
    for (const s of services) {
      s.proc.kill('SIGTERM');
      await new Promise((r) => (s.proc.exitCode !== null ? r(null) : s.proc.once('exit', r)));
    }
    await stopAll();
  }
}

main().catch((err) => {
  console.error(err);
  process.exitCode = 1;
}).finally(() => process.exit());
