// bench/results/load.{json,md} (many clients) and viewer.{json,md} (the viewer in Chromium).
import { NEO4J_VERSION } from '../src/devdb/launcher.js';
import type { LoadFigure } from './clients.js';
import { machine, writeResults } from './report.js';
import type { ViewerFigure } from './viewer.js';

function write(name: string, report: object, lines: string[]) {
  return writeResults(name, report, lines.join('\n') + '\n');
}

export function writeLoadReport(name: string, dataset: string, load: LoadFigure) {
  const m = machine();
  const date = new Date().toISOString();
  return write(name, { date, machine: m, dataset, load }, [
    `# Many clients (${date})`,
    '',
    `Node ${m.node}, ${m.cpus} CPUs (${m.cpuModel}), ${m.memoryGb} GB; bundled Neo4j ${NEO4J_VERSION} over Bolt; ${dataset}. ` +
      `${load.connections} concurrent clients for ${load.seconds} s on each side (${load.rounds} round${load.rounds > 1 ? 's' : ''} a side, ` +
      'the sides alternating), loopback only; the service side is ' +
      'autocannon (in a worker thread) over HTTP, the raw side replays every statement each request of the mix sent ' +
      `to Neo4j (${load.statementsPerCycle} statements per round of the mix), through the service's own connection, ` +
      'with the same concurrency. Latencies in ms, per request of the mix.',
    '',
    '| side | requests | per second | errors | p50 | p95 | max |',
    '|---|---|---|---|---|---|---|',
    `| service (HTTP) | ${load.service.requests} | ${load.service.perSecond} | ${load.service.errors} | ${load.service.latency.p50} | ${load.service.latency.p95} | ${load.service.latency.max} |`,
    `| raw Cypher | ${load.raw.requests} | ${load.raw.perSecond} | ${load.raw.errors} | ${load.raw.latency.p50} | ${load.raw.latency.p95} | ${load.raw.latency.max} |`,
    '',
    `Throughput, service / raw Cypher: **${load.throughputRatio}**` +
      (load.rounds > 1 ? ` (per round: ${load.roundRatios.join(', ')}).` : '.'),
    '',
    'The mix (each client cycles through it in order):',
    '',
    ...load.mix.map((r) => `- \`${r}\``),
  ]);
}

export function writeViewerReport(name: string, dataset: string, viewer: ViewerFigure) {
  const m = machine();
  const date = new Date().toISOString();
  const t = viewer.fullTree;
  return write(name, { date, machine: m, dataset, viewer }, [
    `# The viewer in Chromium (${date})`,
    '',
    `Node ${m.node}, ${m.cpus} CPUs (${m.cpuModel}); bundled Neo4j ${NEO4J_VERSION}; ${dataset}; Debian's Chromium, ` +
      '1280 x 900. Times in ms, measured in the page.',
    '',
    'Suggestions: from the input event to the list showing the answer for it (GET /extensions/germplasm-suggestions). Target: first suggestions < 300 ms.',
    '',
    '| text | first keystroke p50 | p95 | max | whole text p50 | p95 |',
    '|---|---|---|---|---|---|',
    ...viewer.suggestions.map((s) => `| ${s.text} | ${s.firstKeystroke.p50} | ${s.firstKeystroke.p95} | ${s.firstKeystroke.max} | ${s.typedWhole.p50} | ${s.typedWhole.p95} |`),
    '',
    `Full tree of ${t.germplasmDbId} (${t.germplasm} germplasm, drawn as ${t.drawnBoxes} boxes by generation). Target: drawn <= 2,000 ms.`,
    '',
    '| | p50 | p95 | min | max |',
    '|---|---|---|---|---|',
    `| navigation to drawn | ${t.navigationToDrawn.p50} | ${t.navigationToDrawn.p95} | ${t.navigationToDrawn.min} | ${t.navigationToDrawn.max} |`,
    `| GET /pedigree (all pages) | ${t.fetch.p50} | ${t.fetch.p95} | ${t.fetch.min} | ${t.fetch.max} |`,
    `| layout and drawing | ${t.draw.p50} | ${t.draw.p95} | ${t.draw.min} | ${t.draw.max} |`,
    `| longest task (page not answering) | ${t.longestTaskMs.p50} | ${t.longestTaskMs.p95} | ${t.longestTaskMs.min} | ${t.longestTaskMs.max} |`,
  ]);
}
