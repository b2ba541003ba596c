// /samples (BrAPI-Genotyping): demo leaf and seed samples of study-urbana-2024, filters through unit, germplasm,
// study, trial and program, create / get / update (by DbId and the bulk map), and the trial and program that come
// from the sample's study.
import { expect } from 'chai';
import { count, removeNodes } from '../support/graph.js';
import { api, server } from '../support/server.js';
import { expectAllFields, expectValidResponse } from '../support/schema.js';

const PLANT_1 = 'sample-urbana-2024-plot-101-plant-1-leaf';
const PLANT_2 = 'sample-urbana-2024-plot-101-plant-2-leaf';
const BULK = 'sample-urbana-2024-plot-102-bulk-leaf';
const SEED = 'sample-urbana-2024-plot-103-seed';
const DEMO = [PLANT_1, PLANT_2, BULK, SEED].sort();
const LEAF = [PLANT_1, PLANT_2, BULK].sort();

async function call(query = '') {
  const res = await api('GET', `/samples${query ? `?${query}` : ''}`);
  expect(res.status, res.text).to.equal(200);
  expectValidResponse('get', '/samples', 200, res.json);
  for (const record of res.json.result.data) expectAllFields('Genotyping', 'Sample', record);
  const messages = res.json.metadata.status.map((s: any) => `${s.messageType}: ${s.message}`).join('\n') as string;
  return { res, ids: (res.json.result.data.map((r: any) => r.sampleDbId) as string[]).sort(), messages };
}

async function create(records: object[]) {
  const res = await api('POST', '/samples', records);
  expect(res.status, res.text).to.equal(200);
  expectValidResponse('post', '/samples', 200, res.json);
  return res.json.result.data as any[];
}

describe('samples', () => {
  const created: string[] = [];
  const plates: string[] = [];
  after(async () => {
    await removeNodes('Sample', 'sampleDbId', created);
    await removeNodes('Plate', 'plateDbId', plates);
  });

  it('lists the demo samples with their unit, germplasm, study, and the study\'s trial and program', async () => {
    const { res, ids } = await call();
    expect(ids).to.include.members(DEMO);
    const plant1 = res.json.result.data.find((s: any) => s.sampleDbId === PLANT_1);
    expect(plant1).to.include({
      sampleName: 'UST24-URB-101-P1-L',
      observationUnitDbId: 'ou-urbana-2024-plot-101-plant-1',
      germplasmDbId: 'soy-williams-82',
      studyDbId: 'study-urbana-2024',
      trialDbId: 'trial-uniform-soybean-2024',
      programDbId: 'program-soybean-main',
      plateDbId: 'plate-ust24-dna-01',
      plateName: 'UST24 DNA plate 01',
      well: 'A01',
      row: 'A',
      column: 1,
      tissueType: 'Leaf',
      sampleType: 'Tissue',
    });
    expect(plant1.externalReferences).to.deep.equal([{ referenceId: 'LIMS-24-0001', referenceSource: 'soybean genotyping LIMS' }]);
    const rels = await server().graph.read<{ rel: string; id: string }>(
      `MATCH (:Sample {sampleDbId: $id})-[r]->(t)
       RETURN type(r) AS rel, coalesce(t.observationUnitDbId, t.germplasmDbId, t.studyDbId, t.plateDbId) AS id ORDER BY rel`,
      { id: PLANT_1 },
    );
    expect(rels).to.deep.equal([
      { rel: 'FROM_UNIT', id: 'ou-urbana-2024-plot-101-plant-1' },
      { rel: 'IN_STUDY', id: 'study-urbana-2024' },
      { rel: 'OF_GERMPLASM', id: 'soy-williams-82' },
      { rel: 'ON_PLATE', id: 'plate-ust24-dna-01' },
    ]);
  });

  it('filters by each parameter, ORs repeated values, ANDs two, and explains an empty answer', async () => {
    expect((await call(`sampleDbId=${SEED}`)).ids).to.deep.equal([SEED]);
    expect((await call('sampleName=UST24-URB-102-BULK-L')).ids).to.deep.equal([BULK]);
    expect((await call('sampleGroupDbId=samplegroup-ust24-urbana-leaf-dna')).ids).to.deep.equal([PLANT_1, PLANT_2].sort());
    expect((await call('plateDbId=plate-ust24-dna-01')).ids).to.deep.equal(LEAF);
    expect((await call('plateName=UST24%20DNA%20plate%2001')).ids).to.deep.equal(LEAF);
    expect((await call('observationUnitDbId=ou-urbana-2024-plot-101-plant-2&observationUnitDbId=ou-urbana-2024-plot-103')).ids).to.deep.equal([PLANT_2, SEED].sort());
    expect((await call('germplasmDbId=soy-williams-82')).ids).to.deep.equal([PLANT_1, PLANT_2].sort());
    expect((await call('studyDbId=study-urbana-2024')).ids).to.include.members(DEMO);
    expect((await call('trialDbId=trial-uniform-soybean-2024')).ids).to.include.members(DEMO);
    expect((await call('trialDbId=trial-uniform-soybean-2023')).ids).to.not.include.members([PLANT_1]);
    expect((await call('programDbId=program-soybean-main')).ids).to.include.members(DEMO);
    expect((await call('commonCropName=Soybean')).ids).to.include.members(DEMO);
    expect((await call('externalReferenceId=LIMS-24-0002&externalReferenceSource=soybean%20genotyping%20LIMS')).ids).to.deep.equal([PLANT_2]);
    expect((await call('externalReferenceID=LIMS-24-0001')).ids).to.deep.equal([PLANT_1]);
    expect((await call('plateDbId=plate-ust24-dna-01&germplasmDbId=soy-essex')).ids).to.deep.equal([BULK]);
    expect((await call('plateDbId=plate-ust24-dna-01&germplasmDbId=soy-forrest')).ids).to.deep.equal([]);
    for (const [query, named] of [['germplasmDbId=soy-nope', 'soy-nope'], ['observationUnitDbId=ou-nope', 'ou-nope'], ['trialDbId=trial-nope', 'trial-nope']]) {
      const { res, ids, messages } = await call(query);
      expect(ids).to.deep.equal([]);
      expect(res.json.metadata.pagination.totalCount).to.equal(0);
      expect(messages).to.match(/^INFO: /m).and.contain(named);
    }
  });

  it('gets one sample, 404 for an unknown one', async () => {
    const res = await api('GET', `/samples/${BULK}`);
    expect(res.status).to.equal(200);
    expectValidResponse('get', '/samples/{sampleDbId}', 200, res.json);
    expect(res.json.result).to.include({ sampleDbId: BULK, germplasmDbId: 'soy-essex', trialDbId: 'trial-uniform-soybean-2024' });
    const missing = await api('GET', '/samples/sample-nope');
    expect(missing.status).to.equal(404);
    expect(missing.text).to.contain('sample-nope');
  });

  it('creates, reads back and updates a sample; links follow the body', async () => {
    const plate = await api('POST', '/plates', [{ plateName: 'GS test plate' }]);
    expect(plate.status, plate.text).to.equal(200);
    plates.push(plate.json.result.data[0].plateDbId);
    const PLATE = plates[0];
    const [sample] = await create([{
      sampleName: 'GS test sample',
      observationUnitDbId: 'ou-stoneville-2023-plot-1',
      germplasmDbId: 'soy-clark',
      studyDbId: 'study-stoneville-2023',
      trialDbId: 'trial-uniform-soybean-2023',
      programDbId: 'program-soybean-main',
      tissueType: 'Leaf',
      plateDbId: PLATE,
      well: 'H12',
      column: 12,
    }]);
    created.push(sample.sampleDbId);
    expect(sample).to.include({ sampleName: 'GS test sample', trialDbId: 'trial-uniform-soybean-2023', programDbId: 'program-soybean-main', well: 'H12', samplePUI: null });
    expect((await api('GET', `/samples/${sample.sampleDbId}`)).json.result).to.deep.equal(sample);
    const updated = await api('PUT', `/samples/${sample.sampleDbId}`, {
      studyDbId: 'study-urbana-2024',
      observationUnitDbId: 'ou-urbana-2024-plot-204',
      germplasmDbId: 'soy-lee',
      well: null,
    });
    expect(updated.status, updated.text).to.equal(200);
    expectValidResponse('put', '/samples/{sampleDbId}', 200, updated.json);
    // The trial and program follow the study.
    expect(updated.json.result).to.include({
      studyDbId: 'study-urbana-2024', trialDbId: 'trial-uniform-soybean-2024', programDbId: 'program-soybean-main',
      observationUnitDbId: 'ou-urbana-2024-plot-204', germplasmDbId: 'soy-lee', well: null, plateDbId: PLATE, plateName: 'GS test plate',
    });
    expect(await count('MATCH (:Sample {sampleDbId: $id})-[:IN_STUDY]->(s:Study) RETURN count(s) AS n', { id: sample.sampleDbId })).to.equal(1);
    expect((await api('PUT', '/samples/sample-nope', { sampleName: 'x' })).status).to.equal(404);
  });

  it('PUT /samples updates several samples keyed by DbId, all or nothing', async () => {
    const [a, b] = await create([{ sampleName: 'GS bulk A' }, { sampleName: 'GS bulk B', studyDbId: 'study-urbana-2023' }]);
    created.push(a.sampleDbId, b.sampleDbId);
    const res = await api('PUT', '/samples', { [a.sampleDbId]: { sampleType: 'DNA' }, [b.sampleDbId]: { sampleType: 'RNA', studyDbId: null } });
    expect(res.status, res.text).to.equal(200);
    expectValidResponse('put', '/samples', 200, res.json);
    const byId = Object.fromEntries(res.json.result.data.map((s: any) => [s.sampleDbId, s]));
    expect(byId[a.sampleDbId]).to.include({ sampleName: 'GS bulk A', sampleType: 'DNA' });
    expect(byId[b.sampleDbId]).to.include({ sampleType: 'RNA', studyDbId: null, trialDbId: null, programDbId: null });
    const missing = await api('PUT', '/samples', { [a.sampleDbId]: { sampleType: 'Tissue' }, 'sample-nope': { sampleType: 'Tissue' } });
    expect(missing.status).to.equal(404);
    expect(missing.text).to.contain('sample-nope');
    expect((await api('GET', `/samples/${a.sampleDbId}`)).json.result.sampleType).to.equal('DNA');
    const empty = await api('PUT', '/samples', {});
    expect(empty.status).to.equal(200);
  });

  it('400 naming the field for unknown references, a trial or program other than the study\'s, bad values; nothing written', async () => {
    const before = await count('MATCH (s:Sample) RETURN count(s) AS n');
    for (const [body, named] of [
      [[{ sampleName: 'ok' }, { sampleName: 'bad', germplasmDbId: 'soy-nope' }], 'soy-nope'],
      [[{ sampleName: 'bad', observationUnitDbId: 'ou-nope' }], 'ou-nope'],
      [[{ sampleName: 'bad', studyDbId: 'study-urbana-2024', trialDbId: 'trial-uniform-soybean-2023' }], 'trialDbId'],
      [[{ sampleName: 'bad', programDbId: 'program-soybean-main' }], 'programDbId'],
      [[{ sampleName: 'bad', column: 'twelve' }], 'column'],
      [[{ sampleName: 'bad', sampleTimestamp: 'yesterday' }], 'sampleTimestamp'],
    ] as const) {
      const res = await api('POST', '/samples', body);
      expect(res.status, res.text).to.equal(400);
      expect(res.text).to.contain(named);
    }
    expect(await count('MATCH (s:Sample) RETURN count(s) AS n')).to.equal(before);
    const put = await api('PUT', `/samples/${SEED}`, { trialDbId: 'trial-uniform-soybean-2023' });
    expect(put.status).to.equal(400);
    expect((await api('GET', `/samples/${SEED}`)).json.result.trialDbId).to.equal('trial-uniform-soybean-2024');
  });
});
