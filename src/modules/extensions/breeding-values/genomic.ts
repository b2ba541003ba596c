// The genomic relationship of a fit's genotyped germplasm, at the rows of the pedigree's decomposition:
//   G    VanRaden (2008, J Dairy Sci 91:4414-4423), method 1, the marker check's implementation (grm.ts), with the
//        allele frequencies of every genotyped germplasm of the variant set;
//   A22  the pedigree relationship among the same rows, column by column from A = T D T' (inverse.ts);
//   G_w  = (1 - w) G + w A22, the blend that makes G positive definite and puts it on the pedigree's scale (VanRaden
//        2008; Aguilar et al. 2010, J Dairy Sci 93:743-752, with w = 0.05). G is not otherwise scaled or tuned.
// Germplasm genetically identical in the pedigree (clones) share a row: the row's genotypes are its first genotyped
// germplasm's. Dense n x n matrices (row-major Float64Array): a few thousand genotyped rows at most (the caller's bound).
import { BadRequestError } from '../../../errors.js';
import { vanRaden } from '../pedigree-check/grm.js';
import type { Decomposition } from '../relationship/inverse.js';
import { inverseSpd } from './dense.js';

/** The genotypes a genomic or single-step fit needs, read by the service (genomic-input.ts) and sent to the worker. */
export interface GenomicInput {
  variantSetDbId: string;
  /** Each genotyped germplasm of the set (its first call set), with its non-reference allele counts (-1 missing). */
  germplasmDbIds: string[];
  dosages: Int8Array[];
  /** The frequency of the non-reference allele per marker among every genotyped germplasm of the set. */
  frequencies: Float64Array;
}

export interface GenotypedRows {
  /** 0-based rows of the decomposition, ascending (parents before children). */
  rows: number[];
  /** G_w over those rows, row-major. */
  blended: Float64Array;
  /** A22 over those rows, row-major. */
  a22: Float64Array;
  /** Markers with both alleles seen (those G uses). */
  markers: number;
}

/**
 * A e_j for each row j of `rows`, restricted to `rows`: T'e_j up the ancestry (children before parents), times D,
 * then T down (parents before children). O(rows x pedigree) time, one pedigree-long vector at a time.
 */
export function additiveBlock(dec: Decomposition, rows: number[]): Float64Array {
  const n = rows.length;
  const m = dec.rows;
  const out = new Float64Array(n * n);
  const v = new Float64Array(m);
  rows.forEach((j, c) => {
    v.fill(0);
    v[j] = 1;
    for (let r = j; r >= 0; r--) {
      const x = v[r];
      if (x === 0) continue;
      for (let t = dec.parentStart[r]; t < dec.parentStart[r + 1]; t++) v[dec.parentRow[t]] += dec.parentWeight[t] * x;
    }
    for (let r = 0; r < m; r++) v[r] *= dec.d[r];
    for (let r = 0; r < m; r++) {
      let x = v[r];
      for (let t = dec.parentStart[r]; t < dec.parentStart[r + 1]; t++) x += dec.parentWeight[t] * v[dec.parentRow[t]];
      v[r] = x;
    }
    rows.forEach((i, k) => (out[k * n + c] = v[i]));
  });
  return out;
}

/** The genotyped rows of `dec` and their G_w and A22. */
export function genotypedRows(dec: Decomposition, input: GenomicInput, blend: number): GenotypedRows {
  const rowOf = new Map(dec.germplasm.map((g) => [g.germplasmDbId, g.row - 1]));
  const first = new Map<number, Int8Array>();
  input.germplasmDbIds.forEach((id, k) => {
    const r = rowOf.get(id);
    if (r !== undefined && !first.has(r)) first.set(r, input.dosages[k]);
  });
  const rows = [...first.keys()].sort((a, b) => a - b);
  const n = rows.length;
  const g = vanRaden(rows.map((r) => first.get(r)!), input.frequencies);
  const a22 = additiveBlock(dec, rows);
  const blended = new Float64Array(n * n);
  for (let i = 0; i < n; i++) for (let j = 0; j < n; j++) blended[i * n + j] = (1 - blend) * g.matrix[i][j] + blend * a22[i * n + j];
  return { rows, blended, a22, markers: g.markers };
}

/** The inverse of a relationship block (a copy is factored); a singular one is a 400 naming the cause. */
export function inverseOf(matrix: Float64Array, n: number, what: string): Float64Array {
  try {
    return inverseSpd(matrix.slice(), n);
  } catch (err) {
    if (!(err instanceof BadRequestError)) throw err;
    throw new BadRequestError(`${what} is not positive definite (genotyped germplasm with identical genotypes and no pedigree, or too few markers); raise blend (the share of the pedigree relationship in it).`);
  }
}
