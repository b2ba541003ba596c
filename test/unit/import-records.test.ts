// The importers write records through the entities' declarations (src/entities/import-records.ts): every property an
// importer stores is one its entity declares (a field of the official schema, a property derived from one, or an
// internal property the declaration lists), its references become the declared relationships, and an importer that
// writes an undeclared field, or misses one (a field added to a declaration), is stopped, naming it.
import VCF from '@gmod/vcf';
import { expect } from 'chai';
import { importRecord, importedFields } from '../../src/entities/import-records.js';
import type { NewRecord } from '../../src/entities/presenter.js';
import { schemaFields } from '../../src/entities/schema-fields.js';
import type { EntityDef } from '../../src/entities/types.js';
import { callSetEntity } from '../../src/modules/genotyping/callsets/callsets.entity.js';
import { fastaReferenceRecords } from '../../src/modules/genotyping/io/importFasta.js';
import { referenceSetRecords, variantSetRecords, type MatchedColumn } from '../../src/modules/genotyping/io/vcfRecords.js';
import { variantRecord } from '../../src/modules/genotyping/io/vcfRows.js';
import { referenceEntity } from '../../src/modules/genotyping/references/references.entity.js';
import { referenceSetEntity } from '../../src/modules/genotyping/referencesets/referencesets.entity.js';
import { sampleEntity } from '../../src/modules/genotyping/samples/samples.entity.js';
import { variantEntity } from '../../src/modules/genotyping/variants/variants.entity.js';
import { variantSetEntity } from '../../src/modules/genotyping/variantsets/variantsets.entity.js';

const HEADER = '##fileformat=VCFv4.2\n##contig=<ID=Gm01,length=5000>\n#CHROM\tPOS\tID\tREF\tALT\tQUAL\tFILTER\tINFO\tFORMAT\ta\tb\n';
const LINE = 'Gm01\t100\trs7\tA\tG,T\t37\tq10\tDP=12;SVLEN=-3\tGT\t0/1\t2|2';
const CREATED = '2026-01-01T00:00:00Z';

/**
 * The properties a node of `entity` may hold, worked out here from the declaration and the schema (not through
 * importRecord): the schema's fields less the references stored as relationships, the internal properties, and what
 * the entity derives from the record.
 */
function declaredProps(entity: EntityDef, record: Record<string, unknown>): Set<string> {
  const asRelationships = new Set(entity.refs.filter((r) => !r.key || r.embed).map((r) => r.field));
  const derived = entity.derive ? Object.keys(entity.derive(record)) : [];
  return new Set([...schemaFields(entity).filter((f) => !asRelationships.has(f)), ...Object.keys(entity.internal ?? {}), ...derived]);
}

/** Every stored property of an importer's record is declared, and the DbId and the internal properties are stored. */
function expectDeclared(entity: EntityDef, made: NewRecord) {
  const allowed = declaredProps(entity, made.input);
  const stored = Object.keys(made.plan.props);
  expect(stored.filter((p) => !allowed.has(p)), `${entity.label} properties its declaration does not list`).to.deep.equal([]);
  expect(stored).to.include.members([entity.idField, ...Object.keys(entity.internal ?? {})]);
  expect(Object.keys(made.input).sort(), `${entity.label} fields the importer names`).to.deep.equal([...importedFields(entity).fields].sort());
}

const matched: MatchedColumn[] = [
  { column: 0, name: 'a', callSetDbId: 'vs-1-cs000001', sampleDbId: 'sample-a', germplasmDbId: 'g-a', by: 'sampleName' },
  { column: 1, name: 'b', callSetDbId: 'vs-1-cs000002', sampleDbId: 'vs-1-cs000002-sample', germplasmDbId: 'g-b', by: 'germplasmName' },
];

const vcfSet = () => variantSetRecords({
  variantSetDbId: 'vs-1', variantSetName: 'one', studyDbId: 'study-1', referenceSetDbId: 'refset-soybean-x', matched, variants: 1,
  created: CREATED, file: '/tmp/one.vcf', metadataFields: [{ dataType: 'string', fieldAbbreviation: 'GT', fieldName: 'Genotype' }], variantIdPrefix: 'vs-1-v',
});

describe('importers write through the entities\' declarations', () => {
  it('VCF: a variant stores only declared properties, and names its set and reference as relationships', () => {
    const variant = new VCF({ header: HEADER }).parseLine(LINE);
    const made = variantRecord(variant, 'vs-1-v00000001', 0, CREATED, { variantSetDbId: 'vs-1', referenceDbId: 'refset-soybean-x-Gm01', importId: 'imp-1' });
    expectDeclared(variantEntity, made);
    expect(made.plan.props).to.include({ variantDbId: 'vs-1-v00000001', variantIndex: 0, importId: 'imp-1', start: 99, end: 100 });
    expect(made.plan.links).to.deep.equal({ variantSetDbId: ['vs-1'], referenceDbId: ['refset-soybean-x-Gm01'] });
  });

  it('VCF: the reference set, its references, the variant set, new samples and call sets store only declared properties', () => {
    const { set, references } = referenceSetRecords({ name: 'Wm82.a4', crop: 'Soybean', variantSetName: 'one', declared: { Gm01: { length: 5000 } }, seen: ['Gm01', 'Gm02'] });
    const setKeys = Object.keys(set.props);
    const allowedSet = declaredProps(referenceSetEntity, {});
    expect(setKeys.filter((p) => !allowedSet.has(p))).to.deep.equal([]);
    const allowedRef = declaredProps(referenceEntity, {});
    for (const r of references) expect(Object.keys(r.props).filter((p) => !allowedRef.has(p))).to.deep.equal([]);
    expect(references.map((r) => r.props.length ?? null)).to.deep.equal([5000, null]);

    const { variantSet, samples, callSets } = vcfSet();
    expectDeclared(variantSetEntity, variantSet);
    expect(variantSet.plan.links).to.deep.equal({ studyDbId: ['study-1'], referenceSetDbId: ['refset-soybean-x'] });
    expect(JSON.parse(variantSet.plan.props.analysis as string)[0].analysisName).to.equal('VCF import of one.vcf');
    // Only the column matched to a germplasm gets a new sample.
    expect(samples.map((s) => s.id)).to.deep.equal(['vs-1-cs000002-sample']);
    for (const s of samples) expectDeclared(sampleEntity, s);
    expect(samples[0].plan.links).to.deep.include({ germplasmDbId: ['g-b'], studyDbId: ['study-1'] });
    for (const c of callSets) expectDeclared(callSetEntity, c);
    expect(callSets.map((c) => [c.plan.props.callSetIndex, c.plan.links.sampleDbId])).to.deep.equal([[0, ['sample-a']], [1, ['vs-1-cs000002-sample']]]);
  });

  it('FASTA: a reference made for a record stores only declared properties, in its set', () => {
    const [made] = fastaReferenceRecords('refset-soybean-x', 'Soybean', ['Gm03']);
    expectDeclared(referenceEntity, made);
    expect(made.plan.links).to.deep.equal({ referenceSetDbId: ['refset-soybean-x'] });
    expect(made.plan.props).to.include({ referenceDbId: 'refset-soybean-x-Gm03', referenceName: 'Gm03', commonCropName: 'Soybean', isDerived: false });
  });

  it('refuses a field or an internal property the entity does not declare, naming it', () => {
    const variant = new VCF({ header: HEADER }).parseLine(LINE);
    const { input } = variantRecord(variant, 'vs-1-v1', 0, CREATED, { variantSetDbId: 'vs-1', referenceDbId: null, importId: 'imp-1' });
    expect(() => importRecord(variantEntity, { ...input, variantQuality: 37 }, { variantIndex: 0, importId: 'imp-1' }))
      .to.throw('Variant declares no field "variantQuality"');
    expect(() => importRecord(variantEntity, input, { variantIndex: 0, importId: 'imp-1', rowNumber: 1 }))
      .to.throw('Variant declares no internal property "rowNumber"');
    // A field shown from another record (the reference set's DbId, through the reference) is not the importer's.
    expect(() => importRecord(variantEntity, { ...input, referenceSetDbId: 'refset-x' }, { variantIndex: 0, importId: 'imp-1' }))
      .to.throw('Variant declares no field "referenceSetDbId"');
  });

  it('stops an importer that misses a field, and each importer once its entity declares one more', () => {
    const variant = new VCF({ header: HEADER }).parseLine(LINE);
    const { input } = variantRecord(variant, 'vs-1-v1', 0, CREATED, { variantSetDbId: 'vs-1', referenceDbId: null, importId: 'imp-1' });
    const { svlen: _left, ...withoutSvlen } = input;
    expect(() => importRecord(variantEntity, withoutSvlen, { variantIndex: 0, importId: 'imp-1' })).to.throw('an importer of Variant misses the field "svlen"');
    const added = (entity: EntityDef, run: () => unknown) => {
      const before = entity.internal;
      entity.internal = { ...before, addedForTest: 'a property added to the declaration' };
      try {
        expect(run).to.throw(`an importer of ${entity.label} misses the internal property "addedForTest"`);
      } finally {
        entity.internal = before;
      }
    };
    added(variantEntity, () => variantRecord(variant, 'vs-1-v1', 0, CREATED, { variantSetDbId: 'vs-1', referenceDbId: null, importId: 'imp-1' }));
    for (const entity of [variantSetEntity, sampleEntity, callSetEntity]) added(entity, vcfSet);
    for (const entity of [referenceSetEntity, referenceEntity]) {
      added(entity, () => referenceSetRecords({ name: 'x', crop: 'Soybean', variantSetName: 'one', declared: {}, seen: ['Gm01'] }));
    }
    added(referenceEntity, () => fastaReferenceRecords('refset-soybean-x', 'Soybean', ['Gm03']));
  });
});
