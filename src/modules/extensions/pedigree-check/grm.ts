// The genomic relationship matrix of VanRaden (2008, J Dairy Sci 91:4414-4423, "first method"):
//   G = Z Z' / (2 sum_i p_i (1 - p_i)),  Z = X - 2p,
// X the count of non-reference alleles per line and marker (0, 1, 2), p_i the frequency of those alleles at marker
// i among the lines given. A missing call is set to its mean (Z = 0). For inbred lines the diagonal is near 1 + F,
// about 2, as the pedigree relationship A is (kinship extension, relationship = 2 x coancestry).

/**
 * `dosages[line][marker]`: 0, 1 or 2 non-reference alleles, or -1 when missing. `frequencies`: the p of each marker
 * from a larger base (every line of the variant set); by default the lines given.
 */
export function vanRaden(dosages: Int8Array[], frequencies?: Float64Array): { matrix: number[][]; markers: number } {
  const n = dosages.length;
  const m = n ? dosages[0].length : 0;
  const z = dosages.map(() => new Float64Array(m));
  let denominator = 0;
  let markers = 0;
  for (let i = 0; i < m; i++) {
    let sum = 0;
    let called = 0;
    for (let k = 0; k < n; k++) {
      const x = dosages[k][i];
      if (x >= 0) { sum += x; called++; }
    }
    if (!called && !frequencies) continue;
    const p = frequencies ? frequencies[i] : sum / (2 * called);
    if (!(p > 0 && p < 1)) continue;
    markers++;
    denominator += 2 * p * (1 - p);
    for (let k = 0; k < n; k++) {
      const x = dosages[k][i];
      z[k][i] = x >= 0 ? x - 2 * p : 0;
    }
  }
  const matrix = Array.from({ length: n }, () => new Array<number>(n).fill(0));
  for (let a = 0; a < n; a++) {
    for (let b = a; b < n; b++) {
      let dot = 0;
      const za = z[a], zb = z[b];
      for (let i = 0; i < m; i++) dot += za[i] * zb[i];
      matrix[a][b] = matrix[b][a] = denominator ? dot / denominator : 0;
    }
  }
  return { matrix, markers };
}

/** The frequency of non-reference alleles per marker among the lines (NaN where none is called). */
export function alleleFrequencies(dosages: Int8Array[]): Float64Array {
  const m = dosages.length ? dosages[0].length : 0;
  const p = new Float64Array(m);
  for (let i = 0; i < m; i++) {
    let sum = 0;
    let called = 0;
    for (const d of dosages) if (d[i] >= 0) { sum += d[i]; called++; }
    p[i] = called ? sum / (2 * called) : NaN;
  }
  return p;
}
