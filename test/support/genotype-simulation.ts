// Genotypes simulated down a real pedigree (the SoyBase soybean pedigree as stored), for testing the pedigree check
// with errors whose truth is known. Seeded, so every run draws the same data.
// - Markers: biallelic SNPs evenly spaced on 20 chromosomes (soybean has 20) of 1.25 Morgans each; crossovers
//   between neighbours with Haldane's map function, r = (1 - e^(-2d)) / 2.
// - Founders (no recorded parents): inbred, each allele drawn from the marker's frequency, p ~ U(0.05, 0.95).
// - Two parents: F1 = a gamete of each; then `selfings` generations of single-seed descent (each generation two
//   gametes of the last). One parent (SELF, a selection, POPULATION): `selfings` generations from that parent.
// - Calls: an error rate (a call replaced by one of the two other genotypes) and a missing rate, then VCF text.
// - Errors: for chosen lines, genotypes are drawn from another parent than the recorded one (the record is wrong).

export interface PedigreeNode {
  germplasmDbId: string;
  germplasmName: string;
  parents: Array<{ germplasmDbId: string; parentType: string }>;
}

/** Park-Miller style LCG: small, seeded, good enough for simulation draws. */
export function random(seed: number) {
  let s = seed % 2147483647;
  if (s <= 0) s += 2147483646;
  return () => (s = (s * 48271) % 2147483647) / 2147483647;
}

export interface SimulationOptions {
  markers: number;
  seed: number;
  selfings: number;
  errorRate: number;
  missingRate: number;
  /** Offspring -> the parent whose genotypes stand in for `replaced` (a wrong record). */
  swaps?: Map<string, { replaced: string; truth: string }>;
}

type Haplotypes = [Uint8Array, Uint8Array];

export function simulate(nodes: PedigreeNode[], options: SimulationOptions) {
  const rnd = random(options.seed);
  const m = options.markers;
  const chromosomes = 20;
  const perChromosome = Math.ceil(m / chromosomes);
  const d = 1.25 / perChromosome;
  const r = (1 - Math.exp(-2 * d)) / 2;
  const freq = Float64Array.from({ length: m }, () => 0.05 + 0.9 * rnd());
  const byId = new Map(nodes.map((n) => [n.germplasmDbId, n]));
  const haps = new Map<string, Haplotypes>();

  const gamete = ([h1, h2]: Haplotypes): Uint8Array => {
    const g = new Uint8Array(m);
    let from = rnd() < 0.5 ? h1 : h2;
    for (let i = 0; i < m; i++) {
      if (i % perChromosome === 0) from = rnd() < 0.5 ? h1 : h2;
      else if (rnd() < r) from = from === h1 ? h2 : h1;
      g[i] = from[i];
    }
    return g;
  };
  const self = (h: Haplotypes, times: number): Haplotypes => {
    for (let t = 0; t < times; t++) h = [gamete(h), gamete(h)];
    return h;
  };

  // Parents first: an explicit stack, so a deep pedigree cannot overflow the call stack.
  const order: string[] = [];
  const state = new Map<string, 1 | 2>();
  for (const start of nodes.map((n) => n.germplasmDbId).sort()) {
    const stack: Array<[string, boolean]> = [[start, false]];
    while (stack.length) {
      const [id, done] = stack.pop()!;
      if (done) { state.set(id, 2); order.push(id); continue; }
      if (state.has(id)) continue;
      state.set(id, 1);
      stack.push([id, true]);
      for (const p of parentsOf(id)) if (!state.has(p)) stack.push([p, false]);
    }
  }
  function parentsOf(id: string): string[] {
    const node = byId.get(id);
    const recorded = (node?.parents ?? []).map((p) => p.germplasmDbId).filter((p) => byId.has(p));
    const swap = options.swaps?.get(id);
    return recorded.map((p) => (swap && p === swap.replaced ? swap.truth : p));
  }
  for (const id of order) {
    const parents = [...new Set(parentsOf(id))];
    if (parents.length === 0) {
      const h = Uint8Array.from(freq, (p) => (rnd() < p ? 1 : 0));
      haps.set(id, [h, h]);
    } else if (parents.length === 1) {
      haps.set(id, self(haps.get(parents[0])!, options.selfings));
    } else {
      haps.set(id, self([gamete(haps.get(parents[0])!), gamete(haps.get(parents[1])!)], options.selfings));
    }
  }

  /** VCF lines of the listed germplasm (columns named by germplasmName), with errors and missing calls, one by one. */
  function writeVcf(ids: string[], write: (line: string) => void): void {
    const header = ['##fileformat=VCFv4.2', `##source=simulated down the SoyBase pedigree (seed ${options.seed})`, '##FORMAT=<ID=GT,Number=1,Type=String,Description="Genotype">',
      ['#CHROM', 'POS', 'ID', 'REF', 'ALT', 'QUAL', 'FILTER', 'INFO', 'FORMAT', ...ids.map((id) => byId.get(id)!.germplasmName)].join('\t')];
    header.forEach(write);
    const genotypes = ['0/0', '0/1', '1/1'];
    for (let i = 0; i < m; i++) {
      const chrom = `Gm${String(Math.floor(i / perChromosome) + 1).padStart(2, '0')}`;
      const pos = 1 + (i % perChromosome) * 50_000;
      const calls = ids.map((id) => {
        const [h1, h2] = haps.get(id)!;
        if (rnd() < options.missingRate) return './.';
        const truth = h1[i] + h2[i];
        if (rnd() < options.errorRate) return genotypes[(truth + 1 + Math.floor(rnd() * 2)) % 3];
        return genotypes[truth];
      });
      write([chrom, pos, `sim${i + 1}`, 'A', 'G', '.', 'PASS', '.', 'GT', ...calls].join('\t'));
    }
  }
  function vcf(ids: string[]): string {
    const lines: string[] = [];
    writeVcf(ids, (line) => lines.push(line));
    return lines.join('\n') + '\n';
  }
  return { vcf, writeVcf, haplotypes: haps };
}
