// Which germplasm a fit models and the inverse of their relationship matrix, by the request's `relationship`:
//   pedigree     every germplasm read (with records, and their ancestors), A^-1 (relationship/inverse.ts);
//   genomic      the genotyped germplasm only, G_w^-1 (genomic.ts); records of other germplasm are left out and
//                counted (excludedRecordCount);
//   single-step  every germplasm read (with records or genotypes, and their ancestors), H^-1 (single-step.ts).
// `diagonal` is each row's own relationship, the reliability's denominator: G_w,ii for a genotyped row (genomic, and
// H_22 = G_w in single-step), else a_ii = 1 + F (in single-step an approximation of H_11's diagonal, not computed). The mixed-model equations take `inverse` whatever it came from.
import { BadRequestError } from '../../../errors.js';
import { inverseTriplets, type Decomposition, type GermplasmRow, type Triplets } from '../relationship/inverse.js';
import { genotypedRows, inverseOf, type GenomicInput } from './genomic.js';
import { difference, NO_TRIPLETS, withDenseBlock } from './single-step.js';

export const RELATIONSHIPS = ['pedigree', 'genomic', 'single-step'] as const;
export type Relationship = (typeof RELATIONSHIPS)[number];

export interface RelationshipInfo {
  kind: Relationship;
  variantSetDbId: string | null;
  blend: number | null;
  /** Rows of the genomic block (genotyped germplasm, clones counted once). */
  genotypedCount: number | null;
  markerCount: number | null;
}

export interface RelationshipModel {
  /** The germplasm modelled, with their 1-based rows of `inverse`. */
  germplasm: GermplasmRow[];
  rows: number;
  inverse: Triplets;
  diagonal: Float64Array;
  info: RelationshipInfo;
}

export function relationshipModel(dec: Decomposition, kind: Relationship, blend: number, genomic: GenomicInput | null): RelationshipModel {
  const diagonal = new Float64Array(dec.rows);
  for (const g of dec.germplasm) diagonal[g.row - 1] = 1 + g.inbreeding;
  if (kind === 'pedigree' || !genomic) {
    return { germplasm: dec.germplasm, rows: dec.rows, inverse: inverseTriplets(dec), diagonal, info: { kind: 'pedigree', variantSetDbId: null, blend: null, genotypedCount: null, markerCount: null } };
  }
  const block = genotypedRows(dec, genomic, blend);
  const n = block.rows.length;
  if (!n) throw new BadRequestError(`No germplasm of this fit is genotyped in variant set ${genomic.variantSetDbId}.`);
  const gInverse = inverseOf(block.blended, n, `G_w = (1 - blend) G + blend A22 of the ${n} genotyped germplasm`);
  const info: RelationshipInfo = { kind, variantSetDbId: genomic.variantSetDbId, blend, genotypedCount: n, markerCount: block.markers };
  if (kind === 'genomic') {
    const index = new Map(block.rows.map((r, k) => [r, k]));
    const germplasm = dec.germplasm.filter((g) => index.has(g.row - 1)).map((g) => ({ ...g, row: index.get(g.row - 1)! + 1 }));
    const own = Float64Array.from(block.rows, (_, k) => block.blended[k * n + k]);
    return { germplasm, rows: n, inverse: withDenseBlock(NO_TRIPLETS, block.rows.map((_, k) => k), gInverse), diagonal: own, info };
  }
  const a22Inverse = inverseOf(block.a22, n, `A22 of the ${n} genotyped germplasm`);
  block.rows.forEach((r, k) => (diagonal[r] = block.blended[k * n + k]));
  return { germplasm: dec.germplasm, rows: dec.rows, inverse: withDenseBlock(inverseTriplets(dec), block.rows, difference(gInverse, a22Inverse)), diagonal, info };
}
