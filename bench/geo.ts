// Area searches (POST /search/images with imageLocation) on images scattered over Europe: the statement the search
// builds, served by the point index, against the same statement forced to scan every image (what a property filter
// without a spatial index costs), and the whole search through the service (POST, then the first page of results).
import { idsQuery } from '../src/entities/cypher.js';
import { compileWhere } from '../src/entities/filters.js';
import { imageEntity } from '../src/modules/phenotyping/images/images.entity.js';
import type { RunningServer } from '../src/server.js';
import { BENCH_TOKEN } from './db.js';
import { mulberry32 } from './generate.js';
import { ratio, summarize, timed, type Summary } from './stats.js';

export interface GeoResult {
  images: number;
  areas: number;
  /** Images found per area (min..max). */
  found: { min: number; max: number };
  indexed: Summary;
  scan: Summary;
  service: Summary;
  /** scan p50 / indexed p50. */
  scanOverIndexed: number;
}

const BATCH = 1000;
const AREAS = 5;

const polygon = (ring: number[][]) => ({ type: 'Feature', geometry: { type: 'Polygon', coordinates: [ring] } });

async function post(running: RunningServer, path: string, body: unknown): Promise<any> {
  const res = await fetch(`${running.baseUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', accept: 'application/json', authorization: `Bearer ${BENCH_TOKEN}` },
    body: JSON.stringify(body),
  });
  const text = await res.text();
  if (res.status !== 200 && res.status !== 202) throw new Error(`POST ${path} answered ${res.status}: ${text.slice(0, 300)}`);
  return JSON.parse(text);
}

/** Creates `count` images through POST /images: points over 10 W..30 E, 35..60 N, one in a hundred a small field. */
async function loadImages(running: RunningServer, count: number): Promise<void> {
  const rand = mulberry32(2024);
  for (let start = 0; start < count; start += BATCH) {
    const batch = Array.from({ length: Math.min(BATCH, count - start) }, (_, i) => {
      const [x, y] = [-10 + 40 * rand(), 35 + 25 * rand()];
      const imageLocation = (start + i) % 100 === 0
        ? polygon([[x, y], [x + 0.01, y], [x + 0.01, y + 0.01], [x, y + 0.01], [x, y]])
        : { type: 'Feature', geometry: { type: 'Point', coordinates: [x, y] } };
      return { imageName: `bench image ${start + i}`, imageLocation };
    });
    await post(running, '/images', batch);
  }
}

/** Pentagons of about 2 x 1.25 degrees (0.25 % of the region each) at fixed places. */
function areas(): object[] {
  const rand = mulberry32(7);
  return Array.from({ length: AREAS }, () => {
    const [cx, cy] = [-5 + 30 * rand(), 38 + 19 * rand()];
    const ring = Array.from({ length: 5 }, (_, k) => [cx + Math.cos((2 * Math.PI * k) / 5), cy + 0.625 * Math.sin((2 * Math.PI * k) / 5)]);
    return polygon([...ring, ring[0]]);
  });
}

function statements(area: object) {
  const filter = compileWhere(imageEntity, { imageLocation: area });
  const indexed = idsQuery(imageEntity, filter);
  const scan = indexed.replace(`MATCH (n:${imageEntity.label})`, `MATCH (n:${imageEntity.label}) USING SCAN n:${imageEntity.label}`);
  return { indexed, scan, params: filter.params };
}

async function serviceSearch(running: RunningServer, area: object): Promise<number> {
  const posted = await post(running, '/search/images', { imageLocation: area });
  const res = await fetch(`${running.baseUrl}/search/images/${posted.result.searchResultsDbId}?pageSize=1000`, {
    headers: { accept: 'application/json', authorization: `Bearer ${BENCH_TOKEN}` },
  });
  const body = await res.json() as { metadata: { pagination: { totalCount: number } } };
  if (res.status !== 200) throw new Error(`GET /search/images answered ${res.status}`);
  return body.metadata.pagination.totalCount;
}

export async function measureAreaSearch(running: RunningServer, count: number, reps: number, log: (s: string) => void): Promise<GeoResult> {
  log(`area search: creating ${count} images through POST /images`);
  await loadImages(running, count);
  const cases = areas().map((area) => ({ area, ...statements(area) }));
  // Warm-up, and the three ways must find the same images.
  const found: number[] = [];
  for (const c of cases) {
    const [[a], [b]] = [await running.graph.read<{ ids: string[] }>(c.indexed, c.params), await running.graph.read<{ ids: string[] }>(c.scan, c.params)];
    const total = await serviceSearch(running, c.area);
    if (a.ids.length !== b.ids.length || a.ids.some((id, i) => id !== b.ids[i]) || total !== a.ids.length) {
      throw new Error(`area search: the index, the scan and the service disagree (${a.ids.length}, ${b.ids.length}, ${total})`);
    }
    found.push(total);
  }
  const [indexed, scan, service]: number[][] = [[], [], []];
  for (let rep = 0; rep < reps; rep++) {
    for (const [i, c] of cases.entries()) {
      const steps = [
        async () => indexed.push((await timed(() => running.graph.read(c.indexed, c.params))).ms),
        async () => scan.push((await timed(() => running.graph.read(c.scan, c.params))).ms),
        async () => service.push((await timed(() => serviceSearch(running, c.area))).ms),
      ];
      if ((rep + i) % 2) steps.reverse();
      for (const step of steps) await step();
    }
  }
  const result: GeoResult = {
    images: count, areas: AREAS, found: { min: Math.min(...found), max: Math.max(...found) },
    indexed: summarize(indexed), scan: summarize(scan), service: summarize(service), scanOverIndexed: 0,
  };
  result.scanOverIndexed = ratio(result.scan.p50, result.indexed.p50);
  log(`  area search over ${count} images: point index p50 ${result.indexed.p50} ms, label scan p50 ${result.scan.p50} ms ` +
    `(x${result.scanOverIndexed}), service search p50 ${result.service.p50} ms`);
  return result;
}
