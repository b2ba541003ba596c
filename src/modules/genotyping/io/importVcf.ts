// Imports one VCF (plain or gzipped) as a variant set of a study: streamed line by line through @gmod/vcf, each
// sample column matched to a sample of the study (by sampleName) or else to a germplasm of the crop (by name,
// accession number, PUI or synonym; a new sample is made for it), calls packed one row per variant
// (../calls/codec.ts). All or nothing: variants are staged in batches under a label no call reads, and one
// transaction at the end creates the variant set, samples and call sets and turns the staged variants into variants;
// on any failure the staged ones are deleted and nothing remains, and what a killed import left is removed by the next
// (staging.ts). Every record is written through its entity's declaration (importRecord): fields, internal
// properties, labels and relationship types.
import VCF, { type Variant as VcfVariant } from '@gmod/vcf';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { BadRequestError, NotFoundError } from '../../../errors.js';
import { insertRecords } from '../../../entities/commands/links.js';
import { storedProps } from '../../../entities/import-records.js';
import { cypher } from '../../../graph/cypher-files.js';
import type { Graph } from '../../../graph/port.js';
import { refreshStatistics } from '../../../graph/schema.js';
import { signed } from '../calls/codec.js';
import { VARIANT_ID_DIGITS } from '../calls/queries.js';
import { callSetEntity } from '../callsets/callsets.entity.js';
import { sampleEntity } from '../samples/samples.entity.js';
import { variantSetEntity } from '../variantsets/variantsets.entity.js';
import { fileLines } from './fileLines.js';
import { beginStaging, discardStaging, endStaging, NOTHING_REMOVED, removeDeadStaging, type RemovedStaging } from './staging.js';
import { COMMIT_REFERENCES, COMMIT_VARIANTS, STAGE_VARIANTS } from './vcfStatements.js';
import { referenceDbId, referenceSetId, referenceSetRecords, type MatchedColumn, type ReferencePlan, type ReferenceSetInput, variantSetRecords } from './vcfRecords.js';
import { packCalls, scratchFor, variantRecord } from './vcfRows.js';

export interface VcfImportOptions {
  crop: string;
  studyDbId: string;
  variantSetDbId?: string;
  variantSetName?: string;
  /** The assembly the positions are on (default: the file's ##reference line, else one named after the variant set). */
  referenceSet?: string;
  dryRun?: boolean;
  /** Variants per staging transaction. */
  batchSize?: number;
  /**
   * Accept a file whose first line is not `##fileformat=VCFv4.x` (a header cut short by a tool, an older version).
   * Without it such a file is refused, as bcftools refuses it ("unknown file type"); the CLI's --lenient.
   */
  lenient?: boolean;
  /** Progress in bytes of the file read. */
  onProgress?: (bytesRead: number, bytesTotal: number) => void;
}

export type { MatchedColumn } from './vcfRecords.js';

export interface RejectedColumn {
  column: number;
  name: string;
  reason: string;
  candidates?: string[];
}

export interface VcfImportReport {
  file: string;
  dryRun: boolean;
  crop: string;
  studyDbId: string;
  variantSetDbId: string;
  variantSetName: string;
  sampleColumns: number;
  matched: MatchedColumn[];
  rejected: RejectedColumn[];
  variants: number;
  calls: number;
  missingCalls: number;
  contigs: string[];
  referenceSetDbId: string;
  referenceSetName: string;
  /** What earlier imports killed before their commit had left staged, removed first (nothing in a dry run). */
  removedStaging: RemovedStaging;
  seconds: number;
}

const pad = (n: number, width: number) => String(n).padStart(width, '0');
/** Variant DbIds: the set's DbId, this, and the 1-based row number in VARIANT_ID_DIGITS digits (read by it). */
export const VARIANT_ID = '-v';

/** VCF 4.0 to 4.5 (and later 4.x) as the first line says it; bcftools reads no file without a ##fileformat line. */
const FILEFORMAT = /^##fileformat=VCFv4\.\d+\s*$/;
/** CHROM POS ID REF ALT QUAL FILTER INFO FORMAT, before the sample columns. */
const FIXED_COLUMNS = 9;

/** Tab-separated fields of a line, counted without splitting it (a line of a wide file holds thousands). */
function fieldCount(line: string): number {
  let n = 1;
  for (let i = line.indexOf('\t'); i !== -1; i = line.indexOf('\t', i + 1)) n++;
  return n;
}

export async function importVcf(graph: Graph, file: string, options: VcfImportOptions): Promise<VcfImportReport> {
  const started = Date.now();
  const crop = options.crop.trim();
  const batchSize = options.batchSize ?? 500;
  const variantSetDbId = options.variantSetDbId ?? `vs-${randomUUID().slice(0, 8)}`;
  const variantSetName = options.variantSetName ?? path.basename(file).replace(/\.vcf(\.gz)?$/i, '');
  const [study] = await graph.read<{ studyDbId: string | null; crop: string | null; taken: boolean }>(cypher('genotyping/study'), { studyDbId: options.studyDbId, variantSetDbId });
  if (!study.studyDbId) throw new NotFoundError(`No study has studyDbId "${options.studyDbId}".`);
  if (study.crop && study.crop !== crop) throw new BadRequestError(`Study "${options.studyDbId}" is a ${study.crop} study, not ${crop}.`);
  if (study.taken) throw new BadRequestError(`A variant set "${variantSetDbId}" exists already.`);

  const importId = randomUUID();
  const removedStaging = options.dryRun ? NOTHING_REMOVED : await removeDeadStaging(graph);
  if (!options.dryRun) await beginStaging(graph, importId);
  // Opened after the last await before the loop: readline drops the lines it reads while nothing iterates it.
  const { lines, total, bytesRead, close } = fileLines(file);

  const created = new Date().toISOString();
  const header: string[] = [];
  let parser: VCF | undefined;
  let columns = new Int32Array(0);
  let matched: MatchedColumn[] = [];
  let rejected: RejectedColumn[] = [];
  let buffers = scratchFor(0);
  let batch: Array<{ props: Record<string, unknown>; calls: Int8Array; ploidy: number }> = [];
  let variants = 0;
  let missingCalls = 0;
  let lineNo = 0;
  const contigs = new Set<string>();
  let reference: ReferencePlan | undefined;
  let referenceSetDbId = '';
  const flush = async () => {
    if (!batch.length) return;
    if (!options.dryRun) {
      const [row] = await graph.write<{ staged: number }>(STAGE_VARIANTS, { importId, rows: batch });
      if (row?.staged !== batch.length) throw new Error(`import ${importId}: its staging was removed (another import took it for dead); nothing was imported`);
    }
    batch = [];
    options.onProgress?.(bytesRead(), total);
  };

  try {
    for await (const line of lines) {
      lineNo++;
      if (lineNo === 1 && !options.lenient && !FILEFORMAT.test(line)) {
        throw new BadRequestError(`line 1: a VCF starts with ##fileformat=VCFv4.x; this file starts with ${JSON.stringify(line.slice(0, 60))} ` +
          '(bcftools refuses it as "unknown file type"). Nothing was imported; to import it anyway, pass --lenient (lenient: true).');
      }
      if (!parser) {
        if (!line.startsWith('#')) throw new BadRequestError(`line ${lineNo}: data before the #CHROM header line`);
        header.push(line);
        if (line.startsWith('#CHROM')) {
          parser = new VCF({ header: header.join('\n') });
          if (!parser.samples.length) throw new BadRequestError('the VCF has no sample columns');
          ({ matched, rejected, columns } = await matchColumns(graph, parser.samples, crop, options.studyDbId, variantSetDbId));
          if (!matched.length) throw new BadRequestError(`no sample column of the VCF names a sample of the study or a ${crop} germplasm (see the rejected columns)`);
          buffers = scratchFor(matched.length);
          referenceSetDbId = referenceSetId(crop, referenceSetName(parser, options.referenceSet ?? null, crop, variantSetName));
        }
        continue;
      }
      if (!line.trim()) continue;
      let variant: VcfVariant;
      let packed;
      const found = fieldCount(line) - FIXED_COLUMNS;
      if (found !== parser.samples.length) {
        throw new BadRequestError(`line ${lineNo}: ${line.split('\t', 2).join(':')} has ${found} sample columns; the #CHROM line names ${parser.samples.length}`);
      }
      try {
        variant = parser.parseLine(line);
        if (!variant.CHROM || !Number.isInteger(variant.POS) || variant.POS < 1) throw new BadRequestError('no CHROM or POS');
        packed = packCalls(variant, columns, matched.length, buffers.scratch, buffers.lengths);
      } catch (err) {
        throw new BadRequestError(`line ${lineNo}: ${(err as Error).message}`);
      }
      contigs.add(variant.CHROM);
      missingCalls += packed.missing;
      const record = variantRecord(variant, `${variantSetDbId}${VARIANT_ID}${pad(variants + 1, VARIANT_ID_DIGITS)}`, variants, created, {
        variantSetDbId, referenceDbId: referenceDbId(referenceSetDbId, variant.CHROM), importId,
      });
      batch.push({ props: storedProps(record), calls: signed(packed.bytes), ploidy: packed.ploidy });
      variants++;
      if (batch.length >= batchSize) await flush();
    }
    if (!parser) throw new BadRequestError('no #CHROM header line: not a VCF');
    if (!variants) throw new BadRequestError('the VCF has no variant lines');
    await flush();
    reference = referenceSetRecords({
      name: referenceSetName(parser, options.referenceSet ?? null, crop, variantSetName), crop, variantSetName,
      declared: (parser.getMetadata('contig') ?? {}) as ReferenceSetInput['declared'], seen: contigs,
    });
    if (!options.dryRun) await commit(graph, { importId, variantSetDbId, variantSetName, studyDbId: options.studyDbId, matched, variants, created, file, metadataFields: formatFields(parser), reference });
  } catch (err) {
    close();
    if (!options.dryRun) await discardStaging(graph, importId);
    throw err;
  }
  if (!options.dryRun && variants >= 1000) await refreshStatistics(graph);
  options.onProgress?.(total, total);
  return {
    file: path.basename(file),
    dryRun: Boolean(options.dryRun),
    crop,
    studyDbId: options.studyDbId,
    variantSetDbId,
    variantSetName,
    sampleColumns: parser.samples.length,
    matched,
    rejected,
    variants,
    calls: variants * matched.length,
    missingCalls,
    contigs: [...contigs],
    referenceSetDbId: reference!.set.id,
    referenceSetName: String(reference!.set.props.referenceSetName),
    removedStaging,
    seconds: (Date.now() - started) / 1000,
  };
}

/** The assembly's name: the one given, else the file's ##reference line, else one named after the variant set. */
function referenceSetName(parser: VCF, named: string | null, crop: string, variantSetName: string): string {
  const header = parser.getMetadata('reference');
  return named ?? (typeof header === 'string' && header ? header : `${crop} assembly of ${variantSetName}`);
}

/** The FORMAT fields the header declares, as the variant set's metadataFields (only GT is stored). */
function formatFields(parser: VCF): Array<Record<string, string>> {
  const format = (parser.getMetadata('FORMAT') ?? {}) as Record<string, { Type?: string; Description?: string }>;
  const types: Record<string, string> = { Integer: 'integer', Float: 'float', Flag: 'boolean', String: 'string', Character: 'string' };
  return Object.entries(format).filter(([key]) => key === 'GT').map(([key, meta]) => ({
    dataType: types[meta.Type ?? 'String'] ?? 'string',
    fieldAbbreviation: key,
    fieldName: key === 'GT' ? 'Genotype' : meta.Description ?? key,
  }));
}

type Candidates = Map<string, Array<{ field: MatchedColumn['by']; ids: string[] }>>;

/** Each sample column -> its call set, or the reason it is left out (unknown, ambiguous or repeated name). */
async function matchColumns(graph: Graph, names: string[], crop: string, studyDbId: string, variantSetDbId: string) {
  const unique = [...new Set(names)];
  const samples = new Map((await graph.read<{ name: string; ids: string[]; germplasm: string[] }>(cypher('genotyping/samples-by-name'), { names: unique, studyDbId }))
    .map((r) => [r.name, r]));
  const candidates: Candidates = new Map();
  const rows = [
    ...(await graph.read<{ name: string; field: MatchedColumn['by']; ids: string[] }>(cypher('germplasm/pedigree/match-names'), { names: unique, crop })),
    ...(await graph.read<{ name: string; field: MatchedColumn['by']; ids: string[] }>(cypher('germplasm/pedigree/match-synonyms'), { names: unique, crop })),
  ];
  for (const r of rows) {
    const list = candidates.get(r.name) ?? [];
    list.push({ field: r.field, ids: r.ids });
    candidates.set(r.name, list);
  }
  const seen = new Map<string, number>();
  for (const n of names) seen.set(n, (seen.get(n) ?? 0) + 1);

  const matched: MatchedColumn[] = [];
  const rejected: RejectedColumn[] = [];
  const columns = new Int32Array(names.length).fill(-1);
  names.forEach((name, column) => {
    if (seen.get(name)! > 1) return rejected.push({ column, name, reason: 'the name heads more than one sample column' });
    const callSetDbId = `${variantSetDbId}-cs${pad(matched.length + 1, 6)}`;
    const sample = samples.get(name);
    if (sample) {
      if (sample.ids.length > 1) return rejected.push({ column, name, reason: 'more than one sample of the study has this name', candidates: sample.ids });
      columns[column] = matched.length;
      return matched.push({ column, name, callSetDbId, sampleDbId: sample.ids[0], germplasmDbId: sample.germplasm[0] ?? null, by: 'sampleName' });
    }
    // The most specific field that names anything decides: a name is a germplasmName before it is a synonym.
    const found = candidates.get(name) ?? [];
    const order: MatchedColumn['by'][] = ['germplasmName', 'accessionNumber', 'germplasmPUI', 'synonym'];
    const first = order.map((field) => found.find((f) => f.field === field && f.ids.length)).find(Boolean);
    if (!first) return rejected.push({ column, name, reason: `no sample of the study and no ${crop} germplasm has this name` });
    const ids = [...new Set(first.ids)];
    if (ids.length > 1) return rejected.push({ column, name, reason: `ambiguous: ${ids.length} ${crop} germplasm have this ${first.field}`, candidates: ids });
    columns[column] = matched.length;
    matched.push({ column, name, callSetDbId, sampleDbId: `${callSetDbId}-sample`, germplasmDbId: ids[0], by: first.field });
  });
  return { matched, rejected, columns };
}

interface CommitProps {
  importId: string;
  variantSetDbId: string;
  variantSetName: string;
  studyDbId: string;
  matched: MatchedColumn[];
  variants: number;
  created: string;
  file: string;
  metadataFields: Array<Record<string, string>>;
  reference: ReferencePlan;
}

async function commit(graph: Graph, p: CommitProps) {
  const { importId, variantSetDbId } = p;
  const { variantSet, samples, callSets } = variantSetRecords({ ...p, referenceSetDbId: p.reference.set.id, variantIdPrefix: `${variantSetDbId}${VARIANT_ID}` });
  await graph.transaction(async (tx) => {
    await tx.run(COMMIT_REFERENCES, { set: p.reference.set, references: p.reference.references });
    await insertRecords(tx, variantSetEntity, [variantSet]);
    if (samples.length) await insertRecords(tx, sampleEntity, samples);
    await insertRecords(tx, callSetEntity, callSets);
    const [row] = await tx.run<{ variants: number }>(COMMIT_VARIANTS, { importId, variantSetDbId, referenceIds: p.reference.ids });
    if (row.variants !== p.variants) throw new Error(`staged ${row.variants} variants, expected ${p.variants}`);
    await endStaging(tx, importId);
  });
}
