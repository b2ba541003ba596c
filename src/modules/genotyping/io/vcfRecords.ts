// The records a VCF import makes besides its variants (vcfRows.ts): the reference set and its references, the
// variant set, the new samples and the call sets, each through its entity's declaration (importRecord), so that a
// field added to one of them stops here until the import says what it writes. Pure: importVcf.ts writes them.
import path from 'node:path';
import { importRecord, storedProps } from '../../../entities/import-records.js';
import type { NewRecord } from '../../../entities/presenter.js';
import { callSetEntity } from '../callsets/callsets.entity.js';
import { referenceEntity } from '../references/references.entity.js';
import { referenceSetEntity } from '../referencesets/referencesets.entity.js';
import { sampleEntity } from '../samples/samples.entity.js';
import { variantSetEntity } from '../variantsets/variantsets.entity.js';

export interface MatchedColumn {
  column: number;
  name: string;
  callSetDbId: string;
  sampleDbId: string;
  germplasmDbId: string | null;
  /** How the column was matched: an existing sample, or the germplasm field that named it (a new sample is made). */
  by: 'sampleName' | 'germplasmName' | 'accessionNumber' | 'germplasmPUI' | 'synonym';
}

const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '').slice(0, 60) || 'x';

/** The DbId of a crop's assembly of that name (shared by every import on it). */
export const referenceSetId = (crop: string, name: string) => `refset-${slug(crop)}-${slug(name)}`;
/** A contig's reference in the set (the variants' records name it as they are read, the commit links them to it). */
export const referenceDbId = (setId: string, contig: string) => `${setId}-${contig}`;

export interface ReferencePlan {
  set: { id: string; props: Record<string, unknown> };
  references: Array<{ id: string; props: Record<string, unknown> }>;
  /** contig -> referenceDbId */
  ids: Record<string, string>;
}

export interface ReferenceSetInput {
  name: string;
  crop: string;
  variantSetName: string;
  /** The header's ##contig lines: contig -> its length and MD5 when given. */
  declared: Record<string, { length?: number | string; md5?: string }>;
  /** Contigs of the data lines. */
  seen: Iterable<string>;
}

/** The reference set and its references (every contig of the header and of the data lines), as their entities store them. */
export function referenceSetRecords({ name, crop, variantSetName, declared, seen }: ReferenceSetInput): ReferencePlan {
  const id = referenceSetId(crop, name);
  const contigs = [...new Set([...Object.keys(declared), ...seen])];
  const references = contigs.map((contig) => {
    const meta = declared[contig] ?? {};
    const length = meta.length === undefined ? null : Number(meta.length);
    const made = importRecord(referenceEntity, {
      referenceDbId: referenceDbId(id, contig), referenceName: contig, referenceSetDbId: id,
      length: Number.isSafeInteger(length) ? length : null, md5checksum: meta.md5 ?? null, commonCropName: crop, isDerived: false,
      additionalInfo: null, externalReferences: null, sourceAccessions: null, sourceDivergence: null, sourceGermplasm: null, sourceURI: null, species: null,
    }, { sequenceBlockSize: null });
    return { id: made.id, contig, props: storedProps(made) };
  });
  const set = importRecord(referenceSetEntity, {
    referenceSetDbId: id, referenceSetName: name, commonCropName: crop, isDerived: false, description: `Assembly named by the VCF import of ${variantSetName}`,
    additionalInfo: null, assemblyPUI: null, externalReferences: null, md5checksum: null, sourceAccessions: null, sourceGermplasm: null, sourceURI: null, species: null,
  });
  return {
    set: { id, props: storedProps(set) },
    references: references.map(({ id: refId, props }) => ({ id: refId, props })),
    ids: Object.fromEntries(references.map((r) => [r.contig, r.id])),
  };
}

export interface VariantSetInput {
  variantSetDbId: string;
  variantSetName: string;
  studyDbId: string;
  referenceSetDbId: string;
  matched: MatchedColumn[];
  variants: number;
  /** The import's timestamp (ISO 8601). */
  created: string;
  file: string;
  metadataFields: Array<Record<string, string>>;
  /** The variants' DbIds before their row number. */
  variantIdPrefix: string;
}

/** The variant set, the samples made for columns matched to a germplasm (in the study), and a call set per column. */
export function variantSetRecords(p: VariantSetInput): { variantSet: NewRecord; samples: NewRecord[]; callSets: NewRecord[] } {
  const { variantSetDbId, studyDbId } = p;
  const variantSet = importRecord(variantSetEntity, {
    variantSetDbId,
    variantSetName: p.variantSetName,
    studyDbId,
    referenceSetDbId: p.referenceSetDbId,
    callSetCount: p.matched.length,
    variantCount: p.variants,
    metadataFields: p.metadataFields,
    availableFormats: [{ dataFormat: 'VCF', fileFormat: 'text/tsv', fileURL: null, expandHomozygotes: true, sepPhased: '|', sepUnphased: '/', unknownString: '.' }],
    analysis: [{ analysisDbId: `${variantSetDbId}-import`, analysisName: `VCF import of ${path.basename(p.file)}`, created: p.created, updated: p.created, description: null, software: null, type: 'import' }],
    additionalInfo: { sourceFile: path.basename(p.file) },
    externalReferences: null,
  }, { variantIdPrefix: p.variantIdPrefix });
  const samples = p.matched.filter((m) => m.by !== 'sampleName').map((m) => importRecord(sampleEntity, {
    sampleDbId: m.sampleDbId, sampleName: m.name, sampleDescription: `Genotyped in variant set ${variantSetDbId}`, sampleTimestamp: p.created,
    germplasmDbId: m.germplasmDbId, studyDbId, observationUnitDbId: null, plateDbId: null,
    additionalInfo: null, column: null, externalReferences: null, row: null, sampleBarcode: null, sampleGroupDbId: null, samplePUI: null,
    sampleType: null, takenBy: null, tissueType: null, well: null,
  }));
  const callSets = p.matched.map((m, i) => importRecord(callSetEntity, {
    callSetDbId: m.callSetDbId, callSetName: m.name, sampleDbId: m.sampleDbId, variantSetDbIds: [variantSetDbId],
    created: p.created, updated: p.created, additionalInfo: null, externalReferences: null,
  }, { callSetIndex: i }));
  return { variantSet, samples, callSets };
}
