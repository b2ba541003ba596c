import { expect } from 'chai';
import { count } from '../support/graph.js';
import { api, server } from '../support/server.js';
import { expectAllFields, expectValidResponse } from '../support/schema.js';

const ids = (res: { json: any }, idField: string) => res.json.result.data.map((r: any) => r[idField]);
const infos = (res: { json: any }) =>
  res.json.metadata.status.filter((s: any) => s.messageType === 'INFO').map((s: any) => s.message as string);

/** A list call that matches nothing: 200, empty page, an INFO message (naming `unknown` when given). */
function expectEmpty(res: { status: number; json: any }, unknown?: string) {
  expect(res.status).to.equal(200);
  expect(res.json.result.data).to.deep.equal([]);
  expect(res.json.metadata.pagination.totalCount).to.equal(0);
  const messages = infos(res);
  expect(messages).to.not.be.empty;
  if (unknown) expect(messages.join(' ')).to.contain(unknown);
}

describe('people', () => {
  it('lists the demo people with every Person field and gets one by DbId', async () => {
    const res = await api('GET', '/people');
    expect(res.status).to.equal(200);
    expectValidResponse('get', '/people', 200, res.json);
    expect(ids(res, 'personDbId')).to.include.members(['person-maria-gonzalez', 'person-james-okafor', 'person-li-wei']);
    for (const p of res.json.result.data) expectAllFields('Core', 'Person', p);

    const one = await api('GET', '/people/person-maria-gonzalez');
    expect(one.status).to.equal(200);
    expectValidResponse('get', '/people/{personDbId}', 200, one.json);
    expect(one.json.result).to.include({ firstName: 'Maria', lastName: 'Gonzalez', userID: 'mgonzalez' });
    expect(one.json.result.externalReferences).to.deep.equal([
      { referenceId: 'https://orcid.org/0000-0002-1825-0097', referenceSource: 'ORCID' },
    ]);
    const missing = await api('GET', '/people/no-such-person');
    expect(missing.status).to.equal(404);
    expect(missing.headers.get('content-type')).to.match(/^text\/plain/);
    expect(missing.text).to.contain('no-such-person');
  });

  it('filters by each plain parameter, ANDs two, and ORs repeated values', async () => {
    expect(ids(await api('GET', '/people?firstName=James'), 'personDbId')).to.deep.equal(['person-james-okafor']);
    expect(ids(await api('GET', '/people?lastName=Li'), 'personDbId')).to.deep.equal(['person-li-wei']);
    expect(ids(await api('GET', '/people?userID=mgonzalez'), 'personDbId')).to.deep.equal(['person-maria-gonzalez']);
    expect(ids(await api('GET', '/people?personDbId=person-li-wei'), 'personDbId')).to.deep.equal(['person-li-wei']);
    const byRef = await api('GET', '/people?externalReferenceId=MSU-DREC-0457&externalReferenceSource=msu-staff-directory');
    expect(ids(byRef, 'personDbId')).to.deep.equal(['person-james-okafor']);
    expect(ids(await api('GET', '/people?externalReferenceSource=ORCID'), 'personDbId')).to.deep.equal(['person-maria-gonzalez']);
    const both = await api('GET', '/people?firstName=Maria&lastName=Gonzalez');
    expectValidResponse('get', '/people', 200, both.json);
    expect(ids(both, 'personDbId')).to.deep.equal(['person-maria-gonzalez']);
    expectEmpty(await api('GET', '/people?firstName=Maria&lastName=Li'));
    const either = await api('GET', '/people?userID=wli&userID=jokafor');
    expect(ids(either, 'personDbId')).to.deep.equal(['person-james-okafor', 'person-li-wei']);
  });

  it('filters by program through LED_BY and through trial and study contacts, and by the programs\' crop', async () => {
    expect(ids(await api('GET', '/people?programDbId=program-soybean-main'), 'personDbId')).to.include('person-maria-gonzalez');
    expect(ids(await api('GET', '/people?programDbId=program-soybean-pedigree'), 'personDbId')).to.include('person-li-wei')
      .and.not.include('person-maria-gonzalez');
    // A program of its own: one lead, one trial contact, one study contact, one person outside it.
    const created = (await api('POST', '/people', [
      { firstName: 'Lead', lastName: 'Person' },
      { firstName: 'Trial', lastName: 'Contact' },
      { firstName: 'Study', lastName: 'Contact' },
      { firstName: 'Not', lastName: 'Involved' },
    ])).json.result.data;
    const [lead, trialContact, studyContact, outsider] = created.map((p: any) => p.personDbId);
    await server().graph.write(
      `MATCH (lead:Person {personDbId: $lead}), (tc:Person {personDbId: $tc}), (sc:Person {personDbId: $sc})
       CREATE (p:Program {programDbId: 'program-people-test', programName: 'People test', commonCropName: 'Cowpea'})-[:LED_BY]->(lead)
       CREATE (t:Trial {trialDbId: 'trial-people-test'})-[:IN_PROGRAM]->(p)
       CREATE (t)-[:HAS_CONTACT]->(tc)
       CREATE (s:Study {studyDbId: 'study-people-test'})-[:IN_TRIAL]->(t)
       CREATE (s)-[:HAS_CONTACT]->(sc)`,
      { lead, tc: trialContact, sc: studyContact },
    );
    const members = await api('GET', '/people?programDbId=program-people-test');
    expectValidResponse('get', '/people', 200, members.json);
    expect(ids(members, 'personDbId')).to.have.members([lead, trialContact, studyContact]).and.not.include(outsider);
    const crop = await api('GET', '/people?commonCropName=Cowpea');
    expect(ids(crop, 'personDbId')).to.have.members([lead, trialContact, studyContact]);
    const andName = await api('GET', '/people?programDbId=program-people-test&firstName=Study');
    expect(ids(andName, 'personDbId')).to.deep.equal([studyContact]);
    expect(ids(await api('GET', '/people?commonCropName=Soybean'), 'personDbId')).to.include.members(['person-maria-gonzalez', 'person-li-wei'])
      .and.not.include(lead);
  });

  it('answers an unknown DbId with an empty page and an INFO message naming it', async () => {
    expectEmpty(await api('GET', '/people?personDbId=person-nobody'), 'person-nobody');
    expectEmpty(await api('GET', '/people?programDbId=program-nowhere'), 'program-nowhere');
  });

  it('creates, updates and reads back a person; 404 and 400 cases', async () => {
    const res = await api('POST', '/people', [{
      firstName: 'Ana', lastName: 'Souza', emailAddress: 'ana.souza@example.org', userID: 'asouza',
      additionalInfo: { institute: 'Embrapa Soja' }, externalReferences: [{ referenceId: 'ES-1', referenceSource: 'embrapa' }],
    }]);
    expect(res.status).to.equal(200);
    expectValidResponse('post', '/people', 200, res.json);
    const [ana] = res.json.result.data;
    expectAllFields('Core', 'Person', ana);
    expect(ana).to.include({ firstName: 'Ana', userID: 'asouza', middleName: null, phoneNumber: null });
    expect(ana.personDbId).to.be.a('string').and.not.be.empty;
    expect((await api('GET', `/people/${ana.personDbId}`)).json.result).to.deep.equal(ana);

    const put = await api('PUT', `/people/${ana.personDbId}`, { phoneNumber: '+55-43-5555-0101', userID: null });
    expect(put.status).to.equal(200);
    expectValidResponse('put', '/people/{personDbId}', 200, put.json);
    expect(put.json.result).to.include({ firstName: 'Ana', phoneNumber: '+55-43-5555-0101', userID: null });
    expect((await api('GET', `/people/${ana.personDbId}`)).json.result).to.deep.equal(put.json.result);
    expect(ids(await api('GET', '/people?externalReferenceSource=embrapa'), 'personDbId')).to.deep.equal([ana.personDbId]);

    expect((await api('PUT', '/people/person-nobody', { firstName: 'X' })).status).to.equal(404);
    const bad = await api('POST', '/people', [{ firstName: 42 }]);
    expect(bad.status).to.equal(400);
    expect(bad.text).to.contain('firstName');
    expect((await api('PUT', `/people/${ana.personDbId}`, { emailAddress: ['a', 'b'] })).status).to.equal(400);
  });
});

describe('seasons', () => {
  it('lists the demo seasons and gets one; 404 for an unknown one', async () => {
    const res = await api('GET', '/seasons');
    expect(res.status).to.equal(200);
    expectValidResponse('get', '/seasons', 200, res.json);
    expect(ids(res, 'seasonDbId')).to.include.members(['season-2023-summer', 'season-2024-summer']);
    for (const s of res.json.result.data) expectAllFields('Core', 'Season', s);
    const one = await api('GET', '/seasons/season-2024-summer');
    expectValidResponse('get', '/seasons/{seasonDbId}', 200, one.json);
    expect(one.json.result).to.deep.equal({ seasonDbId: 'season-2024-summer', seasonName: 'Summer', year: 2024 });
    const missing = await api('GET', '/seasons/season-1900-winter');
    expect(missing.status).to.equal(404);
    expect(missing.text).to.contain('season-1900-winter');
  });

  it('filters by seasonDbId, seasonName, its alias season, integer year, and an AND of two', async () => {
    const [winter] = (await api('POST', '/seasons', [{ seasonName: 'Winter nursery', year: 2024 }])).json.result.data;
    expect(ids(await api('GET', '/seasons?seasonDbId=season-2023-summer'), 'seasonDbId')).to.deep.equal(['season-2023-summer']);
    expect(ids(await api('GET', '/seasons?seasonName=Winter%20nursery'), 'seasonDbId')).to.deep.equal([winter.seasonDbId]);
    expect(ids(await api('GET', '/seasons?season=Winter%20nursery'), 'seasonDbId')).to.deep.equal([winter.seasonDbId]);
    expect(ids(await api('GET', '/seasons?year=2024'), 'seasonDbId')).to.have.members(['season-2024-summer', winter.seasonDbId]);
    const both = await api('GET', '/seasons?season=Summer&year=2023');
    expectValidResponse('get', '/seasons', 200, both.json);
    expect(ids(both, 'seasonDbId')).to.deep.equal(['season-2023-summer']);
    expect(ids(await api('GET', '/seasons?season=Summer&year=2023&year=2024'), 'seasonDbId')).to.deep.equal(['season-2023-summer', 'season-2024-summer']);
    expectEmpty(await api('GET', '/seasons?season=Summer&year=1999'));
    expectEmpty(await api('GET', '/seasons?seasonDbId=season-none'), 'season-none');
    const badYear = await api('GET', '/seasons?year=twenty');
    expect(badYear.status).to.equal(400);
    expect(badYear.text).to.contain('year');
  });

  it('creates, updates and reads back a season; 404 and 400 cases', async () => {
    const res = await api('POST', '/seasons', [{ seasonName: 'Spring', year: 2025 }, {}]);
    expect(res.status).to.equal(200);
    expectValidResponse('post', '/seasons', 200, res.json);
    const [spring, empty] = res.json.result.data;
    expect(spring).to.include({ seasonName: 'Spring', year: 2025 });
    expect(empty).to.include({ seasonName: null, year: null });
    expect((await api('GET', `/seasons/${spring.seasonDbId}`)).json.result).to.deep.equal(spring);
    const put = await api('PUT', `/seasons/${spring.seasonDbId}`, { year: 2026 });
    expect(put.status).to.equal(200);
    expectValidResponse('put', '/seasons/{seasonDbId}', 200, put.json);
    expect(put.json.result).to.deep.equal({ ...spring, year: 2026 });
    expect((await api('GET', `/seasons/${spring.seasonDbId}`)).json.result.year).to.equal(2026);
    expect((await api('PUT', '/seasons/season-none', { year: 2020 })).status).to.equal(404);
    for (const year of ['2025', 2025.5]) {
      const bad = await api('POST', '/seasons', [{ seasonName: 'Fall', year }]);
      expect(bad.status).to.equal(400);
      expect(bad.text).to.contain('year');
    }
    expect((await api('PUT', `/seasons/${spring.seasonDbId}`, { year: 'next' })).status).to.equal(400);
    expect(ids(await api('GET', '/seasons?season=Fall'), 'seasonDbId')).to.deep.equal([]);
  });
});

describe('lists', () => {
  it('lists summaries (no data) and gets the details of one, with its owner and size', async () => {
    const res = await api('GET', '/lists');
    expect(res.status).to.equal(200);
    expectValidResponse('get', '/lists', 200, res.json);
    expect(ids(res, 'listDbId')).to.include.members(['list-mg3-check-cultivars', 'list-founder-parents', 'list-uniform-trial-studies-2023']);
    for (const l of res.json.result.data) {
      expectAllFields('Core', 'ListSummary', l);
      expect(l).to.not.have.property('data');
    }
    const summary = res.json.result.data.find((l: any) => l.listDbId === 'list-mg3-check-cultivars');
    expect(summary).to.include({ listSize: 4, listOwnerPersonDbId: 'person-maria-gonzalez', listOwnerName: 'Maria Gonzalez', listType: 'germplasm' });

    const one = await api('GET', '/lists/list-mg3-check-cultivars');
    expect(one.status).to.equal(200);
    expectValidResponse('get', '/lists/{listDbId}', 200, one.json);
    expectAllFields('Core', 'ListDetails', one.json.result);
    expect(one.json.result.data).to.deep.equal(['soy-williams-82', 'soy-essex', 'soy-forrest', 'soy-corsoy']);
    expect(one.json.result).to.include({ listSize: 4, listOwnerName: 'Maria Gonzalez', dateModified: '2024-03-01T09:30:00Z' });
    // The listed cultivars are demo germplasm.
    for (const id of one.json.result.data) expect((await api('GET', `/germplasm/${id}`)).status).to.equal(200);
    const missing = await api('GET', '/lists/list-nothing');
    expect(missing.status).to.equal(404);
    expect(missing.text).to.contain('list-nothing');
  });

  it('filters by each plain parameter and an AND of two', async () => {
    expect(ids(await api('GET', '/lists?listType=studies'), 'listDbId')).to.deep.equal(['list-uniform-trial-studies-2023']);
    expect(ids(await api('GET', '/lists?listName=Founder%20parents%20of%20Midwest%20cultivars'), 'listDbId')).to.deep.equal(['list-founder-parents']);
    expect(ids(await api('GET', '/lists?listDbId=list-soybean-programs'), 'listDbId')).to.deep.equal(['list-soybean-programs']);
    expect(ids(await api('GET', '/lists?listSource=SoyBase%20parentage'), 'listDbId')).to.deep.equal(['list-founder-parents', 'list-mg3-check-cultivars']);
    expect(ids(await api('GET', '/lists?externalReferenceId=UST-2024-CHECKS'), 'listDbId')).to.deep.equal(['list-mg3-check-cultivars']);
    expect(ids(await api('GET', '/lists?externalReferenceSource=demo-registry&listType=germplasm'), 'listDbId')).to.deep.equal(['list-mg3-check-cultivars']);
    const both = await api('GET', '/lists?listType=germplasm&listSource=SoyBase%20parentage&listName=MG%20III-IV%20check%20cultivars%202024');
    expectValidResponse('get', '/lists', 200, both.json);
    expect(ids(both, 'listDbId')).to.deep.equal(['list-mg3-check-cultivars']);
    expectEmpty(await api('GET', '/lists?listType=studies&listSource=SoyBase%20parentage'));
    expect(ids(await api('GET', '/lists?listType=studies&listType=programs'), 'listDbId')).to.deep.equal(['list-soybean-programs', 'list-uniform-trial-studies-2023']);
    expectEmpty(await api('GET', '/lists?listDbId=list-nothing'), 'list-nothing');
  });

  it('filters by program and crop through the owner\'s programs', async () => {
    // Wei leads program-soybean-pedigree; Maria has no part in it.
    const pedigree = await api('GET', '/lists?programDbId=program-soybean-pedigree&listType=germplasm');
    expectValidResponse('get', '/lists', 200, pedigree.json);
    expect(ids(pedigree, 'listDbId')).to.include('list-founder-parents').and.not.include('list-mg3-check-cultivars');
    expect(ids(await api('GET', '/lists?programDbId=program-soybean-main'), 'listDbId')).to.include.members(['list-mg3-check-cultivars', 'list-soybean-programs']);
    expect(ids(await api('GET', '/lists?commonCropName=Soybean'), 'listDbId')).to.include.members(['list-mg3-check-cultivars', 'list-founder-parents']);
    // A program of its own: the lead's list belongs to it, an ownerless list and another person's list do not.
    const [lead] = (await api('POST', '/people', [{ firstName: 'Pigeonpea', lastName: 'Lead' }])).json.result.data;
    await api('POST', '/programs', [{ programName: 'Pigeonpea lists', commonCropName: 'Pigeonpea', leadPersonDbId: lead.personDbId }]);
    const lists = (await api('POST', '/lists', [
      { listName: 'Lead list', listType: 'germplasm', listOwnerPersonDbId: lead.personDbId },
      { listName: 'Ownerless', listType: 'germplasm' },
      { listName: 'Maria list', listType: 'germplasm', listOwnerPersonDbId: 'person-maria-gonzalez' },
    ])).json.result.data;
    const crop = await api('GET', '/lists?commonCropName=Pigeonpea');
    expect(ids(crop, 'listDbId')).to.deep.equal([lists[0].listDbId]);
    const programId = (await api('GET', '/programs?commonCropName=Pigeonpea')).json.result.data[0].programDbId;
    expect(ids(await api('GET', `/lists?programDbId=${programId}&listName=Lead%20list`), 'listDbId')).to.deep.equal([lists[0].listDbId]);
    expectEmpty(await api('GET', `/lists?programDbId=${programId}&listName=Ownerless`));
    expectEmpty(await api('GET', '/lists?commonCropName=Sorghum'));
    expectEmpty(await api('GET', '/lists?programDbId=program-nowhere'), 'program-nowhere');
  });

  it('creates a list: listSize counts data (another count is refused), the owner is a relationship, GET returns the same record', async () => {
    const record = {
      listName: 'Crossing block 2025', listType: 'germplasm', listOwnerPersonDbId: 'person-james-okafor',
      data: ['soy-lee', 'soy-clark'], listSize: 99, additionalInfo: { block: 'A' },
    };
    const wrongSize = await api('POST', '/lists', [record]);
    expect(wrongSize.status).to.equal(400);
    expect(wrongSize.text).to.contain('listSize 99 is not the number of items in data (2)');
    const res = await api('POST', '/lists', [{ ...record, listSize: 2 }]);
    expect(res.status).to.equal(200);
    expectValidResponse('post', '/lists', 200, res.json);
    const [list] = res.json.result.data;
    expectAllFields('Core', 'ListDetails', list);
    expect(list).to.include({ listName: 'Crossing block 2025', listSize: 2, listOwnerPersonDbId: 'person-james-okafor', listOwnerName: 'James Okafor' });
    expect(list.data).to.deep.equal(['soy-lee', 'soy-clark']);
    expect(list.dateModified).to.be.a('string');
    expect((await api('GET', `/lists/${list.listDbId}`)).json.result).to.deep.equal(list);
    const [owner] = await server().graph.read<{ id: string }>(
      'MATCH (:List {listDbId: $id})-[:OWNED_BY]->(p:Person) RETURN p.personDbId AS id', { id: list.listDbId });
    expect(owner.id).to.equal('person-james-okafor');
  });

  it('updates named fields: owner, data (listSize follows), and refuses a listSize without data', async () => {
    const [list] = (await api('POST', '/lists', [{ listName: 'To edit', listType: 'trials', data: ['t1'] }])).json.result.data;
    const put = await api('PUT', `/lists/${list.listDbId}`, {
      listOwnerPersonDbId: 'person-li-wei', data: ['trial-uniform-soybean-2023', 'trial-uniform-soybean-2024'], listDescription: 'both years',
    });
    expect(put.status).to.equal(200);
    expectValidResponse('put', '/lists/{listDbId}', 200, put.json);
    expect(put.json.result).to.include({ listName: 'To edit', listOwnerName: 'Wei Li', listSize: 2, listDescription: 'both years' });
    const sizeOnly = await api('PUT', `/lists/${list.listDbId}`, { listSize: 40 });
    expect(sizeOnly.status).to.equal(400);
    expect(sizeOnly.text).to.contain('listSize 40 without data');
    expect((await api('GET', `/lists/${list.listDbId}`)).json.result.listSize).to.equal(2);
    const cleared = await api('PUT', `/lists/${list.listDbId}`, { data: null, listOwnerPersonDbId: null });
    expect(cleared.json.result).to.include({ data: null, listSize: 0, listOwnerPersonDbId: null, listOwnerName: null });
    expect((await api('GET', `/lists/${list.listDbId}`)).json.result).to.deep.equal(cleared.json.result);
    expect((await api('PUT', '/lists/list-nothing', { listName: 'x' })).status).to.equal(404);
  });

  it('rejects a bad listType, non-string data and an unknown owner with 400, writing nothing', async () => {
    const lists = () => count('MATCH (l:List) RETURN count(l) AS n');
    const before = await lists();
    const badType = await api('POST', '/lists', [{ listName: 'Bad', listType: 'cultivars' }]);
    expect(badType.status).to.equal(400);
    expect(badType.text).to.contain('listType');
    const badData = await api('POST', '/lists', [{ listName: 'Bad', listType: 'germplasm', data: ['soy-lee', 7] }]);
    expect(badData.status).to.equal(400);
    expect(badData.text).to.contain('data');
    const badOwner = await api('POST', '/lists', [
      { listName: 'Fine', listType: 'germplasm' },
      { listName: 'Bad owner', listType: 'germplasm', listOwnerPersonDbId: 'person-ghost' },
    ]);
    expect(badOwner.status).to.equal(400);
    expect(badOwner.text).to.contain('person-ghost');
    expect(await lists()).to.equal(before);
    expect((await api('PUT', '/lists/list-founder-parents', { listType: 'people' })).status).to.equal(400);
    expect((await api('PUT', '/lists/list-founder-parents', { listOwnerPersonDbId: 'person-ghost' })).status).to.equal(400);
    expect((await api('GET', '/lists/list-founder-parents')).json.result.listOwnerPersonDbId).to.equal('person-li-wei');
  });

  describe('POST /lists/{listDbId}/data', () => {
    it('appends items in order, keeps listSize equal to the items and answers the ListDetails', async () => {
      const [list] = (await api('POST', '/lists', [{ listName: 'Growing', listType: 'germplasm', data: ['soy-lee'], dateModified: '2020-01-01T00:00:00Z' }])).json.result.data;
      const res = await api('POST', `/lists/${list.listDbId}/data`, ['soy-essex', 'soy-forrest']);
      expect(res.status).to.equal(200);
      expectValidResponse('post', '/lists/{listDbId}/data', 200, res.json);
      expectAllFields('Core', 'ListDetails', res.json.result);
      expect(res.json.result).to.include({ listDbId: list.listDbId, listName: 'Growing', listSize: 3 });
      expect(res.json.result.data).to.deep.equal(['soy-lee', 'soy-essex', 'soy-forrest']);
      expect(res.json.result.dateModified).to.not.equal('2020-01-01T00:00:00Z');
      expect((await api('GET', `/lists/${list.listDbId}`)).json.result).to.deep.equal(res.json.result);
      const summary = (await api('GET', `/lists?listDbId=${list.listDbId}`)).json.result.data[0];
      expect(summary.listSize).to.equal(3);
      const none = await api('POST', `/lists/${list.listDbId}/data`, []);
      expect(none.json.result).to.include({ listSize: 3 });
    });

    it('appends to a list created without data', async () => {
      const [list] = (await api('POST', '/lists', [{ listName: 'Empty at first', listType: 'studies' }])).json.result.data;
      expect(list).to.deep.include({ data: [], listSize: 0 });
      expect(Date.parse(list.dateCreated)).to.be.closeTo(Date.now(), 60_000);
      const res = await api('POST', `/lists/${list.listDbId}/data`, ['study-urbana-2024']);
      expect(res.json.result).to.include({ listSize: 1 });
      expect(res.json.result.data).to.deep.equal(['study-urbana-2024']);
    });

    it('answers 404 for an unknown list and 400 for a body that is not an array of strings', async () => {
      const missing = await api('POST', '/lists/list-nothing/data', ['x']);
      expect(missing.status).to.equal(404);
      expect(missing.text).to.contain('list-nothing');
      for (const body of [['ok', 5], { data: ['x'] }, '"soy-lee"']) {
        const bad = await api('POST', '/lists/list-founder-parents/data', body);
        expect(bad.status, JSON.stringify(body)).to.equal(400);
      }
      const unchanged = (await api('GET', '/lists/list-founder-parents')).json.result;
      expect(unchanged).to.include({ listSize: 4 });
    });
  });
});
