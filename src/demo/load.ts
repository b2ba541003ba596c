// Loads the demo dataset into an empty database: the records in fixtures/demo and the SoyBase germplasm.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createEntities } from '../entities/commands/createEntities.js';
import { entities } from '../entities/registry.js';
import type { Graph } from '../graph/port.js';
import type { Logger } from '../logger.js';
import { readSoybase } from './soybase.js';

export const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures');
const BATCH = 5000;

export async function isEmpty(graph: Graph): Promise<boolean> {
  return (await graph.read('MATCH (n) RETURN 1 AS found LIMIT 1')).length === 0;
}

export interface LoadReport {
  [label: string]: number;
}

export async function loadDemoData(graph: Graph, logger?: Logger): Promise<LoadReport> {
  const report: LoadReport = {};
  for (const entity of entities) {
    const file = path.join(FIXTURES, 'demo', `${entity.path}.json`);
    if (!fs.existsSync(file)) continue;
    const records = JSON.parse(fs.readFileSync(file, 'utf8')) as Array<Record<string, unknown>>;
    const ids = records.map((r) => String(r[entity.idField]));
    await createEntities(graph, { entity, records, ids, readBack: false });
    report[entity.label] = records.length;
  }
  const germplasmEntity = entities.find((e) => e.label === 'Germplasm')!;
  const { germplasm } = readSoybase(path.join(FIXTURES, 'soybase'));
  for (let i = 0; i < germplasm.length; i += BATCH) {
    const batch = germplasm.slice(i, i + BATCH);
    await createEntities(graph, {
      entity: germplasmEntity,
      records: batch.map((g) => g.record),
      ids: batch.map((g) => g.germplasmDbId),
      readBack: false,
    });
  }
  report.Germplasm = (report.Germplasm ?? 0) + germplasm.length;
  logger?.info('demo data loaded', report);
  return report;
}
