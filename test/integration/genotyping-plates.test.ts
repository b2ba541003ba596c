// /plates (BrAPI-Genotyping): the demo plates of study-urbana-2024 and their samples, filters through the samples,
// the plate's study, trial and program; create, bulk update and search; a sample's plate is a relationship, so a
// renamed plate is renamed on its samples and a sample cannot name a plate that does not exist.
import { expect } from 'chai';
import { count, removeNodes } from '../support/graph.js';
import { list } from '../support/list.js';
import { expectValidResponse } from '../support/schema.js';
import { search } from '../support/search.js';
import { api, server } from '../support/server.js';

const DNA = 'plate-ust24-dna-01';
const SEEDS = 'plate-ust24-seed-01';
const LEAF_SAMPLES = ['sample-urbana-2024-plot-101-plant-1-leaf', 'sample-urbana-2024-plot-101-plant-2-leaf', 'sample-urbana-2024-plot-102-bulk-leaf'];

describe('plates', () => {
  const plates: string[] = [];
  const samples: string[] = [];
  after(async () => {
    await removeNodes('Plate', 'plateDbId', plates);
    await removeNodes('Sample', 'sampleDbId', samples);
  });

  it('lists the demo plates with their study, trial and program; gets one; 404 for an unknown one', async () => {
    const { data } = await list('plates', `studyDbId=study-urbana-2024`, { sortIds: true });
    const dna = data.find((p) => p.plateDbId === DNA);
    expect(dna).to.deep.equal({
      additionalInfo: { extraction: 'CTAB, freeze-dried leaf punches' },
      externalReferences: [{ referenceId: 'LIMS-PLATE-24-01', referenceSource: 'soybean genotyping LIMS' }],
      plateBarcode: 'UST24P0001', plateDbId: DNA, plateFormat: 'PLATE_96', plateName: 'UST24 DNA plate 01',
      programDbId: 'program-soybean-main', sampleType: 'TISSUE', studyDbId: 'study-urbana-2024', trialDbId: 'trial-uniform-soybean-2024',
    });
    const one = await api('GET', `/plates/${DNA}`);
    expect(one.status, one.text).to.equal(200);
    expectValidResponse('get', '/plates/{plateDbId}', 200, one.json);
    expect(one.json.result).to.deep.equal(dna);
    const rels = await server().graph.read<{ rel: string }>('MATCH (:Plate {plateDbId: $id})-[r]->() RETURN type(r) AS rel ORDER BY rel', { id: DNA });
    expect(rels.map((r) => r.rel)).to.deep.equal(['IN_PROGRAM', 'IN_STUDY', 'IN_TRIAL']);
    expect((await api('GET', '/plates/plate-nope')).status).to.equal(404);
  });

  it('a sample shows its plate from the graph; the plate list filters through its samples', async () => {
    const onPlate = await count('MATCH (s:Sample)-[:ON_PLATE]->(:Plate {plateDbId: $id}) RETURN count(s) AS n', { id: DNA });
    expect(onPlate).to.equal(LEAF_SAMPLES.length);
    const ids = async (query: string) => (await list('plates', query, { sortIds: true })).ids;
    expect(await ids('sampleDbId=sample-urbana-2024-plot-101-plant-2-leaf')).to.deep.equal([DNA]);
    expect(await ids('sampleName=UST24-URB-103-SEED')).to.deep.equal([SEEDS]);
    expect(await ids('sampleGroupDbId=samplegroup-ust24-urbana-leaf-dna')).to.deep.equal([DNA]);
    expect(await ids('observationUnitDbId=ou-urbana-2024-plot-103')).to.deep.equal([SEEDS]);
    // Essex is on the DNA plate (the bulk), Forrest in a seed tube, Williams 82 on the DNA plate only.
    expect(await ids('germplasmDbId=soy-essex&germplasmDbId=soy-forrest')).to.deep.equal([DNA, SEEDS]);
    expect(await ids('germplasmDbId=soy-williams-82')).to.deep.equal([DNA]);
    expect(await ids('plateName=UST24%20seed%20tubes%2001')).to.deep.equal([SEEDS]);
    expect(await ids('plateDbId=plate-ust24-dna-01&commonCropName=Soybean&programDbId=program-soybean-main&trialDbId=trial-uniform-soybean-2024')).to.deep.equal([DNA]);
    expect(await ids('plateDbId=plate-ust24-dna-01&trialDbId=trial-uniform-soybean-2023')).to.deep.equal([]);
    expect(await ids('externalReferenceId=LIMS-TUBES-24-01')).to.deep.equal([SEEDS]);
    const { ids: onDna } = await list('samples', `plateDbId=${DNA}`, { sortIds: true });
    expect(onDna).to.deep.equal(LEAF_SAMPLES);
  });

  it('creates plates, puts samples on one, renames it (the samples show the new name), all or nothing', async () => {
    const posted = await api('POST', '/plates', [
      { plateName: 'PT plate A', plateFormat: 'PLATE_96', sampleType: 'DNA', studyDbId: 'study-stoneville-2023', plateBarcode: 'PT-A' },
      { plateName: 'PT plate B', plateFormat: 'TUBES', programDbId: 'program-soybean-main' },
    ]);
    expect(posted.status, posted.text).to.equal(200);
    expectValidResponse('post', '/plates', 200, posted.json);
    const [a, b] = posted.json.result.data;
    plates.push(a.plateDbId, b.plateDbId);
    expect(a).to.include({ plateName: 'PT plate A', studyDbId: 'study-stoneville-2023', trialDbId: null, programDbId: null, plateBarcode: 'PT-A' });
    expect(b).to.include({ plateName: 'PT plate B', plateFormat: 'TUBES', programDbId: 'program-soybean-main', studyDbId: null });
    // The plate's program is the one it names, or its study's trial's.
    expect((await list('plates', `programDbId=program-soybean-main&plateName=PT%20plate%20A`)).ids).to.deep.equal([a.plateDbId]);

    const made = await api('POST', '/samples', [
      { sampleName: 'PT sample 1', plateDbId: a.plateDbId, well: 'A01', germplasmDbId: 'soy-clark' },
      { sampleName: 'PT sample 2', plateDbId: a.plateDbId, well: 'A02', germplasmDbId: 'soy-lee' },
    ]);
    expect(made.status, made.text).to.equal(200);
    samples.push(...made.json.result.data.map((s: { sampleDbId: string }) => s.sampleDbId));
    expect(made.json.result.data.map((s: { plateName: string }) => s.plateName)).to.deep.equal(['PT plate A', 'PT plate A']);
    expect((await list('plates', 'germplasmDbId=soy-clark&plateName=PT%20plate%20A')).ids).to.deep.equal([a.plateDbId]);
    expect((await list('plates', 'germplasmDbId=soy-clark&plateName=PT%20plate%20B')).ids).to.deep.equal([]);

    const put = await api('PUT', '/plates', { [a.plateDbId]: { plateName: 'PT plate A (re-run)' }, [b.plateDbId]: { plateBarcode: 'PT-B' } });
    expect(put.status, put.text).to.equal(200);
    expectValidResponse('put', '/plates', 200, put.json);
    const shown = await list('samples', `plateDbId=${a.plateDbId}`);
    expect(shown.data.map((s) => s.plateName)).to.deep.equal(['PT plate A (re-run)', 'PT plate A (re-run)']);
    expect((await list('samples', 'plateName=PT%20plate%20A%20(re-run)')).data.length).to.equal(2);

    // Unknown plate in the map: 404 and the other plate unchanged; an unknown study: 400 and nothing created.
    const missing = await api('PUT', '/plates', { [b.plateDbId]: { plateName: 'changed' }, 'plate-nope': { plateName: 'x' } });
    expect(missing.status).to.equal(404);
    expect((await api('GET', `/plates/${b.plateDbId}`)).json.result.plateName).to.equal('PT plate B');
    const before = await count('MATCH (p:Plate) RETURN count(p) AS n');
    const bad = await api('POST', '/plates', [{ plateName: 'ok' }, { plateName: 'bad', studyDbId: 'study-nope' }]);
    expect(bad.status).to.equal(400);
    expect(bad.text).to.contain('study-nope');
    const badFormat = await api('POST', '/plates', [{ plateName: 'bad', plateFormat: 'PLATE_384' }]);
    expect(badFormat.status).to.equal(400);
    expect(await count('MATCH (p:Plate) RETURN count(p) AS n')).to.equal(before);
    // A sample cannot name a plate that does not exist.
    const orphan = await api('POST', '/samples', [{ sampleName: 'PT orphan', plateDbId: 'plate-nope' }]);
    expect(orphan.status).to.equal(400);
    expect(orphan.text).to.contain('plate-nope');
  });

  it('POST /search/plates: sample, germplasm, barcode, study and program members', async () => {
    const hits = async (body: object) => {
      const found = await search('plates', body, '?pageSize=1000');
      expect(found.warnings, JSON.stringify(body)).to.deep.equal([]);
      return found.ids('plateDbId').sort();
    };
    expect(await hits({ plateBarcodes: ['UST24T0001', 'UST24P0001'] })).to.deep.equal([DNA, SEEDS]);
    expect(await hits({ germplasmNames: ['Essex'], studyNames: ['UST MG IV 2024 - Urbana South Farm'] })).to.deep.equal([DNA]);
    expect(await hits({ sampleDbIds: ['sample-urbana-2024-plot-103-seed'], programNames: ['Soybean Cultivar Development 2021-2026'] })).to.deep.equal([SEEDS]);
    expect(await hits({ sampleNames: ['UST24-URB-101-P1-L'], trialDbIds: ['trial-uniform-soybean-2024'], commonCropNames: ['Soybean'] })).to.deep.equal([DNA]);
  });
});
