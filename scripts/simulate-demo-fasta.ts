// Writes the demo's reference sequences (fixtures/genotyping/demo-*.fa): SIMULATED, not soybean. Each contig a demo
// VCF names gets seeded random bases (about 35% GC, as soybean), a few lower-case stretches (soft-masked repeats, as
// assemblies ship them) and one run of N (a gap), and at every variant of the VCFs the variant's REF allele, so the
// demo's bases agree with its variants. A contig runs to its last variant's end, rounded up to the next thousand
// (the demo VCF's ##contig lines state these lengths). Deterministic: the same files on every run.
//   npx tsx scripts/simulate-demo-fasta.ts
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { mulberry32 } from '../bench/generate.js';

const DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../fixtures/genotyping');
const OUTPUTS = [
  { vcf: 'demo.vcf', fasta: 'demo-wm82-a2.fa', assembly: 'Glycine max Wm82.a2.v1' },
  { vcf: 'demo-stoneville.vcf', fasta: 'demo-wm82-a1.fa', assembly: 'Glycine max Wm82.a1.v1' },
];
const WIDTH = 60;

const seedOf = (name: string) => [...name].reduce((h, c) => (Math.imul(h, 31) + c.charCodeAt(0)) >>> 0, 2024);

function simulate(name: string, length: number, variants: Array<{ start: number; ref: string }>): string {
  const rnd = mulberry32(seedOf(name));
  const bases: string[] = [];
  for (let i = 0; i < length; i++) {
    const x = rnd();
    bases.push(x < 0.325 ? 'A' : x < 0.65 ? 'T' : x < 0.825 ? 'G' : 'C');
  }
  const taken = (from: number, to: number) => variants.some((v) => v.start < to && v.start + v.ref.length > from);
  // Soft-masked repeats: lower case, the same bases.
  for (let at = 2000; at < length - 1000; at += 7000) {
    const to = at + 200 + Math.floor(rnd() * 400);
    for (let i = at; i < to; i++) bases[i] = bases[i].toLowerCase();
  }
  // One assembly gap, away from every variant.
  let gap = Math.floor(length / 2);
  while (taken(gap, gap + 100)) gap += 500;
  for (let i = gap; i < gap + 100; i++) bases[i] = 'N';
  for (const v of variants) for (let i = 0; i < v.ref.length; i++) bases[v.start + i] = v.ref[i];
  return bases.join('');
}

for (const out of OUTPUTS) {
  const contigs = new Map<string, Array<{ start: number; ref: string }>>();
  for (const line of fs.readFileSync(path.join(DIR, out.vcf), 'utf8').split('\n')) {
    if (!line || line.startsWith('#')) continue;
    const [chrom, pos, , ref] = line.split('\t');
    contigs.set(chrom, [...(contigs.get(chrom) ?? []), { start: Number(pos) - 1, ref }]);
  }
  const lines: string[] = [];
  for (const [name, variants] of contigs) {
    const end = Math.max(...variants.map((v) => v.start + v.ref.length));
    const length = Math.ceil((end + 1) / 1000) * 1000;
    const sequence = simulate(name, length, variants);
    lines.push(`>${name} simulated demo sequence (not ${out.assembly}), ${length} bp`);
    for (let i = 0; i < sequence.length; i += WIDTH) lines.push(sequence.slice(i, i + WIDTH));
    console.log(`${out.fasta}: ${name} ${length} bp, ${variants.length} variants`);
  }
  fs.writeFileSync(path.join(DIR, out.fasta), lines.join('\n') + '\n');
}
