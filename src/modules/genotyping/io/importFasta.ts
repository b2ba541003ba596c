// Imports an assembly's FASTA (plain or gzipped) as the sequences of a reference set's references: streamed line by
// line (a genome is never held in memory), every base checked (IUPAC nucleotide codes only, upper-cased), each record
// matched to a reference of the set by name, its length checked against the reference's (or set when it has none),
// its MD5 computed as BrAPI defines it (the upper-case sequence without whitespace; SAM's M5) and checked against a
// stored one. The sequence is stored in fixed-size blocks (docs/genotyping.md, "Reference sequences").
// All or nothing: blocks are staged in batches under a label no call reads, and one transaction at the end sets the
// references' lengths and checksums and turns the staged blocks into their sequences; on any failure the staged
// blocks are deleted and nothing remains, and what a killed import staged the next import removes (staging.ts).
import { createHash, randomUUID, type Hash } from 'node:crypto';
import path from 'node:path';
import { insertRecords } from '../../../entities/commands/links.js';
import { importRecord } from '../../../entities/import-records.js';
import type { NewRecord } from '../../../entities/presenter.js';
import { BadRequestError, NotFoundError } from '../../../errors.js';
import { cypher } from '../../../graph/cypher-files.js';
import type { Graph } from '../../../graph/port.js';
import { fileLines } from './fileLines.js';
import { referenceEntity } from '../references/references.entity.js';
import { recordName, referenceSetChecksum, sequenceLine } from './fastaLines.js';
import { beginStaging, discardStaging, endStaging, NOTHING_REMOVED, removeDeadStaging, type RemovedStaging } from './staging.js';

/** Bases per stored block: 64 KiB, one string property of about that many bytes. */
export const BLOCK_SIZE = 65_536;
/** Bases staged per write transaction (64 blocks). */
const BATCH_BASES = 64 * BLOCK_SIZE;

export interface FastaImportOptions {
  /** The reference set: its referenceSetDbId or its referenceSetName. */
  referenceSet: string;
  /** Make a reference of the set for a record that names none (else the record is skipped and reported). */
  createReferences?: boolean;
  dryRun?: boolean;
  /** Bases per block (default BLOCK_SIZE); stored on each reference, so references may differ. */
  blockSize?: number;
  /** Progress in bytes of the file read. */
  onProgress?: (bytesRead: number, bytesTotal: number) => void;
}

export interface FastaRecord {
  name: string;
  /** The line of its `>` header. */
  line: number;
  /** stored: on a reference of the set; created: on a reference made for it; skipped: no reference has its name. */
  status: 'stored' | 'created' | 'skipped';
  referenceDbId: string | null;
  length: number;
  md5checksum: string;
  blocks: number;
  /** The reference had a sequence already, which this one replaces. */
  replaced?: boolean;
  /** The reference had no length: the import sets it. */
  lengthSet?: boolean;
}

export interface FastaImportReport {
  file: string;
  dryRun: boolean;
  referenceSetDbId: string;
  referenceSetName: string;
  blockSize: number;
  records: FastaRecord[];
  /** References of the set the file has no record for (their sequences stay as they were). */
  missing: string[];
  /** Bases stored (or, in a dry run, that would be). */
  bases: number;
  /** What killed VCF or FASTA imports had left staged, removed before this one staged its own. */
  removedStaging: RemovedStaging;
  seconds: number;
}

type KnownReference = {
  referenceDbId: string;
  referenceName: string;
  length: number | null;
  md5checksum: string | null;
  stored: boolean;
};

type ReferenceSetRow = {
  referenceSetDbId: string;
  referenceSetName: string;
  commonCropName: string | null;
  references: KnownReference[];
};

/** The record being read. */
interface Current {
  record: FastaRecord;
  reference: KnownReference | null;
  hash: Hash;
  /** Bases read but not yet cut into blocks, and how many. */
  pending: string[];
  pendingLength: number;
}

export async function importFasta(graph: Graph, file: string, options: FastaImportOptions): Promise<FastaImportReport> {
  const started = Date.now();
  const blockSize = options.blockSize ?? BLOCK_SIZE;
  if (!Number.isSafeInteger(blockSize) || blockSize < 1) throw new BadRequestError('the block size must be a positive integer');
  const set = await findReferenceSet(graph, options.referenceSet);
  const byName = new Map<string, KnownReference[]>();
  for (const r of set.references) byName.set(r.referenceName, [...(byName.get(r.referenceName) ?? []), r]);

  const importId = randomUUID();
  const removedStaging = options.dryRun ? NOTHING_REMOVED : await removeDeadStaging(graph);
  if (!options.dryRun) await beginStaging(graph, importId);
  // Opened after the last await before the loop: readline drops the lines it reads while nothing iterates it.
  const { lines, total, bytesRead, close } = fileLines(file);

  const records: FastaRecord[] = [];
  const seen = new Map<string, number>();
  let batch: Array<{ referenceDbId: string; index: number; bases: string }> = [];
  let batchBases = 0;
  let current: Current | undefined;
  let lineNo = 0;
  let staged = 0;

  const flush = async () => {
    if (!batch.length) return;
    if (!options.dryRun) {
      const [row] = await graph.write<{ staged: number }>(cypher('genotyping/sequence/stage-blocks'), { importId, blocks: batch });
      if (row?.staged !== batch.length) throw new Error(`import ${importId}: its staging was removed (another import took it for dead); nothing was imported`);
    }
    staged += batch.length;
    batch = [];
    batchBases = 0;
    options.onProgress?.(bytesRead(), total);
  };
  /** Cuts the pending bases into blocks (all of them at the end of a record, else whole blocks only). */
  const cut = async (c: Current, last: boolean) => {
    if (c.pendingLength < blockSize && !(last && c.pendingLength)) return;
    let rest = c.pending.join('');
    while (rest.length >= blockSize || (last && rest.length)) {
      const bases = rest.slice(0, blockSize);
      rest = rest.slice(bases.length);
      if (c.reference) {
        batch.push({ referenceDbId: c.reference.referenceDbId, index: c.record.blocks, bases });
        batchBases += bases.length;
      }
      c.record.blocks++;
    }
    c.pending = rest ? [rest] : [];
    c.pendingLength = rest.length;
    if (batchBases >= BATCH_BASES) await flush();
  };
  const endRecord = async (c: Current) => {
    const r = c.record;
    if (r.length === 0) throw new BadRequestError(`line ${r.line}: record "${r.name}" has no sequence`);
    await cut(c, true);
    r.md5checksum = c.hash.digest('hex');
    const ref = c.reference;
    if (!ref) return;
    if (ref.length !== null && ref.length !== r.length) {
      throw new BadRequestError(`line ${r.line}: record "${r.name}" has ${r.length} bases, but reference ${ref.referenceDbId} has length ${ref.length}`);
    }
    if (ref.md5checksum && ref.md5checksum.toLowerCase() !== r.md5checksum) {
      throw new BadRequestError(`line ${r.line}: record "${r.name}" has MD5 ${r.md5checksum}, but reference ${ref.referenceDbId} has md5checksum ${ref.md5checksum}: another sequence`);
    }
  };

  try {
    for await (const line of lines) {
      lineNo++;
      if (line.startsWith('>')) {
        if (current) await endRecord(current);
        const name = recordName(line);
        if (!name) throw new BadRequestError(`line ${lineNo}: a ">" header without a record name`);
        if (seen.has(name)) throw new BadRequestError(`line ${lineNo}: record "${name}" appears twice (first at line ${seen.get(name)})`);
        seen.set(name, lineNo);
        current = startRecord(name, lineNo, byName, set, options.createReferences ?? false);
        records.push(current.record);
        continue;
      }
      let bases: string;
      try {
        bases = sequenceLine(line);
      } catch (err) {
        throw new BadRequestError(`line ${lineNo}, ${(err as Error).message}`);
      }
      if (!bases) continue;
      if (!current) throw new BadRequestError(`line ${lineNo}: sequence before the first ">" header: not a FASTA file`);
      const { record, reference } = current;
      record.length += bases.length;
      if (reference?.length != null && record.length > reference.length) {
        throw new BadRequestError(`line ${lineNo}: record "${record.name}" is longer than reference ${reference.referenceDbId} (length ${reference.length})`);
      }
      current.hash.update(bases);
      current.pending.push(bases);
      current.pendingLength += bases.length;
      await cut(current, false);
    }
    if (!current) throw new BadRequestError('no ">" header line: not a FASTA file');
    await endRecord(current);
    await flush();
    if (!records.some((r) => r.status !== 'skipped')) {
      throw new BadRequestError(`no record of the file names a reference of ${set.referenceSetName} (${set.referenceSetDbId}); its references: ${set.references.map((r) => r.referenceName).join(', ') || 'none'}`);
    }
    if (!options.dryRun) await commit(graph, importId, set, records, blockSize, staged);
  } catch (err) {
    close();
    if (!options.dryRun) await discardStaging(graph, importId);
    throw err;
  }
  options.onProgress?.(total, total);
  return {
    file: path.basename(file),
    dryRun: Boolean(options.dryRun),
    referenceSetDbId: set.referenceSetDbId,
    referenceSetName: set.referenceSetName,
    blockSize,
    records,
    missing: set.references.filter((r) => !seen.has(r.referenceName)).map((r) => r.referenceName),
    bases: records.filter((r) => r.status !== 'skipped').reduce((n, r) => n + r.length, 0),
    removedStaging,
    seconds: (Date.now() - started) / 1000,
  };
}

async function findReferenceSet(graph: Graph, named: string): Promise<ReferenceSetRow> {
  const rows = await graph.read<ReferenceSetRow>(cypher('genotyping/sequence/reference-set'), { referenceSet: named });
  const exact = rows.filter((r) => r.referenceSetDbId === named);
  if (exact.length === 1) return exact[0];
  if (!rows.length) throw new NotFoundError(`No reference set has referenceSetDbId or referenceSetName "${named}" (a VCF import makes the reference set; GET /referencesets lists them).`);
  if (rows.length > 1) throw new BadRequestError(`${rows.length} reference sets are named "${named}": name one by its referenceSetDbId (${rows.map((r) => r.referenceSetDbId).join(', ')}).`);
  return rows[0];
}

function startRecord(name: string, line: number, byName: Map<string, KnownReference[]>, set: ReferenceSetRow, create: boolean): Current {
  const found = byName.get(name) ?? [];
  if (found.length > 1) throw new BadRequestError(`line ${line}: ${found.length} references of ${set.referenceSetDbId} are named "${name}" (${found.map((r) => r.referenceDbId).join(', ')})`);
  let reference: KnownReference | null = found[0] ?? null;
  let status: FastaRecord['status'] = reference ? 'stored' : 'skipped';
  if (!reference && create) {
    reference = { referenceDbId: `${set.referenceSetDbId}-${name}`, referenceName: name, length: null, md5checksum: null, stored: false };
    status = 'created';
  }
  const record: FastaRecord = { name, line, status, referenceDbId: reference?.referenceDbId ?? null, length: 0, md5checksum: '', blocks: 0 };
  if (reference?.stored) record.replaced = true;
  if (status === 'stored' && reference!.length === null) record.lengthSet = true;
  return { record, reference, hash: createHash('md5'), pending: [], pendingLength: 0 };
}

/**
 * The references made for records that name none of the set (--create-references), through the reference's
 * declaration (importRecord); their length, MD5 and block size are set with the others' at commit.
 */
export function fastaReferenceRecords(referenceSetDbId: string, crop: string | null, names: string[]): NewRecord[] {
  return names.map((name) => importRecord(referenceEntity, {
    referenceDbId: `${referenceSetDbId}-${name}`, referenceName: name, referenceSetDbId, commonCropName: crop, isDerived: false,
    length: null, md5checksum: null, additionalInfo: null, externalReferences: null, sourceAccessions: null, sourceDivergence: null,
    sourceGermplasm: null, sourceURI: null, species: null,
  }, { sequenceBlockSize: null }));
}

async function commit(graph: Graph, importId: string, set: ReferenceSetRow, records: FastaRecord[], blockSize: number, staged: number) {
  const kept = records.filter((r) => r.status !== 'skipped');
  const created = fastaReferenceRecords(set.referenceSetDbId, set.commonCropName, kept.filter((r) => r.status === 'created').map((r) => r.name));
  const sequences = kept.map((r) => ({ referenceDbId: r.referenceDbId, length: r.length, md5checksum: r.md5checksum, blockSize }));
  await graph.transaction(async (tx) => {
    if (created.length) await insertRecords(tx, referenceEntity, created);
    const [refs] = await tx.run<{ references: number }>(cypher('genotyping/sequence/commit-sequences'), { sequences });
    if (refs.references !== sequences.length) throw new Error(`updated ${refs.references} references, expected ${sequences.length}`);
    const [linked] = await tx.run<{ blocks: number }>(cypher('genotyping/sequence/link-blocks'), { importId });
    if (linked.blocks !== staged) throw new Error(`staged ${linked.blocks} blocks, expected ${staged}`);
    const md5s = await tx.run<{ md5checksum: string | null }>(cypher('genotyping/sequence/reference-set-checksum'), { referenceSetDbId: set.referenceSetDbId });
    const checksum = referenceSetChecksum(md5s.map((m) => m.md5checksum));
    if (checksum) await tx.run(cypher('genotyping/sequence/set-reference-set-checksum'), { referenceSetDbId: set.referenceSetDbId, md5checksum: checksum });
    await endStaging(tx, importId);
  });
}

