// GET /germplasm?pageSize=1000 with filters against the raw Cypher of the same page: the statement the route builds
// (listQuery with the same compiled filter and bounds), run on the service's own connection, on the demo data (the
// SoyBase cultivars as full germplasm records: synonyms, external references, comments).
import { listQuery } from '../src/entities/cypher.js';
import { compileWhere } from '../src/entities/filters.js';
import { germplasmEntity } from '../src/modules/germplasm/germplasm/germplasm.entity.js';
import type { RunningServer } from '../src/server.js';
import { ratio, summarize, timed, type Summary } from './stats.js';

const PAGE_SIZE = 1000;

/** Filters with full pages (the SoyBase cultivars are all Glycine max), paged through the first pages. */
export const LIST_CASES: Array<{ name: string; filters: Record<string, string> }> = [
  { name: 'commonCropName=Soybean', filters: { commonCropName: 'Soybean' } },
  { name: 'genus=Glycine&species=max', filters: { genus: 'Glycine', species: 'max' } },
];
const PAGES = [0, 1, 5, 10];

export interface ListResult {
  case: string;
  pageSize: number;
  pages: number[];
  totalCount: number;
  service: Summary;
  raw: Summary;
  ratioP50: number;
  ratioP95: number;
}

function raw(filters: Record<string, string>, page: number) {
  const filter = compileWhere(germplasmEntity, filters);
  const skip = page * PAGE_SIZE;
  return { text: listQuery(germplasmEntity, filter), params: { ...filter.params, skip, end: skip + PAGE_SIZE } };
}

async function serviceGet(running: RunningServer, filters: Record<string, string>, page: number) {
  const query = new URLSearchParams({ ...filters, page: String(page), pageSize: String(PAGE_SIZE) });
  const res = await fetch(`${running.baseUrl}/germplasm?${query}`, { headers: { accept: 'application/json' } });
  const text = await res.text();
  if (res.status !== 200) throw new Error(`GET /germplasm?${query} answered ${res.status}: ${text.slice(0, 300)}`);
  return text;
}

/** Warm-up run that also checks both sides agree, then `reps` interleaved rounds (alternating who goes first). */
export async function measureLists(running: RunningServer, reps: number, log: (s: string) => void): Promise<ListResult[]> {
  const results: ListResult[] = [];
  for (const c of LIST_CASES) {
    let totalCount = 0;
    for (const page of PAGES) {
      const body = JSON.parse(await serviceGet(running, c.filters, page)) as { metadata: { pagination: { totalCount: number } }; result: { data: unknown[] } };
      const q = raw(c.filters, page);
      const [row] = await running.graph.read<{ total: number; page: unknown[] }>(q.text, q.params);
      if (body.metadata.pagination.totalCount !== row.total || body.result.data.length !== row.page.length) {
        throw new Error(`service and raw Cypher disagree on ${c.name} page ${page}`);
      }
      totalCount = row.total;
    }
    const service: number[] = [];
    const rawMs: number[] = [];
    for (let rep = 0; rep < reps; rep++) {
      for (const [i, page] of PAGES.entries()) {
        const q = raw(c.filters, page);
        const steps = [
          async () => service.push((await timed(() => serviceGet(running, c.filters, page))).ms),
          async () => rawMs.push((await timed(() => running.graph.read(q.text, q.params))).ms),
        ];
        if ((rep + i) % 2) steps.reverse();
        for (const step of steps) await step();
      }
    }
    const [s, r] = [summarize(service), summarize(rawMs)];
    results.push({ case: c.name, pageSize: PAGE_SIZE, pages: PAGES, totalCount, service: s, raw: r, ratioP50: ratio(s.p50, r.p50), ratioP95: ratio(s.p95, r.p95) });
    log(`  GET /germplasm?${c.name}&pageSize=${PAGE_SIZE}: service p50 ${s.p50} ms, raw p50 ${r.p50} ms, ratio ${ratio(s.p50, r.p50)}`);
  }
  return results;
}
