import { expect } from 'chai';
import { removeRecords } from '../support/graph.js';
import { api, server } from '../support/server.js';
import { expectAllFields, expectValidResponse } from '../support/schema.js';

describe('germplasm (SoyBase demo data)', () => {
  it('serves the SoyBase cultivars with every Germplasm field', async () => {
    const res = await api('GET', '/germplasm?germplasmName=Williams%2082');
    expect(res.status).to.equal(200);
    expectValidResponse('get', '/germplasm', 200, res.json);
    const [w82] = res.json.result.data;
    expectAllFields('Germplasm', 'Germplasm', w82);
    expect(w82).to.include({
      germplasmDbId: 'soy-williams-82',
      germplasmName: 'Williams 82',
      commonCropName: 'Soybean',
      genus: 'Glycine',
      species: 'max',
      accessionNumber: 'PI 548585',
    });
    expect(w82.synonyms).to.deep.include({ synonym: 'PI 548585', type: 'PI accession number' });
  });

  it('gets one germplasm by DbId, 404 otherwise', async () => {
    const res = await api('GET', '/germplasm/soy-williams-82');
    expect(res.status).to.equal(200);
    expectValidResponse('get', '/germplasm/{germplasmDbId}', 200, res.json);
    expect(res.json.result.germplasmName).to.equal('Williams 82');
    expect((await api('GET', '/germplasm/soy-nothing-here')).status).to.equal(404);
  });

  it('filters by synonym, accession number and several names (any of them)', async () => {
    // SoyBase lists PI 548585 for both Williams 82 and Wilstar 790.
    const bySynonym = await api('GET', '/germplasm?synonym=PI%20548585');
    expect(bySynonym.json.result.data.map((g: any) => g.germplasmName)).to.deep.equal(['Williams 82', 'Wilstar 790']);
    const byAccession = await api('GET', '/germplasm?accessionNumber=PI%20548585&germplasmName=Williams%2082');
    expect(byAccession.json.result.data.map((g: any) => g.germplasmName)).to.deep.equal(['Williams 82']);
    const byAlternateName = await api('GET', '/germplasm?synonym=Williams%20BC6');
    expect(byAlternateName.json.result.data.map((g: any) => g.germplasmName)).to.deep.equal(['Wilstar 790']);
    const several = await api('GET', '/germplasm?germplasmName=Williams%2082&germplasmName=Essex&germplasmName=nope');
    expect(several.json.result.data.map((g: any) => g.germplasmName).sort()).to.deep.equal(['Essex', 'Williams 82']);
    const and = await api('GET', '/germplasm?germplasmName=Essex&commonCropName=Maize');
    expect(and.json.result.data).to.deep.equal([]);
  });

  it('ignores a parameter it does not know, with a WARNING, and names an unknown study in an INFO', async () => {
    const res = await api('GET', '/germplasm?studyDbId=s1&colour=green&pageSize=1');
    expect(res.status).to.equal(200);
    expect(res.json.result.data).to.deep.equal([]);
    const status = res.json.metadata.status.map((s: any) => `${s.messageType} ${s.message}`);
    expect(status.find((s: string) => s.startsWith('WARNING'))).to.contain('"colour"');
    expect(status.find((s: string) => s.startsWith('INFO'))).to.contain('studyDbId "s1"');
  });

  it('creates and updates germplasm through the generic path, deriving the synonym filter', async () => {
    const res = await api('POST', '/germplasm', [
      {
        germplasmName: 'Test Line 1',
        germplasmPUI: 'urn:test:line-1',
        commonCropName: 'Soybean',
        synonyms: [{ synonym: 'TL-1', type: 'code' }],
        donors: [{ donorAccessionNumber: 'A1', donorInstituteCode: 'USA001' }],
      },
    ]);
    expect(res.status).to.equal(200);
    expectValidResponse('post', '/germplasm', 200, res.json);
    const [created] = res.json.result.data;
    expect(created.donors).to.deep.equal([{ donorAccessionNumber: 'A1', donorInstituteCode: 'USA001' }]);
    expect((await api('GET', '/germplasm?synonym=TL-1')).json.result.data.map((g: any) => g.germplasmDbId)).to.deep.equal([created.germplasmDbId]);
    const put = await api('PUT', `/germplasm/${created.germplasmDbId}`, { synonyms: [{ synonym: 'TL-one', type: 'code' }] });
    expect(put.status).to.equal(200);
    expectValidResponse('put', '/germplasm/{germplasmDbId}', 200, put.json);
    expect((await api('GET', '/germplasm?synonym=TL-1')).json.result.data).to.deep.equal([]);
    expect((await api('GET', '/germplasm?synonym=TL-one')).json.result.data).to.have.length(1);
    const unknownMethod = await api('POST', '/germplasm', [{ germplasmName: 'x', breedingMethodDbId: 'no-such-method' }]);
    expect(unknownMethod.status).to.equal(400);
    expect(unknownMethod.text).to.contain('no-such-method');
    await removeRecords([{ label: 'Germplasm', idProp: 'germplasmDbId', id: created.germplasmDbId }]);
  });
  it('answers a create from what it wrote: no statement reads the new germplasm back, and GET shows the same records', async () => {
    const records = [
      { germplasmName: 'Written 1', commonCropName: 'Soybean', genus: 'Glycine', species: 'max', synonyms: [{ synonym: 'W-1', type: 'code' }], additionalInfo: { plot: '7', note: 'x' } },
      { germplasmName: 'Written 2', pedigree: 'A/B', seedSource: 'lot 3', germplasmOrigin: [{ coordinateUncertainty: '20', coordinates: { type: 'Feature', geometry: { type: 'Point', coordinates: [-88.2, 40.1] } } }] },
    ];
    const graph = server().graph;
    const before = graph.roundTrips;
    const res = await api('POST', '/germplasm', records);
    expect(res.status, res.text).to.equal(200);
    // The token's look-up and the CREATE; reading the records back was a third.
    expect(graph.roundTrips - before).to.equal(2);
    const created = res.json.result.data;
    for (const record of created) {
      expect(record).to.deep.equal((await api('GET', `/germplasm/${record.germplasmDbId}`)).json.result);
    }
    await removeRecords(created.map((g: any) => ({ label: 'Germplasm', idProp: 'germplasmDbId', id: g.germplasmDbId })));
  });
});
