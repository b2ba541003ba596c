// The allele matrix: variants as rows, call sets as columns, each dimension paged on its own. Rows of one variant set
// are read as packed rows (one per variant), so a page of V variants x C call sets reads V rows; a cell whose call set
// is in another variant set than its variant is unknown.
import { BadRequestError } from '../../../errors.js';
import type { Graph } from '../../../graph/port.js';
import { cellTexts, type CallText } from '../calls/codec.js';
import { callSetsOf, readRows, readScope, type CallFilter } from '../calls/queries.js';

export interface MatrixRequest {
  filter: CallFilter;
  /** Germplasm and sample filters, turned into call sets. */
  germplasm: { germplasmDbIds: string[] | null; germplasmNames: string[] | null; germplasmPUIs: string[] | null; sampleDbIds: string[] | null };
  variants: { page: number; pageSize: number };
  callSets: { page: number; pageSize: number };
  preview: boolean;
  /** The data matrices asked for by abbreviation or name (null: all; only GT exists). */
  matrices: string[] | null;
  text: CallText;
}

/** "contig", "contig:start" or "contig:start-end" (1-based, inclusive, as in VCF) -> 0-based [from, to). */
export function positionRange(text: string, name: string): { contig: string; from: number | null; to: number | null } {
  const m = /^(.+?)(?::(\d+)(?:-(\d+))?)?$/.exec(text.trim());
  if (!m) throw new BadRequestError(`${name} must be "contig:start-end"; got ${JSON.stringify(text)}.`);
  const from = m[2] === undefined ? null : Number(m[2]) - 1;
  const to = m[3] === undefined ? null : Number(m[3]);
  if (from !== null && to !== null && to <= from) throw new BadRequestError(`${name}: the end of ${JSON.stringify(text)} is before its start.`);
  return { contig: m[1], from, to };
}

export async function alleleMatrix(graph: Graph, req: MatrixRequest) {
  const filter = { ...req.filter };
  const g = req.germplasm;
  if (g.germplasmDbIds || g.germplasmNames || g.germplasmPUIs || g.sampleDbIds) {
    const ofGermplasm = await callSetsOf(graph, g);
    filter.callSetDbIds = filter.callSetDbIds ? filter.callSetDbIds.filter((id) => ofGermplasm.includes(id)) : ofGermplasm;
  }
  const scope = await readScope(graph, filter);
  const columns = scope.flatMap((set, s) => set.callSets.map((cs) => ({ set: s, cs })));
  const totalRows = scope.reduce((n, set) => n + set.variantCount, 0);
  const colFrom = req.callSets.page * req.callSets.pageSize;
  const pageColumns = columns.slice(colFrom, colFrom + req.callSets.pageSize);
  const rowFrom = req.variants.page * req.variants.pageSize;
  const rowTo = Math.min(rowFrom + req.variants.pageSize, totalRows);

  const variantDbIds: string[] = [];
  const gt: string[][] = [];
  const cell = cellTexts(req.text);
  let offset = 0;
  for (const [s, set] of scope.entries()) {
    const from = Math.max(rowFrom - offset, 0);
    const to = Math.min(rowTo - offset, set.variantCount);
    offset += set.variantCount;
    if (to <= from) continue;
    for (const row of await readRows(graph, set, filter, from, to - from)) {
      variantDbIds.push(row.variantDbId);
      if (req.preview) continue;
      gt.push(pageColumns.map((c) => (c.set === s ? cell(row.calls, row.ploidy, c.cs.callSetIndex) : req.text.unknownString)));
    }
  }
  const wantsGt = !req.matrices || req.matrices.some((m) => m === 'GT' || m === 'Genotype');
  const dimension = (name: 'VARIANTS' | 'CALLSETS', p: { page: number; pageSize: number }, total: number) =>
    ({ dimension: name, page: p.page, pageSize: p.pageSize, totalCount: total, totalPages: Math.ceil(total / p.pageSize) });
  return {
    callSetDbIds: pageColumns.map((c) => c.cs.callSetDbId),
    dataMatrices: req.preview || !wantsGt ? [] : [{ dataMatrix: gt, dataMatrixAbbreviation: 'GT', dataMatrixName: 'Genotype', dataType: 'string' }],
    expandHomozygotes: req.text.expandHomozygotes,
    pagination: [dimension('VARIANTS', req.variants, totalRows), dimension('CALLSETS', req.callSets, columns.length)],
    sepPhased: req.text.sepPhased,
    sepUnphased: req.text.sepUnphased,
    unknownString: req.text.unknownString,
    variantDbIds,
    variantSetDbIds: scope.map((set) => set.variantSetDbId),
  };
}
