// The HTTP contract every endpoint shares (DESIGN.md, "The HTTP contract").
import { expect } from 'chai';
import { count } from '../support/graph.js';
import { removeVariantSets, removeVendorOrders, vendorOrderIds } from '../support/genotyping.js';
import { api, server } from '../support/server.js';
import { expectValidResponse } from '../support/schema.js';

async function raw(path: string, init?: RequestInit) {
  const res = await fetch(server().url + path, init);
  return { status: res.status, headers: res.headers, text: await res.text() };
}

describe('HTTP contract', () => {
  describe('envelope and pagination', () => {
    it('wraps lists in metadata + result.data with correct pagination figures', async () => {
      const res = await api('GET', '/germplasm?pageSize=7&page=2');
      expect(res.status).to.equal(200);
      expect(res.headers.get('content-type')).to.match(/^application\/json/);
      expectValidResponse('get', '/germplasm', 200, res.json);
      const { pagination, status, datafiles } = res.json.metadata;
      const total = await count('MATCH (g:Germplasm) RETURN count(g) AS n');
      expect(pagination).to.deep.equal({ currentPage: 2, pageSize: 7, totalCount: total, totalPages: Math.ceil(total / 7) });
      expect(status).to.deep.equal([]);
      expect(datafiles).to.deep.equal([]);
      expect(res.json.result.data).to.have.length(7);
    });

    it('defaults to page 0 and pageSize 1000', async () => {
      const res = await api('GET', '/germplasm');
      expect(res.json.metadata.pagination).to.include({ currentPage: 0, pageSize: 1000 });
      expect(res.json.result.data).to.have.length(1000);
    });

    it('gives disjoint, complete pages in a stable order', async () => {
      const pages = await Promise.all([0, 1, 2].map((p) => api('GET', `/germplasm?pageSize=50&page=${p}`)));
      const ids = pages.flatMap((p) => p.json.result.data.map((g: any) => g.germplasmDbId));
      expect(new Set(ids).size).to.equal(150);
      const whole = await api('GET', '/germplasm?pageSize=150');
      expect(whole.json.result.data.map((g: any) => g.germplasmDbId)).to.deep.equal(ids);
    });

    it('answers a page past the end with an empty list', async () => {
      const res = await api('GET', '/programs?page=999');
      expect(res.status).to.equal(200);
      expect(res.json.result.data).to.deep.equal([]);
      expect(res.json.metadata.pagination.currentPage).to.equal(999);
    });

    for (const query of ['page=-1', 'page=abc', 'page=1.5', 'pageSize=0', 'pageSize=x', 'pageSize=5001', 'page=']) {
      it(`rejects ${query} with a plain-text 400 naming the parameter`, async () => {
        const res = await api('GET', `/programs?${query}`);
        expect(res.status).to.equal(400);
        expect(res.headers.get('content-type')).to.match(/^text\/plain/);
        expect(res.text).to.match(/page(Size)? must be/);
      });
    }

    it('ignores unknown query parameters and says so in metadata.status', async () => {
      const res = await api('GET', '/programs?json=&colour=blue');
      expect(res.status).to.equal(200);
      const messages = res.json.metadata.status.map((s: any) => s.message).join(' ');
      expect(messages).to.contain('"json"').and.contain('"colour"');
      expect(res.json.metadata.status.every((s: any) => ['INFO', 'WARNING'].includes(s.messageType))).to.equal(true);
    });
  });

  describe('errors', () => {
    it('404 for an unknown path, in plain text', async () => {
      const res = await api('GET', '/no-such-thing');
      expect(res.status).to.equal(404);
      expect(res.headers.get('content-type')).to.match(/^text\/plain/);
      expect(res.text).to.contain('/no-such-thing');
    });

    it('405 with an Allow header for a known path and an unimplemented method', async () => {
      const res = await api('DELETE', '/programs/program-soybean-main');
      expect(res.status).to.equal(405);
      expect(res.headers.get('allow')).to.equal('GET, PUT');
      const list = await api('PATCH', '/serverinfo');
      expect(list.status).to.equal(405);
      expect(list.headers.get('allow')).to.equal('GET');
    });

    it('413 for a body over the size limit, and nothing is written', async () => {
      const before = await api('GET', '/programs?pageSize=1');
      const big = [{ programName: 'x'.repeat(2 * 1024 * 1024) }];
      const res = await api('POST', '/programs', big);
      expect(res.status).to.equal(413);
      expect(res.headers.get('content-type')).to.match(/^text\/plain/);
      const after = await api('GET', '/programs?pageSize=1');
      expect(after.json.metadata.pagination.totalCount).to.equal(before.json.metadata.pagination.totalCount);
    });

    it('echoes a sane X-Request-Id and makes one up otherwise', async () => {
      const given = await api('GET', '/serverinfo', undefined, { 'x-request-id': 'trace-123' });
      expect(given.headers.get('x-request-id')).to.equal('trace-123');
      const hostile = await api('GET', '/serverinfo', undefined, { 'x-request-id': 'a b<script>' });
      expect(hostile.headers.get('x-request-id')).to.match(/^[0-9a-f-]{36}$/);
    });
  });

  describe('health and readiness (outside the BrAPI prefix)', () => {
    it('/health and /ready answer 200 while the database is up', async () => {
      expect((await raw('/health')).status).to.equal(200);
      const ready = await raw('/ready');
      expect(ready.status).to.equal(200);
      expect(ready.text).to.equal('ready');
    });
  });

  describe('GET /serverinfo', () => {
    it('lists exactly the routes that exist, named the way BRAVA matches them', async function () {
      // Some 300 calls, each route's statements planned for the first time when the file runs first in its lane.
      this.timeout(120_000);
      const res = await api('GET', '/serverinfo');
      expect(res.status).to.equal(200);
      expectValidResponse('get', '/serverinfo', 200, res.json);
      const calls = res.json.result.calls as Array<{ service: string; methods: string[]; versions: string[] }>;
      const byService = Object.fromEntries(calls.map((c) => [c.service, c.methods]));
      expect(byService).to.deep.include({
        serverinfo: ['GET'],
        commoncropnames: ['GET'],
        programs: ['GET', 'POST'],
        'programs/{programDbId}': ['GET', 'PUT'],
        germplasm: ['GET', 'POST'],
        'germplasm/{germplasmDbId}': ['GET', 'PUT'],
      });
      for (const call of calls) {
        expect(call.service).to.not.match(/^\/|brapi/);
        expect(call.versions).to.deep.equal(['2.1']);
      }
      // Every listed method answers: not 405, and not the router's "no such path" 404.
      for (const call of calls) {
        for (const method of call.methods) {
          const path = '/' + call.service.replace(/\{\w+\}/g, 'no-such-id');
          // An empty body of the call's shape: a search or delete request, an extract request (of everything), an
          // order or plate submission (an empty one), a list of records (PUT /calls takes a list of calls), or a map
          // keyed by DbId (the other bulk PUTs).
          const objects = ['/variantsets/extract', '/vendor/orders', '/vendor/plates'];
          const list = method === 'POST' ? !/^\/(search|delete)\//.test(path) && !objects.includes(path) : path === '/calls';
          const body = method === 'GET' ? undefined : list ? [] : {};
          const ordersBefore = method === 'POST' && path.startsWith('/vendor/') ? await vendorOrderIds() : [];
          const res = await api(method, path, body);
          // The extract made a variant set of every stored call: removed, so others count the same genotyping data;
          // likewise the empty order.
          if (path === '/variantsets/extract' && res.status === 200) await removeVariantSets([res.json.result.variantSetDbId]);
          if (method === 'POST' && path.startsWith('/vendor/')) await removeVendorOrders((await vendorOrderIds()).filter((id) => !ordersBefore.includes(id)));
          expect(res.status, `${method} ${path}`).to.not.equal(405);
          expect(res.text, `${method} ${path}`).to.not.match(/^No such path/);
          // A search is saved (202) by default.
          const ok = path.startsWith('/search/') && method === 'POST' ? 202 : 200;
          if (!path.includes('no-such-id')) expect(res.status, `${method} ${path}`).to.equal(ok);
        }
      }
      const health = calls.find((c) => c.service.includes('health') || c.service.includes('ready'));
      expect(health).to.equal(undefined);
    });

    it('every listed call is an operation of the official v2.1 spec', async () => {
      const { loadSpec } = await import('../../src/openapi/spec.js');
      const spec = loadSpec();
      const res = await api('GET', '/serverinfo');
      for (const call of res.json.result.calls) {
        for (const method of call.methods) {
          expect(spec.hasOperation(method.toLowerCase(), '/' + call.service), `${method} /${call.service}`).to.equal(true);
        }
      }
    });

    it('filters by contentType and rejects an unknown one', async () => {
      expect((await api('GET', '/serverinfo?contentType=text/csv')).json.result.calls).to.deep.equal([]);
      expect((await api('GET', '/serverinfo?contentType=application/json')).json.result.calls.length).to.be.greaterThan(5);
      expect((await api('GET', '/serverinfo?contentType=image/png')).status).to.equal(400);
    });
  });

  describe('GET /commoncropnames', () => {
    it('lists the distinct crop names of programs and germplasm, sorted', async () => {
      const res = await api('GET', '/commoncropnames');
      expect(res.status).to.equal(200);
      expectValidResponse('get', '/commoncropnames', 200, res.json);
      const names = res.json.result.data as string[];
      expect(names).to.include('Soybean');
      expect([...names].sort()).to.deep.equal(names);
      expect(new Set(names).size).to.equal(names.length);
      const paged = await api('GET', '/commoncropnames?pageSize=1&page=0');
      expect(paged.json.result.data).to.deep.equal(names.slice(0, 1));
      expect(paged.json.metadata.pagination.totalCount).to.equal(names.length);
    });
  });
});
