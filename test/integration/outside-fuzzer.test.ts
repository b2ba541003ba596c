// What Schemathesis (scripts/schemathesis.sh, run in CI) found, each kept as a test of its own: pages past Cypher's
// list indexes, a pedigree node with members of the wrong type, a saved search that timed out, whole numbers larger
// than a JSON number holds, the Allow header of a fixed path, malformed values beside the parameter that wins, a
// missing list of calls, and the served document saying what the service checks.
import { expect } from 'chai';
import { DatabaseUnavailableError } from '../../src/errors.js';
import { BoltGraph } from '../../src/graph/bolt-transport.js';
import { createLogger } from '../../src/logger.js';
import { searchables } from '../../src/modules/registry.js';
import { startSearch } from '../../src/search/saved.js';
import { removeNodes } from '../support/graph.js';
import { api, server, testDatabase } from '../support/server.js';

// Enough work that no machine finishes it within the short timeouts below (the database stops it there).
const SLOW = 'UNWIND range(1, 200000000) AS x WITH sum(x) AS s RETURN [] AS ids';

describe('what the outside fuzzer found', () => {
  it('a page past 2^31 records answers an empty page, not a 500 (list, value list, pedigree, search results)', async () => {
    for (const path of ['/trials?page=3244756', '/traits?pageSize=41&page=150189720464', '/seedlots/transactions?page=3244756',
      '/commoncropnames?page=3244756', '/pedigree?page=3244756']) {
      const res = await api('GET', path);
      expect(res.status, `${path}: ${res.text}`).to.equal(200);
      expect(res.json.result.data, path).to.deep.equal([]);
      expect(res.json.metadata.pagination.totalCount, path).to.be.greaterThan(0);
    }
    const post = await api('POST', '/search/programs', {});
    const id = post.json.result.searchResultsDbId;
    const page = await api('GET', `/search/programs/${id}?page=3244756`);
    expect(page.status, page.text).to.equal(200);
    expect(page.json.result.data).to.deep.equal([]);
  });

  it('a pedigree node with externalReferences that is not an array is a 400 naming it, and nothing is written', async () => {
    const node = { germplasmDbId: 'st-bad-refs', germplasmName: 'St bad refs', externalReferences: { z: [] } };
    for (const [method, body] of [['POST', [node]], ['PUT', { 'st-bad-refs': node }], ['PUT', [node]]] as const) {
      const res = await api(method, '/pedigree', body);
      expect(res.status, `${method} ${res.text}`).to.equal(400);
      expect(res.text).to.contain('externalReferences');
    }
    expect((await api('GET', '/germplasm/st-bad-refs')).status).to.equal(404);
  });

  it('a whole number larger than 2^53 is a 400, not stored rounded', async () => {
    const before = (await api('GET', '/seasons?pageSize=1')).json.metadata.pagination.totalCount;
    // Sent as text: JSON.stringify would round it before it left.
    const res = await api('POST', '/seasons', '[{"seasonName": "huge", "year": 2116291995570725978112}]');
    expect(res.status, res.text).to.equal(400);
    expect(res.text).to.contain('year');
    expect((await api('GET', '/seasons?pageSize=1')).json.metadata.pagination.totalCount).to.equal(before);
    // Also where the service derives the member itself (a list's listSize counts its items).
    const lists = (await api('GET', '/lists?pageSize=1')).json.metadata.pagination.totalCount;
    const list = await api('POST', '/lists', '[{"listName": "huge", "listSize": 9007199254740992}]');
    expect(list.status, list.text).to.equal(400);
    expect(list.text).to.contain('listSize');
    expect((await api('GET', '/lists?pageSize=1')).json.metadata.pagination.totalCount).to.equal(lists);
  });

  it('a saved search that timed out answers 503 with Retry-After on read, not 500', async () => {
    const db = testDatabase();
    const impatient = new BoltGraph({ url: db.uri, user: db.user, password: db.password, timeoutMs: 300 });
    try {
      // The timeout itself is the database's state: 503, like any call that meets it.
      const err = await impatient.read(SLOW).then(() => null, (e: Error) => e);
      expect(err).to.be.instanceOf(DatabaseUnavailableError);
      const searchable = searchables.find((s) => s.path === 'programs')!;
      const config = { ...server().config, search: { ...server().config.search, waitMs: 5_000, testDelayMs: 0 } };
      const id = await startSearch({ graph: impatient, config, logger: createLogger('silent') }, searchable, { query: SLOW, params: {}, options: null as never }, null);
      const res = await api('GET', `/search/programs/${id}`);
      expect(res.status, res.text).to.equal(503);
      expect(res.headers.get('retry-after')).to.match(/^\d+$/);
      expect(res.text).to.contain('run the search again');
    } finally {
      await impatient.close();
    }
  });

  it('405 on a fixed path lists that path\'s methods only, not those of the {DbId} sibling that would match it', async () => {
    const res = await api('OPTIONS', '/seedlots/transactions');
    expect(res.status).to.equal(405);
    expect(res.headers.get('allow')).to.equal('GET, POST');
    const content = await api('OPTIONS', '/images/0/imagecontent');
    expect(content.status).to.equal(405);
    expect(content.headers.get('allow')).to.equal('GET, PUT');
  });

  it('a malformed value is refused even where another parameter makes it moot (a page token beside a page, a depth beside includeFullTree)', async () => {
    for (const path of ['/variants?pageToken=33c27874&page=0', '/calls?pageToken=x&page=0', '/pedigree?germplasmDbId=soy-williams-82&includeFullTree=true&progenyDepth=1001']) {
      const res = await api('GET', path);
      expect(res.status, `${path}: ${res.text}`).to.equal(400);
    }
    expect((await api('GET', '/variants?pageToken=1')).status).to.equal(200);
  });

  it('a whole-number filter beyond 2^53 is a 400, not a filter that matches nothing', async () => {
    for (const path of ['/observationunits', '/observations', '/observationunits/table', '/observations/table']) {
      const res = await api('GET', `${path}?observationUnitLevelOrder=9007199254740992`);
      expect(res.status, `${path}: ${res.text}`).to.equal(400);
      expect(res.text).to.contain('observationUnitLevelOrder');
      expect((await api('GET', `${path}?observationUnitLevelOrder=9007199254740991`)).status, path).to.equal(200);
    }
  });

  it('name suggestions past 2^31 answer an empty page, not a 500', async () => {
    const res = await api('GET', '/extensions/germplasm-suggestions?text=williams&page=9007199254740990&pageSize=1');
    expect(res.status, res.text).to.equal(200);
    expect(res.json.result.data).to.deep.equal([]);
    expect(res.json.metadata.pagination.totalCount).to.be.greaterThan(0);
  });

  it('a date-time bound of a date range: any valid offset and year (0043 is not 1943), compared as its UTC instant; an impossible offset is a 400', async () => {
    const ids = async (q: string) => (await api('GET', `/events?studyDbId=study-urbana-2024&pageSize=1000&${q}`)).json.result.data.map((e: { eventDbId: string }) => e.eventDbId).sort();
    const all = await ids('');
    expect(all.length).to.be.greaterThan(1);
    expect(await ids('dateRangeStart=0043-10-10T03:15:29.6%2B17:34')).to.deep.equal(all);
    expect(await ids('dateRangeEnd=0043-10-10')).to.deep.equal([]);
    // 2024-10-02T01:00+05:00 is 2024-10-01T20:00Z: the harvest on 2024-10-02 is after it (compared as text, it was not).
    const harvest = await ids('dateRangeStart=2024-10-02');
    expect(harvest.length).to.be.greaterThan(0);
    expect(await ids('dateRangeStart=2024-10-02T01:00:00%2B05:00')).to.deep.equal(harvest);
    expect((await api('GET', '/events?dateRangeStart=2024-10-02T01:00:00%2B99:00')).status).to.equal(400);
  });

  it('an empty number is a 400; an empty text is no filter', async () => {
    const res = await api('GET', '/observations?observationUnitLevelOrder=');
    expect(res.status, res.text).to.equal(400);
    expect(res.text).to.contain('observationUnitLevelOrder');
    const text = await api('GET', '/observations?observationUnitLevelName=&pageSize=1');
    expect(text.status, text.text).to.equal(200);
    expect(text.json.metadata.pagination.totalCount).to.equal((await api('GET', '/observations?pageSize=1')).json.metadata.pagination.totalCount);
  });

  it('PUT /calls needs its list of calls: no body is a 400, an empty list changes nothing', async () => {
    const before = (await api('GET', '/calls?pageSize=5')).json.result.data;
    const res = await api('PUT', '/calls');
    expect(res.status, res.text).to.equal(400);
    expect(res.text).to.contain('list of Call records');
    expect((await api('PUT', '/calls', [])).status).to.equal(200);
    expect((await api('GET', '/calls?pageSize=5')).json.result.data).to.deep.equal(before);
  });

  describe('the served document says what the service checks', () => {
    let doc: any;
    before(async () => {
      doc = (await api('GET', '/openapi.json')).json;
    });

    it('page is 0 or more and pageSize from 1 to BRAPI_MAX_PAGE_SIZE, in query strings and search bodies, as the service answers', async () => {
      const max = server().config.maxPageSize;
      expect(doc.components.parameters.page.schema).to.include({ minimum: 0 });
      expect(doc.components.parameters.pageSize.schema).to.include({ minimum: 1, maximum: max });
      expect(doc.components.schemas.ProgramSearchRequest.properties.pageSize).to.include({ minimum: 1, maximum: max });
      expect(doc.components.schemas.ProgramSearchRequest.properties.page).to.include({ minimum: 0 });
      expect((await api('POST', '/search/programs', { pageSize: 0 })).status).to.equal(400);
      expect((await api('GET', '/programs?page=-1')).status).to.equal(400);
      expect((await api('GET', `/programs?pageSize=${max + 1}`)).status).to.equal(400);
      expect((await api('GET', `/programs?pageSize=${max}`)).status).to.equal(200);
    });

    it('a write needs its body, and members the files list as required may be left out (as the service takes them)', async () => {
      expect(doc.paths['/programs'].post.requestBody.required).to.equal(true);
      expect(doc.paths['/search/programs'].post.requestBody.required).to.not.equal(true);
      expect((await api('POST', '/programs')).status).to.equal(400);
      expect(JSON.stringify(doc.components.schemas.ProgramNewRequest)).to.not.contain('"required"');
      const created = await api('POST', '/programs', [{ abbreviation: 'ST' }]);
      expect(created.status, created.text).to.equal(200);
      await removeNodes('Program', 'programDbId', [created.json.result.data[0].programDbId]);
    });

    it('bounds the allele matrix dimensions, page tokens and narrower page sizes as the service checks them; a search body is optional', async () => {
      const params = (path: string, method = 'get') => Object.fromEntries(doc.paths[path][method].parameters
        .map((p: any) => (p.$ref ? doc.components.parameters[p.$ref.split('/').pop()] : p))
        .map((p: any) => [p.name, p]));
      const matrix = params('/allelematrix');
      expect(matrix.dimensionVariantPage.schema).to.include({ minimum: 0 });
      expect(matrix.dimensionCallSetPageSize.schema).to.include({ minimum: 1, maximum: server().config.maxPageSize });
      expect((await api('GET', '/allelematrix?dimensionVariantPage=-1')).status).to.equal(400);
      const token = params('/variants').pageToken;
      expect(token.schema.pattern).to.equal('^[0-9]{1,15}$');
      expect(token.example).to.match(new RegExp(token.schema.pattern));
      expect(params('/extensions/germplasm-suggestions').pageSize.schema).to.include({ minimum: 1, maximum: 100 });
      expect((await api('GET', '/extensions/germplasm-suggestions?text=wi&pageSize=101')).status).to.equal(400);
      expect(params('/observationunits/table').observationUnitLevelRelationshipOrder.schema).to.include({ type: 'integer' });
      expect(doc.paths['/extensions/genomic-relationship'].get.responses).to.have.property('431');
      expect(doc.paths['/search/referencesets'].post.requestBody.required).to.equal(false);
      expect([200, 202]).to.include((await api('POST', '/search/referencesets')).status);
      // A date bounds a date-time range as well as a date-time does.
      expect(JSON.stringify(params('/observations').observationTimeStampRangeStart.schema)).to.contain('"format":"date"');
      expect((await api('GET', '/observations?observationTimeStampRangeStart=2023-01-01')).status).to.equal(200);
    });

    it('declares 404 where a request names DbIds outside the path (bulk PUT, deletes, saved searches) and 406 where Accept chooses the format', async () => {
      expect(doc.paths['/crosses'].put.responses).to.have.property('404');
      expect(doc.paths['/delete/images'].post.responses).to.have.property('404');
      expect(doc.paths['/observationunits/table'].get.responses).to.have.property('406');
      const accept = doc.paths['/observationunits/table'].get.parameters
        .map((p: any) => (p.$ref ? doc.components.parameters[p.$ref.split('/').pop()] : p))
        .find((p: any) => p.name === 'Accept');
      expect(accept.required).to.equal(false);
      expect((await api('PUT', '/crosses', { 'no-such-cross': { crossName: 'x' } })).status).to.equal(404);
      expect((await api('GET', '/observationunits/table', undefined, { accept: 'image/png' })).status).to.equal(406);
      // No Accept header: JSON.
      const res = await fetch(`${server().baseUrl}/observationunits/table`);
      expect(res.status).to.equal(200);
      expect(res.headers.get('content-type')).to.match(/^application\/json/);
    });
  });
});
