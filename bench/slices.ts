// GET /pedigree slices against the raw Cypher of the same slice: the statement the route builds (traversalQuery with
// the same filter, depths and page bounds), run on the service's own connection, so the difference is exactly what
// the service adds (routing, validation, presenting, JSON, compression, HTTP). The GETs are timed by a lean client
// (http-get.ts) in this process's thread, where its own work counts against the service.
import { compileWhere } from '../src/entities/filters.js';
import { germplasmEntity } from '../src/modules/germplasm/germplasm/germplasm.entity.js';
import { traversalQuery, type PageRow, type TraversalOptions } from '../src/modules/germplasm/pedigree/traversal.js';
import type { RunningServer } from '../src/server.js';
import { getOk } from './http-get.js';
import { ratio, round, summarize, timed, type Summary } from './stats.js';

export interface Shape {
  name: string;
  query: string;
  pedigreeDepth: number | null;
  progenyDepth: number | null;
}

export const SHAPES: Shape[] = [
  { name: 'depth 1', query: 'pedigreeDepth=1&progenyDepth=1', pedigreeDepth: 1, progenyDepth: 1 },
  { name: 'depth 5', query: 'pedigreeDepth=5&progenyDepth=5', pedigreeDepth: 5, progenyDepth: 5 },
  { name: 'depth 10', query: 'pedigreeDepth=10&progenyDepth=10', pedigreeDepth: 10, progenyDepth: 10 },
  { name: 'full tree', query: 'includeFullTree=true', pedigreeDepth: null, progenyDepth: null },
];

/** The route's default page: the total counts the whole slice, the page presents up to this many nodes. */
const PAGE_SIZE = 1000;

export interface SliceResult {
  shape: string;
  service: Summary;
  raw: Summary;
  /** service p50 / raw p50 (and the same for p95). */
  ratioP50: number;
  ratioP95: number;
  roundTripsPerGet: { min: number; max: number; mean: number };
  /** Germplasm in the slice (the `totalCount`), per probe. */
  sliceSize: { min: number; max: number; mean: number; perProbe: Record<string, number> };
}

function rawQuery(shape: Shape, germplasmDbId: string) {
  const filter = compileWhere(germplasmEntity, { germplasmDbId: [germplasmDbId] });
  const opts: TraversalOptions = {
    filter,
    pedigreeDepth: shape.pedigreeDepth,
    progenyDepth: shape.progenyDepth,
    includeParents: true,
    includeProgeny: true,
    includeSiblings: false,
  };
  return { text: traversalQuery(opts), params: { ...filter.params, skip: 0, end: PAGE_SIZE } };
}

const sliceUrl = (running: RunningServer, shape: Shape, id: string) =>
  `${running.baseUrl}/pedigree?germplasmDbId=${encodeURIComponent(id)}&${shape.query}`;

const serviceGet = (running: RunningServer, shape: Shape, id: string) => getOk(sliceUrl(running, shape, id));

/**
 * Each probe is first run once both ways (warm-up: plan cache, JIT, page cache), which also checks that the service
 * and the raw statement agree on the slice. Then `reps` timed rounds over all probes, alternating which of the two
 * goes first so neither systematically profits from the other having just warmed the same pages.
 */
export async function measureSlices(running: RunningServer, probes: string[], reps: number, log: (s: string) => void): Promise<SliceResult[]> {
  const results: SliceResult[] = [];
  for (const shape of SHAPES) {
    const perProbe: Record<string, number> = {};
    for (const id of probes) {
      const body = JSON.parse((await serviceGet(running, shape, id)).body) as { metadata: { pagination: { totalCount: number } }; result: { data: unknown[] } };
      const { text, params } = rawQuery(shape, id);
      const rows = await running.graph.read<PageRow>(text, params);
      const total = rows[0]?.total ?? 0;
      if (body.metadata.pagination.totalCount !== total || body.result.data.length !== rows.reduce((n, r) => n + (r.nodes?.length ?? 0), 0)) {
        throw new Error(`service and raw Cypher disagree on ${id} (${shape.name}): ${body.metadata.pagination.totalCount} vs ${total}`);
      }
      perProbe[id] = total;
    }
    const service: number[] = [];
    const raw: number[] = [];
    const trips: number[] = [];
    for (let rep = 0; rep < reps; rep++) {
      for (const [i, id] of probes.entries()) {
        const { text, params } = rawQuery(shape, id);
        const runService = async () => {
          const before = running.graph.roundTrips;
          service.push((await serviceGet(running, shape, id)).ms);
          trips.push(running.graph.roundTrips - before);
        };
        const runRaw = async () => {
          raw.push((await timed(() => running.graph.read(text, params))).ms);
        };
        if ((rep + i) % 2 === 0) {
          await runService();
          await runRaw();
        } else {
          await runRaw();
          await runService();
        }
      }
    }
    const sizes = Object.values(perProbe);
    const s = summarize(service);
    const r = summarize(raw);
    results.push({
      shape: shape.name,
      service: s,
      raw: r,
      ratioP50: ratio(s.p50, r.p50),
      ratioP95: ratio(s.p95, r.p95),
      roundTripsPerGet: { min: Math.min(...trips), max: Math.max(...trips), mean: round(trips.reduce((a, b) => a + b, 0) / trips.length) },
      sliceSize: { min: Math.min(...sizes), max: Math.max(...sizes), mean: round(sizes.reduce((a, b) => a + b, 0) / sizes.length, 1), perProbe },
    });
    log(`  ${shape.name}: service p50 ${s.p50} ms, raw p50 ${r.p50} ms, ratio ${ratio(s.p50, r.p50)}, slice ${Math.min(...sizes)}..${Math.max(...sizes)} germplasm`);
  }
  return results;
}

export interface Floor {
  /** GET /health: Koa and HTTP only (client and server in this process). */
  health: Summary;
  /** GET /ready: one trivial statement (RETURN 1) through the service ... */
  ready: Summary;
  /** ... and the same statement on the service's connection directly. */
  ping: Summary;
}

/** The fixed cost of a request, to read the small slices' ratios against: what any GET costs besides the query. */
export async function measureFloor(running: RunningServer, reps = 60): Promise<Floor> {
  const health: number[] = [];
  const ready: number[] = [];
  const ping: number[] = [];
  for (let i = 0; i < reps + 5; i++) {
    const h = await getOk(`${running.url}/health`);
    const r = await getOk(`${running.url}/ready`);
    const p = await timed(() => running.graph.ping());
    if (i < 5) continue; // warm-up
    health.push(h.ms);
    ready.push(r.ms);
    ping.push(p.ms);
  }
  return { health: summarize(health), ready: summarize(ready), ping: summarize(ping) };
}

export interface SizeShape {
  shape: string;
  sliceSize: number;
  service: { small: Summary; large: Summary; ratioP50: number };
  raw: { small: Summary; large: Summary; ratioP50: number };
}

/**
 * The same probes and shapes on two graphs whose databases and services are all up at once, interleaved sample by
 * sample, so that a change in the machine's load during the run hits both sizes alike.
 */
export async function measureAcrossSizes(small: RunningServer, large: RunningServer, probes: string[], reps: number, log: (s: string) => void): Promise<SizeShape[]> {
  const out: SizeShape[] = [];
  for (const shape of SHAPES) {
    const sizes: number[] = [];
    for (const id of probes) {
      const { text, params } = rawQuery(shape, id);
      const [a] = await small.graph.read<{ total: number }>(text, params);
      const [b] = await large.graph.read<{ total: number }>(text, params);
      if (a.total !== b.total) throw new Error(`the slice of ${id} (${shape.name}) differs between the graphs: ${a.total} vs ${b.total}`);
      sizes.push(a.total);
      await serviceGet(small, shape, id);
      await serviceGet(large, shape, id);
    }
    const t = { serviceSmall: [] as number[], serviceLarge: [] as number[], rawSmall: [] as number[], rawLarge: [] as number[] };
    for (let rep = 0; rep < reps; rep++) {
      for (const [i, id] of probes.entries()) {
        const { text, params } = rawQuery(shape, id);
        const steps = [
          async () => t.serviceSmall.push((await serviceGet(small, shape, id)).ms),
          async () => t.serviceLarge.push((await serviceGet(large, shape, id)).ms),
          async () => t.rawSmall.push((await timed(() => small.graph.read(text, params))).ms),
          async () => t.rawLarge.push((await timed(() => large.graph.read(text, params))).ms),
        ];
        // Rotate the order, so no size always runs first (or right after the other).
        for (let k = 0; k < steps.length; k++) await steps[(k + rep + i) % steps.length]();
      }
    }
    const [ss, sl, rs, rl] = [t.serviceSmall, t.serviceLarge, t.rawSmall, t.rawLarge].map(summarize);
    out.push({
      shape: shape.name,
      sliceSize: round(sizes.reduce((a, b) => a + b, 0) / sizes.length, 1),
      service: { small: ss, large: sl, ratioP50: ratio(sl.p50, ss.p50) },
      raw: { small: rs, large: rl, ratioP50: ratio(rl.p50, rs.p50) },
    });
    log(`  ${shape.name}: service p50 ${ss.p50} -> ${sl.p50} ms (x${ratio(sl.p50, ss.p50)}), raw p50 ${rs.p50} -> ${rl.p50} ms (x${ratio(rl.p50, rs.p50)})`);
  }
  return out;
}
