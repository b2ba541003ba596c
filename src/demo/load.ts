// Loads the demo dataset into an empty database: the records in fixtures/demo and the SoyBase germplasm. Its marker
// (state.ts) says 'loading' before the first record and 'complete' only after the last one.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createEntities } from '../entities/commands/createEntities.js';
import { entities } from '../modules/registry.js';
import type { Graph } from '../graph/port.js';
import type { Logger } from '../logger.js';
import { importPedigree, type ImportOptions, type ImportReport } from '../modules/germplasm/pedigree/commands/importPedigree.js';
import { readSoybase, type SoybaseData } from './soybase.js';
import { namedPedigree } from '../modules/germplasm/pedigree/io/namedRows.js';
import { importPedigreeFile, type FileImportReport } from '../modules/germplasm/pedigree/io/importFile.js';
import { importVcf, type VcfImportReport } from '../modules/genotyping/io/importVcf.js';
import { planSubmission, submitOrder } from '../modules/genotyping/lab/orders.js';
import { vendorSpecification } from '../modules/genotyping/lab/specification.js';
import { DEFAULT_VENDOR_SPECIFICATION } from '../config.js';
import { importFasta, type FastaImportReport } from '../modules/genotyping/io/importFasta.js';
import { markDemoStep } from './state.js';

export const FIXTURES = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../fixtures');
const BATCH = 5000;

export interface LoadReport {
  records: Record<string, number>;
  pedigree: ImportReport;
  barley: FileImportReport;
  genotypes: VcfImportReport[];
  vendorOrders: number;
  sequences: FastaImportReport[];
}

/** The demo's genotypes: two small VCFs of SoyBase lines and their parents, imported as `npm run import-vcf` would. */
export const DEMO_VCFS = [
  { file: path.join(FIXTURES, 'genotyping', 'demo.vcf'), crop: 'Soybean', studyDbId: 'study-urbana-2024', variantSetDbId: 'variantset-urbana-2024-demo' },
  { file: path.join(FIXTURES, 'genotyping', 'demo-stoneville.vcf'), crop: 'Soybean', studyDbId: 'study-stoneville-2023', variantSetDbId: 'variantset-stoneville-2023-demo' },
];

/**
 * The demo references' sequences: simulated (fixtures/genotyping/SOURCE.md), with each demo variant's REF allele at
 * its position; imported onto the reference sets the VCFs made, as `npm run import-fasta` would.
 */
export const DEMO_FASTAS = [
  { file: path.join(FIXTURES, 'genotyping', 'demo-wm82-a2.fa'), referenceSet: 'refset-soybean-glycine-max-wm82-a2-v1' },
  { file: path.join(FIXTURES, 'genotyping', 'demo-wm82-a1.fa'), referenceSet: 'refset-soybean-glycine-max-wm82-a1-v1' },
];

/** The demo's second crop: a curator's Helium file, imported as `npm run import -- FILE --crop Barley` would. */
export const BARLEY = { file: path.join(FIXTURES, 'barley', 'exhibit.pedigree.helium'), crop: 'Barley', genus: 'Hordeum', species: 'vulgare', idPrefix: 'barley-' };

/**
 * The demo's records (fixtures/demo) and the SoyBase germplasm, in registry order so that references point at records
 * already loaded; the SoyBase cultivars come with the germplasm, before the crosses, seed lots and attribute values that
 * name them. `onSoybase` is told the SoyBase germplasm written so far. (The benchmark's write section starts here too.)
 */
export async function loadDemoRecords(graph: Graph, soybase: SoybaseData, onSoybase?: (done: number) => Promise<void>): Promise<Record<string, number>> {
  const records: Record<string, number> = {};
  for (const entity of entities) {
    const file = path.join(FIXTURES, 'demo', `${entity.path}.json`);
    if (fs.existsSync(file)) {
      const rows = JSON.parse(fs.readFileSync(file, 'utf8')) as Array<Record<string, unknown>>;
      const ids = rows.map((r) => String(r[entity.idField]));
      await createEntities(graph, { entity, records: rows, ids, readBack: false });
      records[entity.label] = rows.length;
    }
    if (entity.label === 'Germplasm') {
      for (let i = 0; i < soybase.germplasm.length; i += BATCH) {
        const batch = soybase.germplasm.slice(i, i + BATCH);
        await createEntities(graph, {
          entity,
          records: batch.map((g) => g.record),
          ids: batch.map((g) => g.germplasmDbId),
          readBack: false,
        });
        await onSoybase?.(Math.min(i + BATCH, soybase.germplasm.length));
      }
      records.Germplasm = (records.Germplasm ?? 0) + soybase.germplasm.length;
    }
  }
  return records;
}

/**
 * The SoyBase relationships, through the same upload as POST /pedigree, which rejects SoyBase's self-parent row and
 * its two-line cycle; the report names them. One transaction, so a cycle in the file loses both of its relationships
 * (a later batch would keep the first). The demo is the database's first content, not a curator's change to it: no
 * pedigree history. The intermediate crosses it creates (inline expressions) are soybeans too.
 */
export function writeSoybasePedigree(graph: Graph, soybase: SoybaseData, options: Pick<ImportOptions, 'dryRun'> = {}): Promise<ImportReport> {
  const ids = new Map(soybase.germplasm.map((g) => [g.record.germplasmName as string, g.germplasmDbId]));
  const nodes = namedPedigree(soybase.rows, ids);
  const createdAs = { commonCropName: 'Soybean', genus: 'Glycine', species: 'max' };
  return importPedigree(graph, nodes, { createdAs, history: false, ...options });
}

/**
 * Loads the demo into a database whose demo marker says 'loading' (state.ts: beginDemoMarker). Each step is recorded
 * on the marker and told to `onStep` (the service's progress); the marker says 'complete' only after the last one.
 */
export async function loadDemoData(graph: Graph, logger?: Logger, onStep?: (step: string) => void): Promise<LoadReport> {
  const started = Date.now();
  // The first start spends most of its minute here: say what is happening, with the time so far.
  const progress = async (step: string) => {
    onStep?.(step);
    await markDemoStep(graph, step);
    logger?.info(`demo data: ${step} (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  };
  const soybase = readSoybase(path.join(FIXTURES, 'soybase'));
  await progress(`loading the demo records and ${soybase.germplasm.length} SoyBase germplasm into the empty database`);
  const records = await loadDemoRecords(graph, soybase, (done) => progress(`${done} of ${soybase.germplasm.length} SoyBase germplasm`));
  await progress(`writing the SoyBase pedigree (${soybase.rows.length} parentage rows), checked as POST /pedigree checks it`);
  const pedigree = await writeSoybasePedigree(graph, soybase);
  await progress('importing the barley pedigree (a Helium file)');
  const { file, ...barleyOptions } = BARLEY;
  const barley = await importPedigreeFile(graph, file, { ...barleyOptions, history: false });
  // After the pedigree: the VCF columns are matched to germplasm it created.
  await progress('importing the demo genotypes (VCF)');
  const genotypes: VcfImportReport[] = [];
  for (const { file: vcf, ...vcfOptions } of DEMO_VCFS) genotypes.push(await importVcf(graph, vcf, vcfOptions));
  await progress('importing the demo reference sequences (FASTA, simulated)');
  const sequences: FastaImportReport[] = [];
  for (const { file: fasta, ...fastaOptions } of DEMO_FASTAS) sequences.push(await importFasta(graph, fasta, fastaOptions));
  await progress("writing the genotyping lab's demo orders");
  // Orders to the genotyping lab (the shipped lab description's services) for the demo's DNA plate, through the same
  // checks as POST /vendor/orders; one of its samples is a column of the Urbana VCF, so the order is in progress.
  const orders = JSON.parse(fs.readFileSync(path.join(FIXTURES, 'demo', 'vendor-orders.json'), 'utf8')) as Array<{ orderId: string; submissionId: string; order: Record<string, unknown> }>;
  for (const { orderId, submissionId, order } of orders) {
    await submitOrder(graph, planSubmission(order, 'order', vendorSpecification(DEFAULT_VENDOR_SPECIFICATION), undefined, { orderId, submissionId }));
  }
  // The last step: only now is the demo whole.
  await markDemoStep(graph, null, 'complete');
  logger?.info(`demo data: complete (${((Date.now() - started) / 1000).toFixed(0)} s)`);
  // Counts only: the DbIds of the 1,900 germplasm the import created made the line 20 KB long.
  const { createdDbIds: _created, ...counted } = pedigree;
  logger?.info('demo data loaded', {
    records,
    pedigree: { ...counted, wideCrosses: pedigree.wideCrosses.length, rejected: pedigree.rejected.length },
    barley: { created: barley.created, linked: barley.linked, rejected: barley.rejected.length },
  });
  for (const problem of pedigree.rejected) logger?.warn('SoyBase pedigree record rejected', { ...problem });
  for (const problem of barley.rejected) logger?.warn('Barley pedigree record rejected', { ...problem });
  for (const report of genotypes) for (const problem of report.rejected) logger?.warn('Demo VCF column rejected', { file: report.file, ...problem });
  return { records, pedigree, barley, genotypes, sequences, vendorOrders: orders.length };
}
