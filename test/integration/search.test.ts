// POST /search/<entity> and GET /search/<entity>/{searchResultsDbId}: saved (202) by default, snapshot paging,
// expiry, asynchronous polling, another replica answering the GET, the immediate style, and the matching rules.
import { expect } from 'chai';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { createApp } from '../../src/app.js';
import { createLogger } from '../../src/logger.js';
import { entities, searchables } from '../../src/modules/registry.js';
import { count, removeNodes } from '../support/graph.js';
import { ADMIN_TOKEN, api, server } from '../support/server.js';
import { list } from '../support/list.js';
import { expectValidResponse } from '../support/schema.js';
import { search, searchResults } from '../support/search.js';

/** Runs `work` with some search settings changed on the running service, restoring them afterwards. */
async function withSearchConfig(change: Partial<ReturnType<typeof server>['config']['search']>, work: () => Promise<void>) {
  const config = server().config.search;
  const before = { ...config };
  Object.assign(config, change);
  try {
    await work();
  } finally {
    Object.assign(config, before);
  }
}

describe('search', () => {
  // The trials and germplasm the tests below post, each under a crop of its own.
  after(async () => {
    await removeNodes('Trial', 'commonCropName', ['SearchCrop', 'RangeCrop']);
    await removeNodes('Germplasm', 'commonCropName', { startsWith: 'StableCrop-' });
  });

  describe('every searchable entity', () => {
    for (const entity of entities.filter((e) => searchables.some((s) => s.path === e.path))) {
      it(`/search/${entity.path}: no member finds what GET /${entity.path} lists; a DbId finds that record`, async () => {
        const listed = await list(entity.path, 'pageSize=1000');
        const all = await search(entity.path, {}, '?pageSize=1000');
        expect(all.res.json.metadata.pagination.totalCount).to.equal(listed.json.metadata.pagination.totalCount);
        expect(all.ids(entity.idField)).to.deep.equal(listed.ids);
        const first = listed.ids[0];
        const one = await search(entity.path, { [`${entity.idField}s`]: [first, 'no-such-id'] });
        expect(one.ids(entity.idField)).to.deep.equal([first]);
      });
    }
  });

  it('ORs the values of one member, ANDs members, and lets a term that matches nothing pass', async () => {
    const either = await search('germplasm', { germplasmNames: ['Williams 82', 'Essex', 'No Such Cultivar'] });
    expect(either.ids('germplasmDbId')).to.deep.equal(['soy-essex', 'soy-williams-82']);
    const both = await search('germplasm', { germplasmNames: ['Williams 82', 'Essex'], germplasmDbIds: ['soy-essex', 'soy-lee'] });
    expect(both.ids('germplasmDbId')).to.deep.equal(['soy-essex']);
    const none = await search('germplasm', { germplasmNames: ['Williams 82'], commonCropNames: ['Maize'] });
    expect(none.res.json.result.data).to.deep.equal([]);
    expect(none.res.json.metadata.status.map((s: any) => s.messageType)).to.include('INFO');
  });

  it('searches through relationships and by booleans (studies of a trial, active trials)', async () => {
    const studies = await search('studies', { trialDbIds: ['trial-uniform-soybean-2023'] });
    const listed = await api('GET', '/studies?trialDbId=trial-uniform-soybean-2023');
    expect(studies.ids('studyDbId')).to.deep.equal(listed.json.result.data.map((s: any) => s.studyDbId)).and.have.length.above(0);
    const [trial] = (await api('POST', '/trials', [{ trialName: 'Search inactive', active: false, commonCropName: 'SearchCrop' }])).json.result.data;
    const inactive = await search('trials', { active: false, commonCropNames: ['SearchCrop'] });
    expect(inactive.ids('trialDbId')).to.deep.equal([trial.trialDbId]);
    expect((await search('trials', { active: true, commonCropNames: ['SearchCrop'] })).ids('trialDbId')).to.deep.equal([]);
  });

  it('treats Start/End dates as inclusive bounds', async () => {
    const [t] = (await api('POST', '/trials', [{ trialName: 'Range edge', commonCropName: 'RangeCrop', startDate: '2030-03-01', endDate: '2030-06-30' }])).json.result.data;
    const hits = async (range: object) => (await search('trials', { commonCropNames: ['RangeCrop'], ...range })).ids('trialDbId');
    expect(await hits({ searchDateRangeStart: '2030-06-30' })).to.deep.equal([t.trialDbId]);
    expect(await hits({ searchDateRangeEnd: '2030-03-01' })).to.deep.equal([t.trialDbId]);
    expect(await hits({ searchDateRangeStart: '2030-07-01' })).to.deep.equal([]);
    expect(await hits({ searchDateRangeEnd: '2030-02-28' })).to.deep.equal([]);
  });

  it('keeps the results of one searchResultsDbId stable while matching records are added', async () => {
    const crop = `StableCrop-${Date.now()}`;
    await api('POST', '/germplasm', [1, 2, 3].map((i) => ({ germplasmName: `Stable ${i}`, commonCropName: crop })));
    const first = await search('germplasm', { commonCropNames: [crop] }, '?pageSize=2');
    const before = first.ids('germplasmDbId');
    // Writes after the search: more matching germplasm.
    await api('POST', '/germplasm', [4, 5].map((i) => ({ germplasmName: `Stable ${i}`, commonCropName: crop })));
    const page0 = await api('GET', `/search/germplasm/${first.id}?pageSize=2&page=0`);
    const page1 = await api('GET', `/search/germplasm/${first.id}?pageSize=2&page=1`);
    expect(page0.json.metadata.pagination.totalCount).to.equal(3);
    expect(page1.json.metadata.pagination.totalCount).to.equal(3);
    expect(page0.json.result.data.map((g: any) => g.germplasmDbId)).to.deep.equal(before);
    expect(page1.json.result.data).to.have.length(1);
    const fresh = await search('germplasm', { commonCropNames: [crop] });
    expect(fresh.res.json.metadata.pagination.totalCount).to.equal(5);
  });

  it('answers 404 in plain text for an unknown or expired searchResultsDbId', async () => {
    const unknown = await api('GET', '/search/germplasm/not-a-search');
    expect(unknown.status).to.equal(404);
    expect(unknown.headers.get('content-type')).to.match(/^text\/plain/);
    expect(unknown.text).to.contain('not-a-search');
    const { id } = await search('programs', {});
    // Another entity's search path does not serve it.
    expect((await api('GET', `/search/germplasm/${id}`)).status).to.equal(404);
    await server().graph.write('MATCH (s:SavedSearch {searchResultsDbId: $id}) SET s.expiresAt = $past', { id, past: Date.now() - 1 });
    const expired = await api('GET', `/search/programs/${id}`);
    expect(expired.status).to.equal(404);
    expect(expired.text).to.contain('expire');
    // The next search purges it.
    await search('programs', {});
    expect(await server().graph.read('MATCH (s:SavedSearch {searchResultsDbId: $id}) RETURN s', { id })).to.deep.equal([]);
  });

  it('answers 202 on GET while a slow search runs, then 200', async () => {
    await withSearchConfig({ testDelayMs: 1500, waitMs: 50 }, async () => {
      const posted = await api('POST', '/search/germplasm', { germplasmDbIds: ['soy-williams-82'] });
      expect(posted.status).to.equal(202);
      const id = posted.json.result.searchResultsDbId;
      const early = await api('GET', `/search/germplasm/${id}`);
      expect(early.status).to.equal(202);
      expectValidResponse('get', '/search/germplasm/{searchResultsDbId}', 202, early.json);
      expect(early.json.result.searchResultsDbId).to.equal(id);
      const res = await searchResults('germplasm', id);
      expect(res.status).to.equal(200);
      expect(res.json.result.data.map((g: any) => g.germplasmDbId)).to.deep.equal(['soy-williams-82']);
    });
  });

  it('answers 200 with the page at once in the immediate style', async () => {
    await withSearchConfig({ style: 'immediate' }, async () => {
      const res = await api('POST', '/search/germplasm', { germplasmNames: ['Williams 82', 'Essex', 'Forrest'], page: 1, pageSize: 2 });
      expect(res.status).to.equal(200);
      expectValidResponse('post', '/search/germplasm', 200, res.json);
      expect(res.json.metadata.pagination).to.include({ currentPage: 1, pageSize: 2, totalCount: 3 });
      expect(res.json.result.data.map((g: any) => g.germplasmDbId)).to.deep.equal(['soy-williams-82']);
    });
  });

  it('rejects a body of the wrong shape with 400 naming the member, and warns about members it cannot use', async () => {
    const wrongType = await api('POST', '/search/germplasm', { germplasmDbIds: 'soy-essex' });
    expect(wrongType.status).to.equal(400);
    expect(wrongType.text).to.contain('germplasmDbIds');
    const badEnum = await api('POST', '/search/programs', { programTypes: ['NOT_A_TYPE'] });
    expect(badEnum.status).to.equal(400);
    expect(badEnum.text).to.contain('programTypes');
    const badDate = await api('POST', '/search/trials', { searchDateRangeStart: 'yesterday' });
    expect(badDate.status).to.equal(400);
    expect(badDate.text).to.contain('searchDateRangeStart');
    expect((await api('POST', '/search/germplasm', [])).status).to.equal(400);
    const before = await count('MATCH (s:SavedSearch) RETURN count(s) AS n');
    const unknown = await api('POST', '/search/germplasm', { germplasmDbIds: ['soy-essex'], colour: ['green'] });
    expect(unknown.status).to.equal(202);
    expect(unknown.json.metadata.status.map((s: any) => s.message).join(' ')).to.contain('"colour"');
    const after = await count('MATCH (s:SavedSearch) RETURN count(s) AS n');
    expect(after).to.be.at.least(before);
  });
});
