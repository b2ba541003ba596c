// Pedigree depth and completeness of every germplasm, and its filial / backcross generation where the graph shows
// it: pure computation, one pass parents first. Each germplasm's two gametes come from sides of parents (origin.ts);
// a side with several parents (POPULATION) counts their mean.
//   maxGenerations          generations to the most distant known ancestor (a founder: 0).
//   completeGenerations     generations in which every ancestor is known: 0 when a parent is unknown, else
//                           1 + the least of the parents' (a SELF child: 1 + its parent's).
//   equivalentGenerations   the equivalent complete generations (Maignel, Boichard & Verrier 1996, Interbull
//                           Bulletin 14:49-54): the sum over the known ancestors, by every path, of (1/2)^n, n
//                           generations up; recursively sum over the two sides of (1 + its parent's) / 2.
//   completeness            the pedigree completeness index of MacCluer et al. (1983, J Heredity 74:394-399) over
//                           `depth` generations: 2 C_s C_d / (C_s + C_d), C_side the mean over generations 1..depth of
//                           the share of that side's ancestors known; 0 when a parent is unknown.
//   generationCode          F1 for a FEMALE x MALE cross; F(n+1) for a SELF child of an Fn line; BC1F1 for a cross
//                           of an F1 (or a line selfed from it) with one of that cross's parents, BC(n+1)F1 for a
//                           cross of a BCnF.. line with the same recurrent parent; BCnF(m+1) for a SELF child of
//                           BCnFm. A CLONAL child has its parent's code; anything else (founders, populations, a
//                           missing parent) none.
// A CLONAL child is its parent's genotype: no generation is added, it takes its parent's figures.
import type { PedigreeRecord } from '../kinship/kinship.js';
import { topologicalOrder } from '../kinship/kinship.js';
import { originOf } from './origin.js';

export interface Generations {
  germplasmDbId: string;
  germplasmName: string | null;
  maxGenerations: number;
  completeGenerations: number;
  equivalentGenerations: number;
  completeness: number;
  generationCode: string | null;
}

/** What a line's code is made of: the cross it was selfed from (its two parents), backcrosses, filial generation. */
interface Line {
  crossParents: [string, string] | null;
  recurrent: string | null;
  backcrosses: number;
  filial: number;
}

export const DEFAULT_COMPLETENESS_DEPTH = 5;

export function computeGenerations(records: PedigreeRecord[], depth = DEFAULT_COMPLETENESS_DEPTH): Generations[] {
  const index = new Map(records.map((r, i) => [r.germplasmDbId, i]));
  const order = topologicalOrder(records, index);
  const byId = new Map<string, { g: Generations; known: number[]; line: Line | null }>();
  const out: Generations[] = [];
  const unknown = { maxGenerations: -1, completeGenerations: -1, equivalentGenerations: -1, known: new Array<number>(depth).fill(0) };

  for (const recordIndex of order) {
    const record = records[recordIndex];
    const { origin } = originOf(record.germplasmDbId, record.parents);
    const base = { germplasmDbId: record.germplasmDbId, germplasmName: record.germplasmName ?? null };
    if (origin.kind === 'clone') {
      const parent = byId.get(origin.parent);
      const g: Generations = parent ? { ...parent.g, ...base } : { ...base, maxGenerations: 0, completeGenerations: 0, equivalentGenerations: 0, completeness: 0, generationCode: null };
      byId.set(record.germplasmDbId, { g, known: parent?.known ?? new Array<number>(depth).fill(0), line: parent?.line ?? null });
      out.push(g);
      continue;
    }
    // Each side: its known parents' figures (mean over the side), or null when unknown.
    const side = (ids: string[]) => {
      const parents = ids.map((id) => byId.get(id)).filter((p) => p !== undefined);
      if (!ids.length || parents.length !== ids.length) return null;
      const mean = (f: (p: (typeof parents)[number]) => number) => parents.reduce((sum, p) => sum + f(p), 0) / parents.length;
      return {
        max: Math.max(...parents.map((p) => p.g.maxGenerations)),
        complete: Math.min(...parents.map((p) => p.g.completeGenerations)),
        equivalent: mean((p) => p.g.equivalentGenerations),
        // Share of this side's ancestors known at 1, 2, ... depth generations up from the germplasm.
        known: [1, ...Array.from({ length: depth - 1 }, (_, k) => mean((p) => p.known[k]))],
      };
    };
    const sides = [side(origin.first), side(origin.second)];
    const present = sides.filter((s) => s !== null);
    const maxGenerations = present.length ? 1 + Math.max(...present.map((s) => s.max)) : 0;
    const completeGenerations = present.length === 2 ? 1 + Math.min(...present.map((s) => s.complete)) : 0;
    const equivalentGenerations = present.reduce((sum, s) => sum + (1 + s.equivalent) / 2, 0);
    const perSide = sides.map((s) => s?.known ?? unknown.known);
    const known = perSide[0].map((x, k) => (x + perSide[1][k]) / 2);
    const c = perSide.map((k) => k.reduce((a, b) => a + b, 0) / depth);
    const completeness = c[0] + c[1] === 0 ? 0 : (2 * c[0] * c[1]) / (c[0] + c[1]);
    const line = lineOf(origin, byId);
    const g: Generations = {
      ...base,
      maxGenerations,
      completeGenerations,
      equivalentGenerations,
      completeness,
      generationCode: line ? (line.backcrosses ? `BC${line.backcrosses}F${line.filial}` : `F${line.filial}`) : null,
    };
    byId.set(record.germplasmDbId, { g, known, line });
    out.push(g);
  }
  return out;
}

function lineOf(origin: ReturnType<typeof originOf>['origin'], byId: Map<string, { line: Line | null }>): Line | null {
  if (origin.kind !== 'sexual' || origin.distinct || origin.first.length !== 1 || origin.second.length !== 1) return null;
  const [s, d] = [origin.first[0], origin.second[0]];
  if (s === d) {
    // A SELF child: one filial generation more.
    const parent = byId.get(s)?.line;
    return parent ? { ...parent, filial: parent.filial + 1 } : null;
  }
  // A backcross: one parent is a line from a cross (or backcross) and the other the recurrent parent.
  for (const [line, other] of [[s, d], [d, s]] as const) {
    const l = byId.get(line)?.line;
    if (!l || !l.crossParents) continue;
    if (l.backcrosses ? l.recurrent === other : l.crossParents.includes(other)) {
      return { crossParents: [s, d], recurrent: other, backcrosses: l.backcrosses + 1, filial: 1 };
    }
  }
  if (!byId.has(s) || !byId.has(d)) return null;
  return { crossParents: [s, d], recurrent: null, backcrosses: 0, filial: 1 };
}
