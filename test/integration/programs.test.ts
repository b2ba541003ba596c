import { expect } from 'chai';
import { count, removeNodes } from '../support/graph.js';
import { api, server } from '../support/server.js';
import { expectAllFields, expectValidResponse } from '../support/schema.js';

describe('programs (generic entity path)', () => {
  // The programs the tests below post, by name, and the lead person one of them makes.
  after(async () => {
    await removeNodes('Program', 'programName', ['Created A', 'Created B', 'Typed', 'To update', 'Led']);
    await removeNodes('Person', 'personDbId', ['person-test-lead']);
  });

  it('lists the demo programs with every schema field, in DbId order', async () => {
    const res = await api('GET', '/programs');
    expect(res.status).to.equal(200);
    expectValidResponse('get', '/programs', 200, res.json);
    const ids = res.json.result.data.map((p: any) => p.programDbId);
    expect(ids).to.include.members(['program-soybean-main', 'program-soybean-pedigree']);
    expect([...ids].sort()).to.deep.equal(ids);
    for (const p of res.json.result.data) expectAllFields('Core', 'Program', p);
  });

  it('gets one program by DbId and answers 404 in plain text for an unknown one', async () => {
    const res = await api('GET', '/programs/program-soybean-main');
    expect(res.status).to.equal(200);
    expectValidResponse('get', '/programs/{programDbId}', 200, res.json);
    expect(res.json.result).to.include({ programName: 'Soybean Cultivar Development 2021-2026', programType: 'PROJECT' });
    expect(res.json.result.externalReferences).to.deep.equal([{ referenceId: 'SCD-2020', referenceSource: 'demo-registry' }]);
    const missing = await api('GET', '/programs/no-such-program');
    expect(missing.status).to.equal(404);
    expect(missing.headers.get('content-type')).to.match(/^text\/plain/);
    expect(missing.text).to.contain('no-such-program');
  });

  it('creates programs with server-generated DbIds and reads them back', async () => {
    const res = await api('POST', '/programs', [
      { programName: 'Created A', commonCropName: 'Maize', abbreviation: 'CA', externalReferences: [{ referenceId: 'x-1', referenceSource: 'test' }] },
      { programName: 'Created B', commonCropName: 'Maize', additionalInfo: { k: 'v' } },
    ]);
    expect(res.status).to.equal(200);
    expectValidResponse('post', '/programs', 200, res.json);
    const [a, b] = res.json.result.data;
    expect(a.programDbId).to.be.a('string').and.not.equal(b.programDbId);
    expect(a).to.include({ programName: 'Created A', abbreviation: 'CA', leadPersonDbId: null });
    expect(b.additionalInfo).to.deep.equal({ k: 'v' });
    const again = await api('GET', `/programs/${encodeURIComponent(a.programDbId)}`);
    expect(again.json.result).to.deep.equal(a);
  });

  it('filters with AND across parameters, by external reference, and says when nothing matches', async () => {
    const maize = await api('GET', '/programs?commonCropName=Maize');
    expect(maize.json.result.data.map((p: any) => p.programName)).to.include.members(['Created A', 'Created B']);
    const both = await api('GET', '/programs?commonCropName=Maize&abbreviation=CA');
    expect(both.json.result.data.map((p: any) => p.programName)).to.deep.equal(['Created A']);
    const byRef = await api('GET', '/programs?externalReferenceId=x-1&externalReferenceSource=test');
    expect(byRef.json.result.data.map((p: any) => p.programName)).to.deep.equal(['Created A']);
    const none = await api('GET', '/programs?commonCropName=Maize&programType=PROJECT');
    // The spec spells the query value STANARD; it matches programs stored as STANDARD.
    const [standard] = (await api('POST', '/programs', [{ programName: 'Typed', commonCropName: 'Rye', programType: 'STANARD' }])).json.result.data;
    expect(standard.programType).to.equal('STANDARD');
    for (const spelling of ['STANARD', 'STANDARD']) {
      const found = await api('GET', `/programs?commonCropName=Rye&programType=${spelling}`);
      expect(found.json.result.data.map((p: any) => p.programDbId)).to.deep.equal([standard.programDbId]);
    }
    expect(none.status).to.equal(200);
    expect(none.json.result.data).to.deep.equal([]);
    expect(none.json.metadata.pagination.totalCount).to.equal(0);
    expect(none.json.metadata.status.map((s: any) => s.messageType)).to.include('INFO');
  });

  it('updates the fields a PUT names, clears fields set to null, keeps the others', async () => {
    const [created] = (await api('POST', '/programs', [{ programName: 'To update', objective: 'old', abbreviation: 'TU' }])).json.result.data;
    const res = await api('PUT', `/programs/${created.programDbId}`, { objective: 'new', abbreviation: null });
    expect(res.status).to.equal(200);
    expectValidResponse('put', '/programs/{programDbId}', 200, res.json);
    expect(res.json.result).to.include({ programDbId: created.programDbId, programName: 'To update', objective: 'new', abbreviation: null });
    const missing = await api('PUT', '/programs/nope', { objective: 'x' });
    expect(missing.status).to.equal(404);
  });

  it('rejects a reference to an unknown person with 400 and writes nothing', async () => {
    const before = await count('MATCH (p:Program) RETURN count(p) AS n');
    const res = await api('POST', '/programs', [
      { programName: 'Fine one' },
      { programName: 'Bad lead', leadPersonDbId: 'person-that-does-not-exist' },
    ]);
    expect(res.status).to.equal(400);
    expect(res.text).to.contain('person-that-does-not-exist');
    const after = await count('MATCH (p:Program) RETURN count(p) AS n');
    expect(after).to.equal(before);
  });

  it('links a lead person that exists and shows its name', async () => {
    await server().graph.write("CREATE (:Person {personDbId: 'person-test-lead', firstName: 'Ada', lastName: 'Breeder'})");
    const res = await api('POST', '/programs', [{ programName: 'Led', leadPersonDbId: 'person-test-lead' }]);
    expect(res.status).to.equal(200);
    expect(res.json.result.data[0]).to.include({ leadPersonDbId: 'person-test-lead', leadPersonName: 'Ada Breeder' });
    const id = res.json.result.data[0].programDbId;
    const unlinked = await api('PUT', `/programs/${id}`, { leadPersonDbId: null });
    expect(unlinked.json.result).to.include({ leadPersonDbId: null, leadPersonName: null });
  });

  it('rejects bodies of the wrong shape with 400', async () => {
    expect((await api('POST', '/programs', { programName: 'not an array' })).status).to.equal(400);
    expect((await api('POST', '/programs', [{ programName: { nested: true } }])).status).to.equal(400);
    const badJson = await api('POST', '/programs', '[{"programName": ');
    expect(badJson.status).to.equal(400);
    expect(badJson.text).to.contain('not valid JSON');
  });
});
