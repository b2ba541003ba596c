// Paired bulk-load measurement: raw UNWIND load vs POST /pedigree of the same synthetic pedigree (bench/load.ts).
// Usage: npx tsx bench/load-pair.ts [size] [both|raw|service] [out.json]   (run from the tree to measure)
import { rawLoad, serviceLoad } from './load.js';
import { freshDatabase, profileStatements, startService, stopAll } from './db.js';
import { syntheticDataset } from './datasets.js';
import os from 'node:os';
import fs from 'node:fs';
import crypto from 'node:crypto';
const size = Number(process.argv[2] ?? 100000);
const which = process.argv[3] ?? 'both';
const log = (s: string) => console.log(`${new Date().toISOString().slice(11, 19)} load=${os.loadavg()[0].toFixed(1)} ${s}`);
const jvm = (pid: number) => { const f = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' '); return (Number(f[11]) + Number(f[12])) * 10; };
const cpu = () => { const u = process.cpuUsage(); return (u.user + u.system) / 1000; };
const data = syntheticDataset(size);
const out: Record<string, unknown> = { size, cwd: process.cwd() };
try {
  if (which !== 'service') {
    const rawDb = await freshDatabase();
    try {
      log('raw start');
      const j0 = jvm(rawDb.db.pid);
      const raw = await rawLoad(rawDb.graph, data.nodes, 20000, () => {});
      out.rawJvmCpuMs = jvm(rawDb.db.pid) - j0;
      log(`raw ${raw.ms} ms, jvm cpu ${out.rawJvmCpuMs} ms`);
      out.raw = raw;
    } finally { await rawDb.stop(); }
  }
  if (which !== 'raw') {
    const db = await freshDatabase();
    try {
      const running = await startService(db);
      const ledger = profileStatements(running.graph);
      const c0 = cpu();
      const j0 = jvm(db.db.pid);
      log('service start');
      const hash = crypto.createHash('sha256');
      const service = await serviceLoad(running, data.nodes, 20000, ledger, () => {}, (_i, text) => hash.update(text.replace(/pedigree change [0-9a-f-]{36}/g, 'pedigree change X')));
      out.answersSha = hash.digest('hex').slice(0, 16);
      log(`answers sha256 ${out.answersSha}`);
      out.serviceJvmCpuMs = jvm(db.db.pid) - j0;
      log(`service ${service.ms} ms, node cpu ${Math.round(cpu() - c0)} ms, jvm cpu ${out.serviceJvmCpuMs} ms`);
      out.service = service;
      out.nodeCpuMs = Math.round(cpu() - c0);
      await running.stop();
    } finally { await db.stop(); }
  }
} finally { await stopAll(); }
const r = out as any;
if (r.raw && r.service) log(`ratio ${(r.service.ms / r.raw.ms).toFixed(3)}`);
console.log(JSON.stringify(r.service?.statements ?? r.raw?.statements, null, 0));
fs.writeFileSync(process.argv[4] ?? `bench/results/load-pair-${size}.json`, JSON.stringify(out, null, 1));
