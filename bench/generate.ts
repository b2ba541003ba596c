// A deterministic synthetic breeding pedigree, in the POST /pedigree node shape and in generation order (parents
// always before children, so there are no cycles and any prefix is a valid upload).
//
// The population is made of independent *blocks* of 100,000 germplasm: 10 breeding programs that exchange a few
// lines with each other, over 25 generations. A larger graph has more blocks: generations get wider, not deeper.
// Every block draws from its own seeded PRNG, so block 0 is the same on the 100k and the 1M graph, and a probe
// taken from it has exactly the same fixed-depth slice on both: what changes is only the rest of the graph.
// Within a program each generation mixes the usual breeding events: bi-parental crosses between recent lines,
// backcrosses to a parent's parent, selfing chains (a cross selfed for several generations: F2, F3, ...),
// half-sib families (one elite line crossed with many others), a few exchanged lines and new founders.

export type { ParentType } from '../src/modules/germplasm/pedigree/types.js';
import type { ParentType } from '../src/modules/germplasm/pedigree/types.js';

export interface ParentRef {
  germplasmDbId: string;
  germplasmName: string;
  parentType: ParentType;
}

/** One germplasm and its parents, as POST /pedigree takes it. */
export interface PedigreeNode {
  germplasmDbId: string;
  germplasmName: string;
  parents: ParentRef[];
}

export type Kind = 'founder' | 'cross' | 'backcross' | 'self' | 'halfsib' | 'exchange';

export interface SyntheticPedigree {
  nodes: PedigreeNode[];
  /** Mid-generation crosses of block 0: the same DbIds (and the same slices) on every graph of 100k and more. */
  probes: string[];
  stats: { nodes: number; edges: number; blocks: number; programsPerBlock: number; generations: number; kinds: Record<Kind, number> };
}

export const GENERATIONS = 25;
/** Germplasm per program: 136 founders in generation 0, then 411 per generation (136 + 24 * 411 = 10,000). */
const FIRST_WIDTH = 136;
const WIDTH = 411;
export const PROGRAMS_PER_BLOCK = 10;
export const BLOCK_SIZE = PROGRAMS_PER_BLOCK * (FIRST_WIDTH + (GENERATIONS - 1) * WIDTH);
/** Probes come from the middle, so both ancestors and descendants reach 10 generations and more. */
export const PROBE_GENERATION = 12;
const PROBES = 8;

/** mulberry32: tiny, fast, and good enough to draw a breeding plan from; the same seed gives the same graph. */
export function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Line {
  node: PedigreeNode;
  kind: Kind;
}

interface Chain {
  last: Line;
  remaining: number;
}

/** The state of one block: its PRNG, and its lines per program and generation. */
class Block {
  readonly rand: () => number;
  /** lines[program][generation] */
  readonly lines: Line[][][];
  /** Selfing chains under way per program: each adds one SELF generation to its last line per generation. */
  private readonly chains: Chain[][];
  /** Every line of the block by DbId (backcrosses look up a parent's parent). */
  private readonly byId = new Map<string, Line>();

  constructor(readonly index: number, readonly programs: number, seed: number) {
    this.rand = mulberry32(seed ^ Math.imul(index + 1, 0x9e3779b1));
    this.lines = Array.from({ length: programs }, () => []);
    this.chains = Array.from({ length: programs }, () => []);
  }

  private int(n: number): number {
    return Math.floor(this.rand() * n);
  }

  private pick<T>(list: T[]): T {
    return list[this.int(list.length)];
  }

  /** A recent line of a program: mostly the last generation, sometimes the two before. */
  private recent(program: number, gen: number, notThis?: Line): Line {
    for (;;) {
      const r = this.rand();
      const back = r < 0.6 ? 1 : r < 0.9 ? 2 : 3;
      const line = this.pick(this.lines[program][Math.max(0, gen - back)]);
      if (line !== notThis) return line;
    }
  }

  private make(program: number, gen: number, kind: Kind, parents: Array<[Line, ParentType]>): Line {
    const i = this.lines[program][gen].length;
    const tag = `${this.index}-${String(program).padStart(2, '0')}-${String(gen).padStart(2, '0')}-${String(i).padStart(4, '0')}`;
    const node: PedigreeNode = {
      germplasmDbId: `syn-${tag}`,
      germplasmName: `SYN${tag}`,
      parents: parents.map(([p, parentType]) => ({ germplasmDbId: p.node.germplasmDbId, germplasmName: p.node.germplasmName, parentType })),
    };
    const line = { node, kind };
    this.lines[program][gen].push(line);
    this.byId.set(node.germplasmDbId, line);
    return line;
  }

  private cross(program: number, gen: number, kind: Kind, female: Line, male: Line): Line {
    const line = this.make(program, gen, kind, [[female, 'FEMALE'], [male, 'MALE']]);
    // About one cross in twelve is advanced by single-seed descent: selfed 2 to 5 times.
    if (kind === 'cross' && this.rand() < 0.08) this.chains[program].push({ last: line, remaining: 2 + this.int(4) });
    return line;
  }

  /** Adds generation `gen` of every program of this block. */
  generation(gen: number): void {
    for (let p = 0; p < this.programs; p++) this.lines[p].push([]);
    for (let p = 0; p < this.programs; p++) {
      if (gen === 0) {
        for (let i = 0; i < FIRST_WIDTH; i++) this.make(p, 0, 'founder', []);
        continue;
      }
      const out = this.lines[p][gen];
      // Selfing chains first (capped, so a generation never overflows), then the planned events, then crosses.
      const chains = this.chains[p].splice(0, 80);
      for (const chain of chains) {
        chain.last = this.make(p, gen, 'self', [[chain.last, 'SELF']]);
        if (--chain.remaining > 0) this.chains[p].push(chain);
      }
      for (let i = 0; i < 4; i++) this.make(p, gen, 'founder', []);
      if (gen >= 3) {
        // Half-sib families: two proven lines of two or three generations ago, each crossed with 12 to 23 others.
        for (let f = 0; f < 2; f++) {
          const elite = this.pick(this.lines[p][gen - 2 - this.int(2)]);
          const size = 12 + this.int(12);
          const asFemale = this.rand() < 0.5;
          for (let i = 0; i < size; i++) {
            const other = this.recent(p, gen, elite);
            this.cross(p, gen, 'halfsib', asFemale ? elite : other, asFemale ? other : elite);
          }
        }
      }
      if (gen >= 2) {
        // Backcrosses: a recent cross crossed again with one of its own parents (the recurrent parent).
        const candidates = this.lines[p][gen - 1].filter((l) => l.node.parents.length === 2);
        for (let i = 0; i < 33 && candidates.length; i++) {
          const x = this.pick(candidates);
          const recurrent = this.byId.get(this.pick(x.node.parents).germplasmDbId)!;
          this.make(p, gen, 'backcross', [[x, 'FEMALE'], [recurrent, 'MALE']]);
        }
      }
      while (out.length < WIDTH) {
        const female = this.recent(p, gen);
        // A few crosses use a line of another program of the same block (germplasm exchange).
        const exchange = this.programs > 1 && this.rand() < 0.03;
        const donor = exchange ? (p + 1 + this.int(this.programs - 1)) % this.programs : p;
        const male = this.recent(donor, gen, female);
        this.cross(p, gen, exchange ? 'exchange' : 'cross', female, male);
      }
    }
  }
}

/**
 * Generates about `size` germplasm (whole blocks of 100,000; below that one block with fewer programs, for quick
 * runs). The order is generation by generation across all blocks, as a breeding database grows season by season.
 */
export function generatePedigree(size: number, seed = 20240601): SyntheticPedigree {
  const blocks = Math.max(1, Math.round(size / BLOCK_SIZE));
  const programsPerBlock = size >= BLOCK_SIZE ? PROGRAMS_PER_BLOCK : Math.max(1, Math.round((size / BLOCK_SIZE) * PROGRAMS_PER_BLOCK));
  const state = Array.from({ length: blocks }, (_, b) => new Block(b, programsPerBlock, seed));
  const nodes: PedigreeNode[] = [];
  const kinds: Record<Kind, number> = { founder: 0, cross: 0, backcross: 0, self: 0, halfsib: 0, exchange: 0 };
  for (let gen = 0; gen < GENERATIONS; gen++) {
    for (const block of state) {
      block.generation(gen);
      for (const program of block.lines) {
        for (const line of program[gen]) {
          nodes.push(line.node);
          kinds[line.kind]++;
        }
      }
    }
  }
  // Probes: in block 0, bi-parental crosses of the probe generation at fixed positions, one program after another.
  const probes: string[] = [];
  const block0 = state[0];
  for (let k = 0; probes.length < PROBES && k < 100; k++) {
    const crosses = block0.lines[k % programsPerBlock][PROBE_GENERATION].filter((l) => l.kind === 'cross');
    const line = crosses[10 + 13 * Math.floor(k / programsPerBlock)];
    if (line) probes.push(line.node.germplasmDbId);
  }
  const edges = nodes.reduce((n, node) => n + node.parents.length, 0);
  return { nodes, probes, stats: { nodes: nodes.length, edges, blocks, programsPerBlock, generations: GENERATIONS, kinds } };
}
