// Genotypes of the germplasm of one variant set, read once from the packed call rows, as the checks want them:
// two allele arrays per call set (mendel.ts) and non-reference allele counts (grm.ts).
import { cypher } from '../../../graph/cypher-files.js';
import type { Graph } from '../../../graph/port.js';
import { ABSENT, MISSING } from '../../genotyping/calls/codec.js';
import { NotFoundError } from '../../../errors.js';
import { NO_FILTER, readRows, readScope, type SetScope } from '../../genotyping/calls/queries.js';
import { MISSING_ALLELE, type Genotypes } from './mendel.js';

const CHUNK = 2000;

export interface GenotypedGermplasm {
  callSetDbId: string;
  column: number;
  germplasmDbId: string;
  germplasmName: string | null;
  parents: Array<{ parentDbId: string; parentName: string | null; parentType: string }>;
}

export async function genotypedGermplasm(graph: Graph, variantSetDbId: string): Promise<GenotypedGermplasm[]> {
  return graph.read<GenotypedGermplasm & Record<string, unknown>>(cypher('extensions/genotyped-germplasm'), { variantSetDbId });
}

/**
 * The variant set (a 404 when unknown) and one call set per genotyped germplasm (its first), without reading calls:
 * the marker check and the genomic fits count the germplasm before they read their genotypes.
 */
export async function genotypedSet(graph: Graph, variantSetDbId: string): Promise<{ scope: SetScope; records: GenotypedGermplasm[] }> {
  const [scope] = await readScope(graph, { ...NO_FILTER, variantSetDbIds: [variantSetDbId] });
  if (!scope) throw new NotFoundError(`No VariantSet has variantSetDbId "${variantSetDbId}".`);
  const firsts = new Map<string, GenotypedGermplasm>();
  for (const g of await genotypedGermplasm(graph, variantSetDbId)) if (!firsts.has(g.germplasmDbId)) firsts.set(g.germplasmDbId, g);
  return { scope, records: [...firsts.values()] };
}

/** Each listed column's first two alleles per marker (a haploid call counts twice); every variant of the set. */
export async function readGenotypes(graph: Graph, set: SetScope, columns: number[]): Promise<Genotypes[]> {
  const { variantCount } = set;
  const out = columns.map(() => ({ a1: new Uint8Array(variantCount).fill(MISSING_ALLELE), a2: new Uint8Array(variantCount).fill(MISSING_ALLELE) }));
  for (let skip = 0; skip < variantCount; skip += CHUNK) {
    const rows = await readRows(graph, set, NO_FILTER, skip, CHUNK);
    rows.forEach((row, r) => {
      const m = skip + r;
      columns.forEach((col, k) => {
        const b1 = row.calls[col * row.ploidy] & 0x7f;
        const b2raw = row.ploidy > 1 ? row.calls[col * row.ploidy + 1] & 0x7f : ABSENT;
        const b2 = b2raw === ABSENT ? b1 : b2raw;
        if (b1 === MISSING || b2 === MISSING) return;
        out[k].a1[m] = b1;
        out[k].a2[m] = b2;
      });
    });
  }
  return out;
}

/** Non-reference allele counts (0..2, -1 missing) from allele arrays. */
export function dosages(g: Genotypes): Int8Array {
  const d = new Int8Array(g.a1.length);
  for (let m = 0; m < d.length; m++) {
    d[m] = g.a1[m] === MISSING_ALLELE ? -1 : (g.a1[m] > 0 ? 1 : 0) + (g.a2[m] > 0 ? 1 : 0);
  }
  return d;
}
