// Reference sequences at scale, part of the genotyping section: a simulated FASTA of two chromosomes (`bases` in all,
// seeded random ACGT in lines of 60) imported as `npm run import-fasta -- FILE --reference-set SET
// --create-references` would (importFasta on the service's connection), its time and the peak resident memory of
// this process while it ran (the import streams: the memory must not grow with the genome); then
// GET /references/{referenceDbId}/bases pages of 100,000 bases and short ranges of 1,000 bases (a variant's flank) at
// offsets spread over the chromosome, and the whole first chromosome read page by page.
import fs from 'node:fs';
import path from 'node:path';
import { importFasta } from '../src/modules/genotyping/io/importFasta.js';
import type { RunningServer } from '../src/server.js';
import { BENCH_TOKEN } from './db.js';
import { mulberry32 } from './generate.js';
import { summarize, timed, type Summary } from './stats.js';

export interface BasesResult {
  bases: number;
  chromosomes: number;
  importMs: number;
  importPeakRssMb: number;
  /** GET bases of a whole page (100,000 bases). */
  page: Summary;
  /** GET bases of 1,000 bases. */
  short: Summary;
  /** Reading one whole chromosome by its pages, ms. */
  wholeChromosomeMs: number;
}

async function get(running: RunningServer, url: string) {
  const res = await fetch(`${running.baseUrl}${url}`, { headers: { accept: 'application/json', authorization: `Bearer ${BENCH_TOKEN}` } });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`GET ${url} answered ${res.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text).result as { offset: number; sequence: string; nextPageToken: string | null };
}

/** Writes the FASTA without holding it: `chromosomes` records of `bases / chromosomes` seeded bases each. */
function writeFasta(file: string, bases: number, chromosomes: number): string[] {
  const fd = fs.openSync(file, 'w');
  const rnd = mulberry32(20_240_601);
  const names = Array.from({ length: chromosomes }, (_, i) => `benchchr${i + 1}`);
  const each = Math.floor(bases / chromosomes);
  for (const name of names) {
    const lines = [`>${name} simulated`];
    for (let done = 0; done < each; done += 60) {
      let line = '';
      for (let i = 0; i < Math.min(60, each - done); i++) line += 'ACGT'[Math.floor(rnd() * 4)];
      lines.push(line);
      if (lines.length >= 10_000) fs.writeSync(fd, lines.splice(0).join('\n') + '\n');
    }
    fs.writeSync(fd, lines.join('\n') + '\n');
  }
  fs.closeSync(fd);
  return names;
}

export async function measureBases(running: RunningServer, dir: string, referenceSetDbId: string, bases: number, reps: number, log: (s: string) => void): Promise<BasesResult> {
  const chromosomes = 2;
  const file = path.join(dir, 'bench.fa');
  writeFasta(file, bases, chromosomes);
  log(`reference sequences: import of ${(bases / 1e6).toFixed(0)} Mb in ${chromosomes} chromosomes`);
  let peak = process.memoryUsage().rss;
  const sampler = setInterval(() => { peak = Math.max(peak, process.memoryUsage().rss); }, 200);
  let importMs: number;
  try {
    ({ ms: importMs } = await timed(() => importFasta(running.graph, file, { referenceSet: referenceSetDbId, createReferences: true })));
  } finally {
    clearInterval(sampler);
    fs.rmSync(file, { force: true });
  }
  const peakMb = Math.round(peak / 2 ** 20);
  log(`  ${importMs.toFixed(0)} ms, peak RSS ${peakMb} MB`);
  const id = `${referenceSetDbId}-benchchr1`;
  const length = Math.floor(bases / chromosomes);
  const offsets = (span: number) => Array.from({ length: reps * 3 }, (_, r) => Math.floor(((r + 0.5) / (reps * 3)) * (length - span)));
  const page: number[] = [];
  const short: number[] = [];
  await get(running, `/references/${encodeURIComponent(id)}/bases?start=0&end=1000`);
  for (const start of offsets(100_000)) page.push((await timed(() => get(running, `/references/${encodeURIComponent(id)}/bases?start=${start}&end=${start + 100_000}`))).ms);
  for (const start of offsets(1_000)) short.push((await timed(() => get(running, `/references/${encodeURIComponent(id)}/bases?start=${start}&end=${start + 1_000}`))).ms);
  const { ms: wholeChromosomeMs } = await timed(async () => {
    let token: string | null = null;
    let read = 0;
    do {
      const result = await get(running, `/references/${encodeURIComponent(id)}/bases${token === null ? '' : `?pageToken=${token}`}`);
      read += result.sequence.length;
      token = result.nextPageToken;
    } while (token !== null);
    if (read !== length) throw new Error(`read ${read} bases of ${length}`);
  });
  log(`  page of 100,000 p50 ${summarize(page).p50} ms, 1,000 bases p50 ${summarize(short).p50} ms, a whole chromosome in ${wholeChromosomeMs.toFixed(0)} ms`);
  return { bases, chromosomes, importMs: Math.round(importMs), importPeakRssMb: peakMb, page: summarize(page), short: summarize(short), wholeChromosomeMs: Math.round(wholeChromosomeMs) };
}
