// A fill-reducing order of the mixed-model equations for the sparse LDL' factorisation (ldl.ts): minimum degree
// (Tinney & Walker 1967, scheme 2; George & Liu 1989, SIAM Review 31:1-19, for the algorithm and its variants) on
// the explicit elimination graph: eliminate a node of least current degree, join its neighbours into a clique,
// repeat. Approximate minimum degree (Amestoy, Davis & Duff 1996, SIAM J. Matrix Anal. Appl. 17:886-905) gives
// about the same fill faster on a quotient graph; on pedigree equations the plain version was measured adequate
// (docs/breeding-values.md#cost). As AMD does, "dense" nodes (degree above max(16, DENSE sqrt(n)): the study and
// rep columns, each coupled to thousands of records) are left out and ordered last, where they cost one dense block.
// Ties go to the lower index, so the order is deterministic.

/** AMD's dense threshold is 10 sqrt(n); 3 sqrt(n) was measured on SoyBase with 10,000 records: L 2% larger
 * (136,973 entries against 134,390), the ordering half the work (its 20 study and rep columns, about 1,000 records
 * each, fall under 10 sqrt(n) = 1,054 and were merged again at every elimination next to them). */
const DENSE = 3;

/** The order (order[k]: the node eliminated k-th), or `null` once the clique joins' work (elements merged) passes
 * `maxWork`: the factor would be too costly, and the ordering itself must not cost more than the fallback. */
export function minimumDegree(n: number, rowStart: Int32Array, column: Int32Array, maxWork: number): Int32Array | null {
  const dense = Math.max(16, DENSE * Math.sqrt(n));
  const isDense = new Uint8Array(n);
  for (let i = 0; i < n; i++) if (rowStart[i + 1] - rowStart[i] - 1 > dense) isDense[i] = 1;
  // Each node's current neighbours, sorted, in a buffer of its own that grows by doubling (`degreeOf` long): a
  // clique join is then a merge of two sorted lists, typed-array work several times faster than hash sets.
  const adjacent: Int32Array[] = new Array(n);
  const degreeOf = new Int32Array(n);
  for (let i = 0; i < n; i++) {
    const list: number[] = [];
    if (!isDense[i]) for (let t = rowStart[i]; t < rowStart[i + 1]; t++) if (column[t] !== i && !isDense[column[t]]) list.push(column[t]);
    adjacent[i] = Int32Array.from(list).sort();
    degreeOf[i] = list.length;
  }
  // A binary min-heap of (degree, node) with stale entries skipped on pop.
  let heapDegree = new Int32Array(Math.max(16, n * 2));
  let heapNode = new Int32Array(heapDegree.length);
  let size = 0;
  const less = (a: number, b: number) => heapDegree[a] < heapDegree[b] || (heapDegree[a] === heapDegree[b] && heapNode[a] < heapNode[b]);
  const swap = (a: number, b: number) => {
    const d = heapDegree[a], v = heapNode[a];
    (heapDegree[a] = heapDegree[b]), (heapNode[a] = heapNode[b]), (heapDegree[b] = d), (heapNode[b] = v);
  };
  const push = (degree: number, node: number) => {
    if (size === heapDegree.length) {
      const d = new Int32Array(size * 2), v = new Int32Array(size * 2);
      d.set(heapDegree), v.set(heapNode);
      (heapDegree = d), (heapNode = v);
    }
    let i = size++;
    (heapDegree[i] = degree), (heapNode[i] = node);
    while (i > 0 && less(i, (i - 1) >> 1)) swap(i, (i - 1) >> 1), (i = (i - 1) >> 1);
  };
  const pop = () => {
    const node = heapNode[0], degree = heapDegree[0];
    swap(0, --size);
    for (let i = 0; ; ) {
      const l = 2 * i + 1, r = l + 1;
      let m = i;
      if (l < size && less(l, m)) m = l;
      if (r < size && less(r, m)) m = r;
      if (m === i) break;
      swap(i, m), (i = m);
    }
    return [node, degree];
  };
  for (let i = 0; i < n; i++) if (!isDense[i]) push(degreeOf[i], i);
  const order = new Int32Array(n);
  const done = new Uint8Array(n);
  let k = 0;
  let work = 0;
  let scratch = new Int32Array(64);
  let clique = new Int32Array(64);
  while (size > 0) {
    const [v, degree] = pop();
    if (done[v] || degree !== degreeOf[v]) continue;
    done[v] = 1;
    order[k++] = v;
    const m = degreeOf[v];
    if (clique.length < m) clique = new Int32Array(2 * m);
    clique.set(adjacent[v].subarray(0, m));
    for (let a = 0; a < m; a++) {
      const u = clique[a];
      let own = adjacent[u];
      const length = degreeOf[u];
      work += length + m;
      if (scratch.length < length + m) scratch = new Int32Array(2 * (length + m));
      // own \ {v} merged with clique \ {u}, both sorted, without repeats.
      let i = 0, j = 0, len = 0;
      while (i < length || j < m) {
        const x = i < length ? own[i] : 0x7fffffff;
        const y = j < m ? clique[j] : 0x7fffffff;
        const next = x <= y ? x : y;
        if (x === next) i++;
        if (y === next) j++;
        if (next !== v && next !== u) scratch[len++] = next;
      }
      if (own.length < len) own = adjacent[u] = new Int32Array(2 * len);
      own.set(scratch.subarray(0, len));
      degreeOf[u] = len;
      push(len, u);
    }
    degreeOf[v] = 0;
    if (work > maxWork) return null;
  }
  // The dense nodes last, sparsest first.
  const rest: number[] = [];
  for (let i = 0; i < n; i++) if (isDense[i]) rest.push(i);
  rest.sort((a, b) => rowStart[a + 1] - rowStart[a] - (rowStart[b + 1] - rowStart[b]) || a - b);
  for (const i of rest) order[k++] = i;
  return order;
}
