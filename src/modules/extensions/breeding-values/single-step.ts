// Relationship inverses with a dense genomic block, as the triplets the mixed-model equations take (mme.ts assemble):
//   genomic      G_w^-1 over the genotyped rows alone (GBLUP: VanRaden 2008);
//   single-step  H^-1 = A^-1 + [0 0; 0 G_w^-1 - A22^-1] over the whole pedigree, the genotyped rows last in the
//                block's sense only (Legarra, Aguilar & Misztal 2009, J Dairy Sci 92:4656-4663; Aguilar et al. 2010,
//                J Dairy Sci 93:743-752; Christensen & Lund 2010, Genet Sel Evol 42:2). The block's n_g^2 entries are
//                added to A^-1's sparse ones; the solvers and REML see one symmetric inverse as before.
import type { Triplets } from '../relationship/inverse.js';

/**
 * `base` plus the symmetric dense `block` (row-major n x n) at the 0-based `rows` (ascending): the lower triangle,
 * 1-based, sorted by row then column, entries at the same place summed. Both inputs are sorted, so one merge.
 */
export function withDenseBlock(base: Triplets, rows: number[], block: Float64Array): Triplets {
  const n = rows.length;
  const size = base.row.length + (n * (n + 1)) / 2;
  const row = new Int32Array(size);
  const column = new Int32Array(size);
  const value = new Float64Array(size);
  let out = 0;
  let b = 0;
  const emit = (r: number, c: number, v: number) => {
    if (out > 0 && row[out - 1] === r && column[out - 1] === c) value[out - 1] += v;
    else (row[out] = r), (column[out] = c), (value[out++] = v);
  };
  const before = (r: number, c: number) => base.row[b] < r || (base.row[b] === r && base.column[b] <= c);
  for (let i = 0; i < n; i++) {
    for (let j = 0; j <= i; j++) {
      const r = rows[i] + 1;
      const c = rows[j] + 1;
      while (b < base.row.length && before(r, c)) emit(base.row[b], base.column[b], base.value[b++]);
      emit(r, c, block[i * n + j]);
    }
  }
  while (b < base.row.length) emit(base.row[b], base.column[b], base.value[b++]);
  return { row: row.slice(0, out), column: column.slice(0, out), value: value.slice(0, out) };
}

/** G_w^-1 - A22^-1 (both row-major n x n). */
export function difference(gInverse: Float64Array, a22Inverse: Float64Array): Float64Array {
  const out = new Float64Array(gInverse.length);
  for (let k = 0; k < out.length; k++) out[k] = gInverse[k] - a22Inverse[k];
  return out;
}

export const NO_TRIPLETS: Triplets = { row: new Int32Array(0), column: new Int32Array(0), value: new Float64Array(0) };
